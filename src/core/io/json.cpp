// PE Lab — core/io/json.cpp
// Implements json.h: a recursive-descent parser over the text, one character at a time, that reports the first
// problem with its line and column, and the shortest number texts.
//
// [SECTION] the parser
// [SECTION] numbers as text
#include "core/io/json.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/io/text.h"

namespace pelab::json {

// [SECTION] the parser
const Value* Value::member(const std::string& key) const {
    for (const auto& m : members)
        if (m.first == key) return &m.second;
    return nullptr;
}

namespace detail {

constexpr int kMaxDepth = 64;

class Parser {
public:
    explicit Parser(const std::string& text) : s_(text) {}

    std::string run(Value* out) {
        skip_space();
        if (!value(out, 0)) return error_;
        skip_space();
        if (at_ < s_.size()) return where() + "unexpected text after the JSON value";
        return "";
    }

private:
    const std::string& s_;
    std::size_t at_ = 0;
    std::string error_;

    std::string where() const {
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < at_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') ++line, column = 1;
            else ++column;
        }
        return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
    }
    bool fail(const std::string& what) {
        if (error_.empty()) error_ = where() + what;
        return false;
    }
    void skip_space() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n' || s_[at_] == '\r')) ++at_;
    }
    bool literal(const char* word) {
        const std::size_t n = std::strlen(word);
        if (s_.compare(at_, n, word) != 0) return fail("expected a JSON value");
        at_ += n;
        return true;
    }
    static bool digit(char c) { return c >= '0' && c <= '9'; }

    bool number(double* out) {
        const std::size_t start = at_;
        if (at_ < s_.size() && s_[at_] == '-') ++at_;
        if (at_ >= s_.size() || !digit(s_[at_])) return fail("expected a digit");
        if (s_[at_] == '0') ++at_;
        else
            while (at_ < s_.size() && digit(s_[at_])) ++at_;
        if (at_ < s_.size() && s_[at_] == '.') {
            ++at_;
            if (at_ >= s_.size() || !digit(s_[at_])) return fail("expected a digit after the decimal point");
            while (at_ < s_.size() && digit(s_[at_])) ++at_;
        }
        if (at_ < s_.size() && (s_[at_] == 'e' || s_[at_] == 'E')) {
            ++at_;
            if (at_ < s_.size() && (s_[at_] == '+' || s_[at_] == '-')) ++at_;
            if (at_ >= s_.size() || !digit(s_[at_])) return fail("expected a digit in the exponent");
            while (at_ < s_.size() && digit(s_[at_])) ++at_;
        }
        const std::string literal_text = s_.substr(start, at_ - start);
        *out = std::strtod(literal_text.c_str(), nullptr);  // may be ±inf (1e999): the readers say which tensor
        return true;
    }

    bool string(std::string* out) {
        ++at_;  // the opening quote
        out->clear();
        while (true) {
            if (at_ >= s_.size()) return fail("unterminated string");
            const char c = s_[at_];
            if (c == '"') {
                ++at_;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                out->push_back(c);
                ++at_;
                continue;
            }
            if (at_ + 1 >= s_.size()) return fail("unterminated string");
            const char e = s_[at_ + 1];
            at_ += 2;
            switch (e) {
                case '"': out->push_back('"'); break;
                case '\\': out->push_back('\\'); break;
                case '/': out->push_back('/'); break;
                case 'b': out->push_back('\b'); break;
                case 'f': out->push_back('\f'); break;
                case 'n': out->push_back('\n'); break;
                case 'r': out->push_back('\r'); break;
                case 't': out->push_back('\t'); break;
                case 'u': {
                    if (at_ + 4 > s_.size()) return fail("short \\u escape");
                    unsigned code = 0;
                    for (int k = 0; k < 4; ++k) {
                        const char h = s_[at_ + static_cast<std::size_t>(k)];
                        code <<= 4;
                        if (digit(h)) code |= static_cast<unsigned>(h - '0');
                        else if (h >= 'a' && h <= 'f') code |= static_cast<unsigned>(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F') code |= static_cast<unsigned>(h - 'A' + 10);
                        else return fail("bad \\u escape");
                    }
                    at_ += 4;
                    // Names and tags are ASCII; anything else is kept as a marker, not decoded.
                    if (code < 0x80) out->push_back(static_cast<char>(code));
                    else out->push_back('?');
                    break;
                }
                default: return fail("bad escape in a string");
            }
        }
    }

    bool value(Value* out, int depth) {
        if (depth > kMaxDepth) return fail("nesting deeper than 64 levels");
        if (at_ >= s_.size()) return fail("expected a JSON value, found the end of the text");
        const char c = s_[at_];
        if (c == '{') return object(out, depth);
        if (c == '[') return array(out, depth);
        if (c == '"') {
            out->kind = Value::Kind::string;
            return string(&out->text);
        }
        if (c == 't' || c == 'f') {
            out->kind = Value::Kind::boolean;
            out->boolean = c == 't';
            return literal(c == 't' ? "true" : "false");
        }
        if (c == 'n') {
            out->kind = Value::Kind::null;
            return literal("null");
        }
        if (c == '-' || digit(c)) {
            out->kind = Value::Kind::number;
            return number(&out->number);
        }
        return fail("expected a JSON value");
    }

    bool array(Value* out, int depth) {
        out->kind = Value::Kind::array;
        ++at_;
        skip_space();
        if (at_ < s_.size() && s_[at_] == ']') {
            ++at_;
            return true;
        }
        while (true) {
            skip_space();
            if (at_ < s_.size() && out->items.empty() && (s_[at_] == '-' || digit(s_[at_]))) {
                double x = 0;
                if (!number(&x)) return false;
                out->numbers.push_back(x);
            } else {
                if (!out->numbers.empty()) {  // the array holds more than numbers: keep them as items
                    for (const double x : out->numbers) {
                        Value v;
                        v.kind = Value::Kind::number;
                        v.number = x;
                        out->items.push_back(std::move(v));
                    }
                    out->numbers.clear();
                }
                out->items.emplace_back();
                if (!value(&out->items.back(), depth + 1)) return false;
            }
            skip_space();
            if (at_ >= s_.size()) return fail("unterminated array");
            if (s_[at_] == ',') {
                ++at_;
                continue;
            }
            if (s_[at_] == ']') {
                ++at_;
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }

    bool object(Value* out, int depth) {
        out->kind = Value::Kind::object;
        ++at_;
        skip_space();
        if (at_ < s_.size() && s_[at_] == '}') {
            ++at_;
            return true;
        }
        while (true) {
            skip_space();
            if (at_ >= s_.size() || s_[at_] != '"') return fail("expected a key in double quotes");
            std::string key;
            if (!string(&key)) return false;
            for (const auto& m : out->members)
                if (m.first == key) return fail("key " + quoted(key) + " given twice");
            skip_space();
            if (at_ >= s_.size() || s_[at_] != ':') return fail("expected ':'");
            ++at_;
            skip_space();
            out->members.emplace_back(key, Value());
            if (!value(&out->members.back().second, depth + 1)) return false;
            skip_space();
            if (at_ >= s_.size()) return fail("unterminated object");
            if (s_[at_] == ',') {
                ++at_;
                continue;
            }
            if (s_[at_] == '}') {
                ++at_;
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }
};

}  // namespace detail

std::string parse(const std::string& text, Value* out) {
    *out = Value();
    detail::Parser parser(text);
    return parser.run(out);
}

// [SECTION] numbers as text

std::string float_text(float x) {
    char buffer[32];
    for (int digits = 6; digits <= 9; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, static_cast<double>(x));
        if (std::strtof(buffer, nullptr) == x) break;
    }
    return buffer;
}

}  // namespace pelab::json
