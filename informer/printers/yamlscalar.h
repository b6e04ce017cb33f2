#pragma once

// Internal to informer-printers: one string (a key or a value) as go-yaml
// v2's emitter writes it in block context, as kubectl prints it: the style
// it picks (plain, single-quoted, double-quoted with escapes, literal block)
// and, given a line width, the lines it folds the string over. Pure;
// thread-safe.

#include <QString>

#include <limits>

namespace informant::printers_detail {

// go-yaml's emitter indents nested blocks by two spaces (best_indent); the
// same digit is the indentation hint of a literal block that starts with a
// space ("|2").
constexpr int kYamlIndentSpaces = 2;
constexpr int kUnlimitedLineWidthChars = std::numeric_limits<int>::max();

// Where go-yaml writes a string: the column of its first character (or of
// its opening quote or "|"), the indentation of its further lines, and the
// width past which a space in it breaks the line. go-yaml counts one column
// per character, whatever its UTF-8 length or its width on screen.
struct YamlScalarPlacement
{
    int column = 0;
    int indent = 0;
    int lineWidthChars = kUnlimitedLineWidthChars;
};

// go-yaml writes `key` as a simple key ("key: value"): on one line, and
// short enough; else as a complex one ("? key", then ": value").
bool isSimpleYamlKey(const QString &key);

// `text` as go-yaml writes it at `placement`; a literal block ends with its
// newline, the other styles do not. A simple key is never folded, nor a
// literal block.
QString yamlString(const QString &text, const YamlScalarPlacement &placement, bool simpleKey);

} // namespace informant::printers_detail
