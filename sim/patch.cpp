#include "sim/patch.h"

#include <QJsonArray>
#include <QJsonObject>

namespace informant::sim {

QJsonValue applyMergePatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isObject())
        return patch;
    QJsonObject result = target.isObject() ? target.toObject() : QJsonObject();
    const QJsonObject patchObject = patch.toObject();
    for (auto it = patchObject.begin(); it != patchObject.end(); ++it) {
        if (it.value().isNull())
            result.remove(it.key());
        else
            result.insert(it.key(), applyMergePatch(result.value(it.key()), it.value()));
    }
    return result;
}

namespace {

const char *const kMergeKeys[] = {"name", "containerPort", "mountPath", "ip", "devicePath", "type"};

QString mergeKeyOf(const QJsonArray &patchList)
{
    for (const char *key : kMergeKeys) {
        bool all = !patchList.isEmpty();
        for (const QJsonValue &element : patchList) {
            if (!element.isObject() || !element.toObject().contains(QLatin1String(key))) {
                all = false;
                break;
            }
        }
        if (all)
            return QLatin1String(key);
    }
    return QString();
}

QJsonValue mergeList(const QJsonArray &target, const QJsonArray &patch, const QString &key,
                     const QJsonArray &order)
{
    QList<QJsonObject> merged;
    for (const QJsonValue &element : target)
        merged.append(element.toObject());
    for (const QJsonValue &element : patch) {
        QJsonObject patchElement = element.toObject();
        const QJsonValue id = patchElement.value(key);
        const auto it = std::find_if(merged.begin(), merged.end(), [&](const QJsonObject &object) {
            return object.value(key) == id;
        });
        if (patchElement.value(QLatin1String("$patch")).toString() == QLatin1String("delete")) {
            if (it != merged.end())
                merged.erase(it);
            continue;
        }
        if (it != merged.end())
            *it = applyStrategicMergePatch(*it, patchElement).toObject();
        else
            merged.append(applyStrategicMergePatch(QJsonObject(), patchElement).toObject());
    }
    QJsonArray out;
    for (const QJsonValue &wanted : order) {
        const QJsonValue id = wanted.toObject().value(key);
        for (qsizetype i = 0; i < merged.size(); ++i) {
            if (merged[i].value(key) == id) {
                out.append(merged.takeAt(i));
                break;
            }
        }
    }
    for (const QJsonObject &rest : merged)
        out.append(rest);
    return out;
}

} // namespace

QJsonValue applyStrategicMergePatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isObject())
        return patch;
    QJsonObject result = target.isObject() ? target.toObject() : QJsonObject();
    const QJsonObject patchObject = patch.toObject();
    if (patchObject.value(QLatin1String("$patch")).toString() == QLatin1String("replace")) {
        QJsonObject replaced = patchObject;
        replaced.remove(QLatin1String("$patch"));
        return replaced;
    }
    for (auto it = patchObject.begin(); it != patchObject.end(); ++it) {
        const QString name = it.key();
        if (name.startsWith(QLatin1Char('$')))
            continue; // directives ($setElementOrder, $retainKeys, $patch, ...)
        if (it.value().isNull()) {
            result.remove(name);
        } else if (it.value().isArray()) {
            const QJsonArray patchList = it.value().toArray();
            const QString key = mergeKeyOf(patchList);
            const QJsonValue order = patchObject.value(QStringLiteral("$setElementOrder/") + name);
            if (key.isEmpty() || !result.value(name).isArray())
                result.insert(name, key.isEmpty() ? QJsonValue(patchList)
                                                  : mergeList({}, patchList, key, order.toArray()));
            else
                result.insert(
                    name, mergeList(result.value(name).toArray(), patchList, key, order.toArray()));
        } else {
            result.insert(name, applyStrategicMergePatch(result.value(name), it.value()));
        }
    }
    // An order list alone (elements removed by the patch's other directives).
    for (auto it = patchObject.begin(); it != patchObject.end(); ++it) {
        if (!it.key().startsWith(QLatin1String("$setElementOrder/")))
            continue;
        const QString name = it.key().mid(17);
        if (!patchObject.contains(name) && result.value(name).isArray()) {
            const QString key = mergeKeyOf(it.value().toArray());
            if (!key.isEmpty())
                result.insert(
                    name, mergeList(result.value(name).toArray(), {}, key, it.value().toArray()));
        }
    }
    return result;
}

namespace {

QStringList pointerTokens(const QString &pointer)
{
    QStringList tokens = pointer.split(QLatin1Char('/'));
    tokens.removeFirst();
    for (QString &token : tokens)
        token.replace(QLatin1String("~1"), QLatin1String("/"))
            .replace(QLatin1String("~0"), QLatin1String("~"));
    return tokens;
}

// Applies `op` at `tokens` inside `value`; false if the path does not resolve.
bool modify(QJsonValue &value, QStringList tokens, const QString &op, const QJsonValue &operand,
            QJsonValue *removed)
{
    const QString token = tokens.takeFirst();
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        if (tokens.isEmpty()) {
            if (op != QLatin1String("add") && !object.contains(token))
                return false;
            if (removed)
                *removed = object.value(token);
            if (op == QLatin1String("remove"))
                object.remove(token);
            else
                object.insert(token, operand);
        } else {
            QJsonValue child = object.value(token);
            if (child.isUndefined() || !modify(child, tokens, op, operand, removed))
                return false;
            object.insert(token, child);
        }
        value = object;
        return true;
    }
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        const qsizetype index = token == QLatin1String("-") ? array.size() : token.toLongLong();
        if (index < 0 || index > array.size() ||
            (index == array.size() && op != QLatin1String("add")))
            return false;
        if (tokens.isEmpty()) {
            if (removed && index < array.size())
                *removed = array.at(index);
            if (op == QLatin1String("add"))
                array.insert(index, operand);
            else if (op == QLatin1String("remove"))
                array.removeAt(index);
            else
                array.replace(index, operand);
        } else {
            QJsonValue child = array.at(index);
            if (!modify(child, tokens, op, operand, removed))
                return false;
            array.replace(index, child);
        }
        value = array;
        return true;
    }
    return false;
}

std::optional<QJsonValue> valueAt(const QJsonValue &root, const QStringList &tokens)
{
    QJsonValue value = root;
    for (const QString &token : tokens) {
        if (value.isObject() && value.toObject().contains(token))
            value = value.toObject().value(token);
        else if (value.isArray() && token.toLongLong() < value.toArray().size())
            value = value.toArray().at(token.toLongLong());
        else
            return std::nullopt;
    }
    return value;
}

} // namespace

Result<QJsonValue> applyJsonPatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isArray())
        return makeError(QStringLiteral("json patch must be an array of operations"));
    QJsonValue result = target;
    for (const QJsonValue &operationValue : patch.toArray()) {
        const QJsonObject operation = operationValue.toObject();
        const QString op = operation.value(QLatin1String("op")).toString();
        const QString path = operation.value(QLatin1String("path")).toString();
        const QStringList tokens = pointerTokens(path);
        QJsonValue operand = operation.value(QLatin1String("value"));
        if (op == QLatin1String("test")) {
            if (valueAt(result, tokens) != operand)
                return makeError(QStringLiteral("testing value %1 failed").arg(path));
            continue;
        }
        if (op == QLatin1String("move") || op == QLatin1String("copy")) {
            const QStringList from =
                pointerTokens(operation.value(QLatin1String("from")).toString());
            const auto source = valueAt(result, from);
            if (!source)
                return makeError(
                    QStringLiteral("%1 operation does not apply: from path does not exist")
                        .arg(op));
            operand = *source;
            if (op == QLatin1String("move") &&
                !modify(result, from, QStringLiteral("remove"), {}, nullptr))
                return makeError(QStringLiteral("move operation does not apply"));
        }
        const QString effective = (op == QLatin1String("move") || op == QLatin1String("copy"))
                                      ? QStringLiteral("add")
                                      : op;
        if (tokens.isEmpty()) {
            result = operand;
            continue;
        }
        if (!modify(result, tokens, effective, operand, nullptr))
            return makeError(
                QStringLiteral("%1 operation does not apply: doc is missing path: \"%2\"")
                    .arg(op, path));
    }
    return result;
}

} // namespace informant::sim
