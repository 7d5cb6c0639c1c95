// PE Lab — core/io/text.h
// The one place that turns untrusted or arbitrary text into something safe to show or to embed:
// printable echoes for messages (terminal, notice, stderr), JSON string literals and numbers, CSV fields. Every front end
// (widget, desktop, CLI, exports, the GPU check's report) uses these, so the rules are written once.
#pragma once
#include <cstddef>
#include <string>

namespace pelab {

// How much of a key or value any message echoes back.
constexpr std::size_t kShownTextBytes = 64;

// `s` as it may appear inside a one-line message: at most kShownTextBytes bytes of it (never cut inside a
// UTF-8 character; "..." marks the cut), with every control character (C0, DEL, C1), backslash, double
// quote and every byte that is not part of valid UTF-8 written as \xNN. The result holds no byte a
// terminal would act on.
std::string printable(const std::string& s);
// printable(s) in double quotes: how messages show a value.
std::string quoted(const std::string& s);
// A key at the start of a message: bare when it is a short plain identifier, else quoted().
std::string shown_key(const std::string& key);

// A JSON string literal (quotes included) holding `s`: '"', '\\' and control characters escaped.
std::string json_string(const std::string& s);

// The one writer of numbers as decimal text, in two named forms:
//   shortest  the shortest decimal (15 to 17 significant digits) that reads back as the same double: where the
//             contract is a round trip in few digits (parameters, URLs, the lab's files and results);
//   digits17  always 17 significant digits: the data writers' (a figure's CSV and JSON), whose readers compare
//             every digit of every number alike.
// Both write ±0 as "0"; a non-finite x is "nan", "inf" or "-inf".
enum class NumberForm { shortest, digits17 };
std::string number_text(double x, NumberForm form = NumberForm::shortest);
// number_text as a JSON number: null when x is not finite (JSON has neither NaN nor infinity).
std::string json_number(double x, NumberForm form = NumberForm::shortest);

// A CSV field holding `s` (RFC 4180): as it is, or in double quotes with every '"' doubled when it holds a
// comma, a double quote or a line break.
std::string csv_cell(const std::string& s);

// Numbers shown to people: the one minus rule and the one digit grouping, used by the lessons' texts and the
// views' labels alike.
// U+2212 MINUS SIGN, for text that writes a sign itself ("x − 1").
extern const char kMinus[];
// kMinus for a leading '-' and in an exponent ("-1e-05" → "−1e−05").
std::string typeset_minus(std::string s);
// n with its digits grouped by thousands ("65,536") when `group`, else plain ("65536": Chinese texts write
// counts plainly); U+2212 before a negative n.
std::string grouped_integer(long long n, bool group = true);
// 65536 → "65,536": byte counts and limits in messages.
std::string grouped_number(unsigned long long n);

}  // namespace pelab
