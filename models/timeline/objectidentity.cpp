#include "models/timeline/objectidentity.h"

#include "models/clusterrowkey.h"

namespace informant {

namespace {

// Only the core Node; a custom resource that happens to be called Node is not
// what the kubelet reports about. The kubelet's reference names no apiVersion.
bool isCoreNode(const InvolvedObject &object)
{
    return object.kind == u"Node" && object.namespaceName.isEmpty() &&
           (object.apiVersion.isEmpty() || object.apiVersion == u"v1");
}

} // namespace

InvolvedObject referenceTo(const KubeObject &object)
{
    InvolvedObject reference;
    reference.kind = object.kind();
    reference.namespaceName = object.namespaceName();
    reference.name = object.name();
    reference.uid = object.uid();
    reference.apiVersion = object.apiVersion();
    return reference;
}

QString knownObjectUid(const InvolvedObject &object)
{
    if (isCoreNode(object) && object.uid == object.name)
        return {};
    return object.uid;
}

bool isIdentifiedByName(const InvolvedObject &object)
{
    return isCoreNode(object) || object.uid.isEmpty();
}

QString objectNameKey(QStringView kind, QStringView namespaceName, QStringView name)
{
    QString key;
    key.reserve(kind.size() + namespaceName.size() + name.size() + 2);
    key.append(kind).append(u'/').append(namespaceName).append(u'/').append(name);
    return key;
}

QString objectKey(const InvolvedObject &object)
{
    if (!isIdentifiedByName(object))
        return object.uid;
    const QString key = objectNameKey(object.kind, object.namespaceName, object.name);
    return object.cluster.isEmpty() ? key : clusterRowKey(object.cluster, key);
}

} // namespace informant
