#include "informer/core/domwriter.h"

#include <charconv>

namespace informant::detail {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void appendNumber(simdjson::dom::element element, QByteArray &out)
{
    char buffer[40];
    std::to_chars_result result{};
    switch (element.type()) {
    case simdjson::dom::element_type::INT64:
        result = std::to_chars(buffer, buffer + sizeof buffer, int64_t(element));
        break;
    case simdjson::dom::element_type::UINT64:
        result = std::to_chars(buffer, buffer + sizeof buffer, uint64_t(element));
        break;
    default:
        result = std::to_chars(buffer, buffer + sizeof buffer, double(element));
        break;
    }
    out.append(buffer, result.ptr - buffer);
}

} // namespace

void appendJsonString(std::string_view text, QByteArray &out)
{
    out.append('"');
    const char *runStart = text.data();
    const char *end = text.data() + text.size();
    for (const char *p = runStart; p != end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(runStart, p - runStart);
        switch (c) {
        case '"': out.append("\\\"", 2); break;
        case '\\': out.append("\\\\", 2); break;
        case '\n': out.append("\\n", 2); break;
        case '\r': out.append("\\r", 2); break;
        case '\t': out.append("\\t", 2); break;
        case '\b': out.append("\\b", 2); break;
        case '\f': out.append("\\f", 2); break;
        default: {
            const char escaped[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
            out.append(escaped, 6);
        }
        }
        runStart = p + 1;
    }
    out.append(runStart, end - runStart);
    out.append('"');
}

void writeMinifiedJson(simdjson::dom::element element, QByteArray &out)
{
    using Type = simdjson::dom::element_type;
    switch (element.type()) {
    case Type::OBJECT: {
        out.append('{');
        bool first = true;
        for (auto field : simdjson::dom::object(element)) {
            if (!first)
                out.append(',');
            first = false;
            appendJsonString(field.key, out);
            out.append(':');
            writeMinifiedJson(field.value, out);
        }
        out.append('}');
        break;
    }
    case Type::ARRAY: {
        out.append('[');
        bool first = true;
        for (auto child : simdjson::dom::array(element)) {
            if (!first)
                out.append(',');
            first = false;
            writeMinifiedJson(child, out);
        }
        out.append(']');
        break;
    }
    case Type::STRING:
        appendJsonString(std::string_view(element), out);
        break;
    case Type::INT64:
    case Type::UINT64:
    case Type::DOUBLE:
        appendNumber(element, out);
        break;
    case Type::BOOL:
        out.append(bool(element) ? "true" : "false");
        break;
    case Type::NULL_VALUE:
        out.append("null", 4);
        break;
    }
}

void writeObjectWithoutManagedFields(simdjson::dom::object object, QByteArray &out)
{
    out.append('{');
    bool first = true;
    for (auto field : object) {
        if (!first)
            out.append(',');
        first = false;
        appendJsonString(field.key, out);
        out.append(':');
        if (field.key == "metadata" && field.value.is_object()) {
            out.append('{');
            bool firstMeta = true;
            for (auto meta : simdjson::dom::object(field.value)) {
                if (meta.key == "managedFields")
                    continue;
                if (!firstMeta)
                    out.append(',');
                firstMeta = false;
                appendJsonString(meta.key, out);
                out.append(':');
                writeMinifiedJson(meta.value, out);
            }
            out.append('}');
        } else {
            writeMinifiedJson(field.value, out);
        }
    }
    out.append('}');
}

simdjson::dom::parser &threadParser()
{
    thread_local simdjson::dom::parser parser;
    return parser;
}

} // namespace informant::detail
