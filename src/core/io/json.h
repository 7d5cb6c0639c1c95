// PE Lab — core/io/json.h
// The one JSON reader: a strict parser (RFC 8259 grammar, nesting at most 64 levels deep) into a small tree, and
// the shortest number texts that read back to the same value. The lab's files (core/lab/lab_weights.h), the
// lab board's messages and reference runs (lessons/length_lab/lab_board.cpp) and the tests read JSON through it,
// so they accept and refuse the same text with the same line-and-column message. Writing JSON goes through
// json_string and json_number (core/io/text.h) and format.h.
// Part of `core`: standard library only.
//
// [SECTION] values and parsing
// [SECTION] numbers as text
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace pelab::json {

// [SECTION] values and parsing
// A JSON value as its readers need it: arrays of numbers are kept as one vector of doubles.
struct Value {
    enum class Kind { null, boolean, number, string, array, object };
    Kind kind = Kind::null;
    bool boolean = false;
    double number = 0.0;
    std::string text;                                     // string
    std::vector<double> numbers;                          // array whose items are all numbers
    std::vector<Value> items;                             // any other array
    std::vector<std::pair<std::string, Value>> members;   // object, in file order
    bool number_array() const { return kind == Kind::array && items.empty(); }
    const Value* member(const std::string& key) const;    // nullptr when absent (objects only)
};
// Parses `text` (one JSON value, nothing after it but white space) into *out. "" on success, else
// "line L, column C: <what was expected>". Nesting deeper than 64 levels is refused; a key given twice in an
// object is refused; a \u escape beyond ASCII is kept as '?'; a number beyond double range reads as ±inf (the
// caller says which value).
std::string parse(const std::string& text, Value* out);

// [SECTION] numbers as text
// The shortest decimal that reads back as the same float (a float's digits: the lab's weights; a double's are
// number_text's, core/io/text.h).
std::string float_text(float x);

}  // namespace pelab::json
