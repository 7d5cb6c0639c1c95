// PE Lab — core/io/text.cpp
// Printable echoes, JSON string literals, numbers and CSV fields (see text.h): one escaper of each for the whole program.
//
// [SECTION] UTF-8 reading
// [SECTION] printable echoes
// [SECTION] JSON
// [SECTION] numbers
// [SECTION] CSV
#include "core/io/text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pelab {

// [SECTION] UTF-8 reading
namespace {

// Length of the valid UTF-8 sequence starting at s[i] (1..4), or 0 when the byte there starts none
// (stray continuation byte, overlong form, surrogate, truncated sequence, code point past U+10FFFF).
std::size_t utf8_sequence(const std::string& s, std::size_t i, unsigned* code_point) {
    const unsigned char b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
        *code_point = b0;
        return 1;
    }
    std::size_t n = 0;
    unsigned cp = 0, min = 0;
    if ((b0 & 0xE0) == 0xC0) { n = 2; cp = b0 & 0x1F; min = 0x80; }
    else if ((b0 & 0xF0) == 0xE0) { n = 3; cp = b0 & 0x0F; min = 0x800; }
    else if ((b0 & 0xF8) == 0xF0) { n = 4; cp = b0 & 0x07; min = 0x10000; }
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const unsigned char b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    *code_point = cp;
    return n;
}

void append_hex_byte(std::string* out, unsigned char c) {
    static const char* hex = "0123456789ABCDEF";
    *out += "\\x";
    *out += hex[c >> 4];
    *out += hex[c & 15];
}

}  // namespace

// [SECTION] printable echoes
std::string printable(const std::string& s) {
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        unsigned cp = 0;
        const std::size_t n = utf8_sequence(s, i, &cp);
        const std::size_t take = n == 0 ? 1 : n;
        if (i + take > kShownTextBytes) break;  // the next character would pass the echo limit
        const bool control = n == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == '"' || cp == '\\';
        if (control) {
            for (std::size_t k = 0; k < take; ++k) append_hex_byte(&out, static_cast<unsigned char>(s[i + k]));
        } else {
            out.append(s, i, take);
        }
        i += take;
    }
    if (i < s.size()) out += "...";
    return out;
}

std::string quoted(const std::string& s) { return "\"" + printable(s) + "\""; }

std::string shown_key(const std::string& key) {
    bool plain = !key.empty() && key.size() <= 32;
    for (char ch : key) {
        const unsigned char c = static_cast<unsigned char>(ch);
        const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                        c == '-' || c == '.';
        if (!ok) plain = false;
    }
    return plain ? key : quoted(key);
}

namespace {
std::string thousands_grouped(const std::string& digits) {
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}
}  // namespace

std::string grouped_number(unsigned long long n) { return thousands_grouped(std::to_string(n)); }

const char kMinus[] = "−";

std::string typeset_minus(std::string s) {
    if (!s.empty() && s[0] == '-') s = kMinus + s.substr(1);
    const std::size_t e = s.find("e-");
    if (e != std::string::npos) s = s.substr(0, e + 1) + kMinus + s.substr(e + 2);
    return s;
}

std::string grouped_integer(long long n, bool group) {
    // The magnitude as unsigned, so that the most negative long long has one too.
    const unsigned long long magnitude = n < 0 ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
    const std::string digits = std::to_string(magnitude);
    return typeset_minus((n < 0 ? "-" : "") + (group ? thousands_grouped(digits) : digits));
}

// [SECTION] JSON
std::string json_string(const std::string& s) {
    std::string out = "\"";
    out.reserve(s.size() + 2);
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7F) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    return out + "\"";
}

// [SECTION] numbers
std::string number_text(double x, NumberForm form) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    if (x == 0.0) return "0";  // also folds -0
    char buf[40];
    for (int digits = form == NumberForm::digits17 ? 17 : 15; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (std::strtod(buf, nullptr) == x) break;
    }
    return buf;
}

std::string json_number(double x, NumberForm form) {
    return std::isfinite(x) ? number_text(x, form) : std::string("null");
}

// [SECTION] CSV
std::string csv_cell(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace pelab
