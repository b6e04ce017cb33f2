#pragma once

// YAML text for a JSON value as `kubectl get -o yaml` prints it: kubectl
// (sigs.k8s.io/yaml) writes the object as JSON, reads that back with go-yaml
// v2 and lets go-yaml v2 write it, so this mirrors go-yaml v2's encoder.
// - Block style, two-space indent, list items at their key's indent.
// - Keys in go-yaml v2's order ("a9" before "a10", letters before other
//   characters).
// - Integers exactly (int64); other numbers as Go's shortest form
//   (strconv.FormatFloat 'g' -1: 0.1, 1.5e+06, 1e-07), .inf, -.inf, .nan.
// - A string (key or value) is plain when go-yaml would read it back as the
//   same string, double-quoted when plain would read as another type (true,
//   1.5, null, 0o17, 1:20, timestamps) or it holds characters YAML cannot
//   print, single-quoted when it merely cannot be plain ('x: y', '- a'), a
//   literal block ("|", "|-", "|2-", "|+") when it has several lines.
// - Long strings folded as kubectl folds them, on request: a space in a line
//   already longer than 80 characters becomes a line break (go-yaml's rules
//   say which spaces may) and the string goes on at its indentation, so a
//   nested value folds sooner. Simple keys and literal blocks never fold.
// The one YAML writer: the YAML and History tabs (unfolded: the window wraps
// long lines itself, and a value cut over several lines reads and diffs
// worse) and informantctl -o yaml (folded, as kubectl).
// Pure; thread-safe.

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace informant {

enum class YamlFolding {
    None,      // each scalar on one line
    AsKubectl, // at go-yaml v2's best width, 80 characters
};

QString toYaml(const QJsonValue &value, YamlFolding folding = YamlFolding::None);

// A JSON number as kubectl's JSON writes it (Go's encoding/json): integers
// that fit int64 exactly, others in Go's shortest form ("0.1", "1e+21",
// "1e-7"). kubectl's YAML numbers derive from this text too.
QByteArray toKubectlJsonNumber(const QJsonValue &number);

} // namespace informant
