// PE Lab — core/io/query.h
// `key=value` text in and out, before any value is parsed: splitting a query ("a=1&b=2", percent-decoded) and
// argv-style arguments into pairs, joining pairs back, and the limits every untrusted door (URL hash,
// postMessage, setState, desktop argv, CLI) applies first. Parsing the values is core/io/params.h.
// Part of `core`: standard library only.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace pelab {

// A problem found while parsing. The message names the key and its valid range, e.g.
// "L: 500 is out of range 1..64; using 64".
struct ParamIssue {
    std::string key;
    std::string message;
};

using KeyValues = std::vector<std::pair<std::string, std::string>>;

// Limits on untrusted input, checked by read_query / read_arguments before anything else:
// longer input is refused whole (one issue with key "input"), and pairs past the 256th are not read (one
// issue "... and N more ignored"). They bound every later step: parsing, issue lists, messages.
constexpr std::size_t kMaxInputBytes = 65536;
constexpr std::size_t kMaxInputPairs = 256;

// The issue for input of `bytes` bytes over kMaxInputBytes: key "input",
// "input too long (N bytes, limit 65,536)".
ParamIssue input_too_long(std::size_t bytes);

// Untrusted query text from any door (URL hash, postMessage, setState, mount's query): refused when over
// kMaxInputBytes (the text is not looked at), else split_query capped at kMaxInputPairs. Problems are
// appended to *issues.
KeyValues read_query(const char* text, std::size_t bytes, std::vector<ParamIssue>* issues);
KeyValues read_query(const std::string& query, std::vector<ParamIssue>* issues);
// Untrusted argv-style "key=value" strings (desktop, CLI): the same limits, counted over all arguments
// (each argument plus one separator, as if joined with '&').
KeyValues read_arguments(const std::vector<std::string>& args, std::vector<ParamIssue>* issues);

// Splits "a=1&b=2" (a leading '#' or '?' is skipped; %XX and '+' are decoded) into pairs.
// A piece without '=' becomes (piece, "") and is reported by parse_params as malformed.
// For text the program made itself; untrusted text goes through read_query.
KeyValues split_query(const std::string& query);
// Joins pairs back into "a=1&b=2", percent-encoding what needs it.
std::string join_query(const KeyValues& kv);

}  // namespace pelab
