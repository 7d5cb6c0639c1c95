// PE Lab — core/io/query.cpp
// `key=value` text in and out: splitting a query and percent-decoding it, joining pairs back with
// percent-encoding, and the size and pair limits every untrusted door applies before anything is parsed.
//
// [SECTION] query splitting / joining
// [SECTION] reading untrusted input: size and pair limits
#include "core/io/query.h"

#include "core/io/text.h"

#include <cctype>

namespace pelab {

// [SECTION] query splitting / joining
namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %XX becomes the byte XX ('%' not followed by two hex digits stays literal); '+' becomes a space.
std::string percent_decode(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') {
            out += ' ';
        } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
            out += static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string percent_encode(const std::string& s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (char ch : s) {
        unsigned char c = static_cast<unsigned char>(ch);
        // Unreserved characters plus ',' (list separator; readable in URLs and legal in fragments).
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ',') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

}  // namespace

KeyValues split_query(const std::string& query) {
    KeyValues kv;
    std::size_t start = 0;
    if (start < query.size() && query[start] == '#') ++start;
    if (start < query.size() && query[start] == '?') ++start;
    while (start <= query.size()) {
        std::size_t amp = query.find('&', start);
        if (amp == std::string::npos) amp = query.size();
        if (amp > start) {  // empty pieces ("a=1&&b=2", trailing '&') carry nothing
            std::string piece = query.substr(start, amp - start);
            std::size_t eq = piece.find('=');
            if (eq == std::string::npos)
                kv.emplace_back(percent_decode(piece), std::string());
            else
                kv.emplace_back(percent_decode(piece.substr(0, eq)), percent_decode(piece.substr(eq + 1)));
        }
        start = amp + 1;
    }
    return kv;
}

std::string join_query(const KeyValues& kv) {
    std::string out;
    for (const auto& [key, value] : kv) {
        if (!out.empty()) out += '&';
        out += percent_encode(key);
        out += '=';
        out += percent_encode(value);
    }
    return out;
}

// [SECTION] reading untrusted input: size and pair limits
ParamIssue input_too_long(std::size_t bytes) {
    return {"input", "input too long (" + grouped_number(bytes) + " bytes, limit " + grouped_number(kMaxInputBytes) + ")"};
}

namespace {

ParamIssue pairs_ignored(std::size_t ignored) {
    return {"input", "input: only the first " + std::to_string(kMaxInputPairs) + " key=value pairs are read … and " +
                         grouped_number(ignored) + " more ignored"};
}

}  // namespace

KeyValues read_query(const char* text, std::size_t bytes, std::vector<ParamIssue>* issues) {
    KeyValues kv;
    if (bytes > kMaxInputBytes) {
        if (issues) issues->push_back(input_too_long(bytes));
        return kv;
    }
    if (!text || bytes == 0) return kv;
    kv = split_query(std::string(text, bytes));
    if (kv.size() > kMaxInputPairs) {
        if (issues) issues->push_back(pairs_ignored(kv.size() - kMaxInputPairs));
        kv.resize(kMaxInputPairs);
    }
    return kv;
}

KeyValues read_query(const std::string& query, std::vector<ParamIssue>* issues) {
    return read_query(query.data(), query.size(), issues);
}

KeyValues read_arguments(const std::vector<std::string>& args, std::vector<ParamIssue>* issues) {
    KeyValues kv;
    std::size_t bytes = 0;
    for (const std::string& a : args) bytes += a.size() + 1;
    if (!args.empty()) --bytes;  // separators sit between arguments
    if (bytes > kMaxInputBytes) {
        if (issues) issues->push_back(input_too_long(bytes));
        return kv;
    }
    for (const std::string& a : args) {
        if (kv.size() == kMaxInputPairs) {
            if (issues) issues->push_back(pairs_ignored(args.size() - kMaxInputPairs));
            break;
        }
        const std::size_t eq = a.find('=');
        if (eq == std::string::npos) kv.emplace_back(a, std::string());
        else kv.emplace_back(a.substr(0, eq), a.substr(eq + 1));
    }
    return kv;
}

}  // namespace pelab
