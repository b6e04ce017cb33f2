#include "sim/objectfilter.h"

namespace informant::sim {

namespace {

// Splits on `separator` outside backslash escapes (fields.ParseSelector).
QStringList splitUnescaped(const QString &text, QChar separator)
{
    QStringList out;
    QString current;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('\\') && i + 1 < text.size()) {
            current += text[i];
            current += text[++i];
        } else if (text[i] == separator) {
            out.append(current);
            current.clear();
        } else {
            current += text[i];
        }
    }
    out.append(current);
    return out;
}

QString unescape(const QString &value)
{
    QString out;
    for (qsizetype i = 0; i < value.size(); ++i) {
        if (value[i] == QLatin1Char('\\') && i + 1 < value.size())
            ++i;
        out += value[i];
    }
    return out;
}

// events.k8s.io/v1 field names over the stored core/v1 fields.
QString storedPath(const ResourceType &type, const QString &path)
{
    if (type.view != ObjectView::EventsK8sIoV1)
        return path;
    if (path.startsWith(QLatin1String("regarding.")))
        return QStringLiteral("involvedObject.") + path.mid(10);
    if (path == QLatin1String("reportingController"))
        return QStringLiteral("reportingComponent");
    return path;
}

} // namespace

Result<QList<FieldRequirement>> parseFieldSelector(const QString &text)
{
    QList<FieldRequirement> out;
    for (const QString &part : splitUnescaped(text, QLatin1Char(','))) {
        if (part.trimmed().isEmpty())
            continue;
        FieldRequirement requirement;
        qsizetype at = part.indexOf(QLatin1String("!="));
        qsizetype length = 2;
        requirement.negated = at >= 0;
        if (at < 0) {
            at = part.indexOf(QLatin1String("=="));
            if (at < 0) {
                at = part.indexOf(QLatin1Char('='));
                length = 1;
            }
        }
        if (at <= 0)
            return makeError(
                QStringLiteral("invalid selector: '%1'; can't understand '%2'").arg(text, part));
        requirement.path = part.left(at).trimmed();
        requirement.value = unescape(part.mid(at + length));
        out.append(requirement);
    }
    return out;
}

Result<ObjectFilter> ObjectFilter::fromRequest(const HttpRequest &request, const ResourceType &type,
                                               const QString &namespaceName)
{
    ObjectFilter filter;
    filter.namespaceName = namespaceName;
    Result<LabelSelector> labels =
        LabelSelector::parse(request.param(QStringLiteral("labelSelector")));
    if (!labels.ok()) // worded as labels.Parse words it, which the API server passes on
        return labels.error();
    filter.labels = labels.value();
    Result<QList<FieldRequirement>> fields =
        parseFieldSelector(request.param(QStringLiteral("fieldSelector")));
    if (!fields.ok())
        return fields.error();
    for (FieldRequirement requirement : fields.value()) {
        requirement.path = storedPath(type, requirement.path);
        const bool known = requirement.path == QLatin1String("metadata.name") ||
                           requirement.path == QLatin1String("metadata.namespace") ||
                           type.fieldPaths.contains(requirement.path) ||
                           (type.view == ObjectView::EventsK8sIoV1 &&
                            requirement.path.startsWith(QLatin1String("involvedObject.")));
        if (!known)
            return makeError(QStringLiteral("field label not supported: %1").arg(requirement.path));
        filter.fields.append(requirement);
    }
    return filter;
}

bool ObjectFilter::matches(const StoredObject &object) const
{
    if (!namespaceName.isEmpty() && object.namespaceName != namespaceName)
        return false;
    if (!labels.isEmpty() && !labels.matches(object.labels))
        return false;
    for (const FieldRequirement &requirement : fields) {
        if ((object.field(requirement.path) == requirement.value) == requirement.negated)
            return false;
    }
    return true;
}

} // namespace informant::sim
