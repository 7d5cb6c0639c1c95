// PE Lab — core/io/params.cpp
// The one parser for `key=value` input (URL hash, desktop argv, CLI) once it is split into pairs
// (core/io/query.cpp): strict number grammar, range checks with clamping, length links (v = 2·|omega|), and the
// messages that name each key and its valid range. Never throws; hostile input only ever yields issues.
// Spec builders and the JSON of a parameter set are core/io/param_specs.cpp.
//
// [SECTION] helpers: text shown in messages, number grammar
// [SECTION] ParamSet accessors
// [SECTION] suggesting a key
// [SECTION] formatting numbers and values
// [SECTION] describe_range, describe_key, parse_value
// [SECTION] parse_params, parse_params_strict, length links
//
// Numbers are read with strtod and written with snprintf, so the process must keep the "C" numeric
// locale (the default: nothing in PE Lab calls setlocale). std::from_chars for double is not available
// in every standard library we build with (Emscripten's libc++ lacks it).
#include "core/io/params.h"

#include "core/io/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pelab {

// [SECTION] helpers: text shown in messages, number grammar
namespace {

// Values longer than this are refused before any number is parsed (a URL never needs more).
constexpr std::size_t kMaxValueChars = 4096;
constexpr std::size_t kMaxKeyChars = 64;

std::string trim(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
    return s.substr(b, e - b);
}

enum class NumberRead { ok, malformed, nonfinite };

// Strict decimal grammar: [+-] digits [. digits] [e [+-] digits], at least one mantissa digit.
// Rejects hex floats, "inf", "nan" and trailing garbage, which strtod alone would accept.
NumberRead read_number(const std::string& raw, double* out) {
    const std::string tok = trim(raw);
    std::size_t i = 0, n = tok.size();
    if (i < n && (tok[i] == '+' || tok[i] == '-')) ++i;
    std::size_t mantissa_digits = 0;
    while (i < n && std::isdigit(static_cast<unsigned char>(tok[i]))) { ++i; ++mantissa_digits; }
    if (i < n && tok[i] == '.') {
        ++i;
        while (i < n && std::isdigit(static_cast<unsigned char>(tok[i]))) { ++i; ++mantissa_digits; }
    }
    if (mantissa_digits == 0) {
        std::string lower;
        for (char ch : tok) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (!lower.empty() && (lower[0] == '+' || lower[0] == '-')) lower.erase(0, 1);
        if (lower == "inf" || lower == "infinity" || lower == "nan") return NumberRead::nonfinite;
        return NumberRead::malformed;
    }
    if (i < n && (tok[i] == 'e' || tok[i] == 'E')) {
        ++i;
        if (i < n && (tok[i] == '+' || tok[i] == '-')) ++i;
        std::size_t exp_digits = 0;
        while (i < n && std::isdigit(static_cast<unsigned char>(tok[i]))) { ++i; ++exp_digits; }
        if (exp_digits == 0) return NumberRead::malformed;
    }
    if (i != n) return NumberRead::malformed;
    double x = std::strtod(tok.c_str(), nullptr);
    if (!std::isfinite(x)) return NumberRead::nonfinite;  // e.g. "1e999" overflows to inf
    *out = (x == 0.0) ? 0.0 : x;                          // fold -0 into 0 so URLs stay tidy
    return NumberRead::ok;
}

// Elements of a comma list (an empty text is one empty element).
std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == ',') {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

const ParamSpec* find_spec(const std::vector<ParamSpec>& specs, const std::string& name) {
    for (const ParamSpec& s : specs)
        if (s.name == name) return &s;
    return nullptr;
}

const ParamValue& empty_value() {
    static const ParamValue v;
    return v;
}

}  // namespace

// [SECTION] ParamSet accessors
// Missing keys read as 0 / empty rather than throwing: the API never throws, and every ParamSet made by
// defaults() or parse_params() is complete anyway.
int ParamSet::geti(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end() || it->second.nums.empty()) return 0;
    double x = it->second.nums[0];
    if (!(x > -2147483648.0 && x < 2147483647.0)) return 0;
    return static_cast<int>(std::llround(x));
}

double ParamSet::getd(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end() || it->second.nums.empty()) return 0.0;
    return it->second.nums[0];
}

const std::vector<double>& ParamSet::getv(const std::string& key) const {
    auto it = values_.find(key);
    return it == values_.end() ? empty_value().nums : it->second.nums;
}

const std::string& ParamSet::gets(const std::string& key) const {
    auto it = values_.find(key);
    return it == values_.end() ? empty_value().text : it->second.text;
}

// [SECTION] suggesting a key
std::string nearest_key(const std::string& key, const std::vector<std::string>& keys) {
    // Levenshtein distance with one row; keys are short (the caller clips hostile ones to 64 bytes).
    std::string best;
    std::size_t best_distance = static_cast<std::size_t>(-1);
    std::vector<std::size_t> row;
    for (const std::string& candidate : keys) {
        row.resize(candidate.size() + 1);
        for (std::size_t j = 0; j <= candidate.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= key.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= candidate.size(); ++j) {
                const std::size_t above = row[j];
                const std::size_t cost = key[i - 1] == candidate[j - 1] ? 0 : 1;
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
                diagonal = above;
            }
        }
        if (row[candidate.size()] < best_distance) {
            best_distance = row[candidate.size()];
            best = candidate;
        }
    }
    return best;
}


// [SECTION] formatting numbers and values
std::string format_number(double x) { return number_text(x, NumberForm::shortest); }

std::string format_value(const ParamSpec& spec, const ParamValue& v) {
    switch (spec.kind) {
        case ParamKind::Choice: return v.text;
        case ParamKind::Int:
        case ParamKind::Bool:
        case ParamKind::Real: return v.nums.empty() ? std::string() : format_number(v.nums[0]);
        case ParamKind::RealList: {
            std::string out;
            for (std::size_t i = 0; i < v.nums.size(); ++i) {
                if (i) out += ',';
                out += format_number(v.nums[i]);
            }
            return out;
        }
    }
    return std::string();
}

// [SECTION] describe_range, describe_key, parse_value
std::string describe_range(const ParamSpec& spec) {
    const std::string interval = format_number(spec.min) + ".." + format_number(spec.max);
    switch (spec.kind) {
        case ParamKind::Int:
            if (spec.multiple_of > 1) return interval + ", multiple of " + std::to_string(spec.multiple_of);
            return interval;
        case ParamKind::Real: return interval;
        case ParamKind::Bool: return "0 or 1";
        case ParamKind::RealList: {
            std::string count;
            if (!spec.list_len_of.empty())
                count = (spec.list_len_factor == 1 ? std::string() : std::to_string(spec.list_len_factor) + "*") +
                        (spec.list_len_is_value ? spec.list_len_of : "len(" + spec.list_len_of + ")");
            else if (spec.list_min == spec.list_max)
                count = std::to_string(spec.list_min);
            else
                count = std::to_string(spec.list_min) + ".." + std::to_string(spec.list_max);
            return "list of " + count + " numbers in " + interval;
        }
        case ParamKind::Choice: {
            std::string out = "one of ";
            for (std::size_t i = 0; i < spec.choices.size(); ++i) {
                if (i) out += '|';
                out += spec.choices[i];
            }
            return out;
        }
    }
    return std::string();
}

std::string describe_key(const ParamSpec& spec) {
    std::string kind;
    switch (spec.kind) {
        case ParamKind::Int: kind = "int in "; break;
        case ParamKind::Real: kind = "number in "; break;
        case ParamKind::Bool: kind = "flag: "; break;
        case ParamKind::RealList:
        case ParamKind::Choice: break;
    }
    return spec.name + "  " + kind + describe_range(spec) + ", default " + spec.default_text + "  (" + spec.help + ")";
}

bool parse_value(const ParamSpec& spec, const std::string& text, ParamValue* out, std::string* why) {
    std::string local_why;
    if (!why) why = &local_why;
    ParamValue local_out;
    if (!out) out = &local_out;
    why->clear();
    const std::string key = shown_key(spec.name);
    const std::string range = describe_range(spec);
    auto fail = [&](const std::string& what) {
        *why = key + ": " + what + " (" + range + ")";
        return false;
    };

    if (spec.kind == ParamKind::Choice) {
        for (const std::string& c : spec.choices) {
            if (c == text) {
                out->nums.clear();
                out->text = c;
                return true;
            }
        }
        return fail(quoted(text) + " is not a valid choice");
    }

    if (spec.kind == ParamKind::Bool) {
        const std::string t = trim(text);
        if (t == "1" || t == "true") out->nums.assign(1, 1.0);
        else if (t == "0" || t == "false") out->nums.assign(1, 0.0);
        else return fail(quoted(text) + " is not a flag");
        out->text.clear();
        return true;
    }

    if (spec.kind == ParamKind::RealList) {
        // Count before parsing so a 10000-element list costs one pass and gets a precise message.
        const std::size_t count = static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1;
        if (trim(text).empty()) return fail("empty value is not a number list");
        if (count < static_cast<std::size_t>(std::max(spec.list_min, 0)) ||
            count > static_cast<std::size_t>(std::max(spec.list_max, 0))) {
            return fail(quoted(text) + " has " + std::to_string(count) + (count == 1 ? " number" : " numbers") +
                        ", which is not a valid length");
        }
        if (text.size() > kMaxValueChars) return fail("value of " + std::to_string(text.size()) + " characters is too long");
        std::vector<double> nums;
        std::size_t clamped = 0;
        std::string first_clamped;
        std::size_t first_clamped_index = 0;
        for (const std::string& part : split_commas(text)) {
            double x = 0.0;
            NumberRead r = read_number(part, &x);
            if (r == NumberRead::nonfinite) return fail(quoted(text) + " is not a list of finite numbers");
            if (r != NumberRead::ok) return fail(quoted(text) + " is not a number list");
            if (x < spec.min || x > spec.max) {
                if (clamped++ == 0) {
                    first_clamped = printable(trim(part));
                    first_clamped_index = nums.size() + 1;
                }
                x = std::clamp(x, spec.min, spec.max);
            }
            nums.push_back(x);
        }
        out->nums = std::move(nums);
        out->text.clear();
        if (clamped == 1)
            *why = key + ": " + first_clamped + " (number " + std::to_string(first_clamped_index) +
                   ") is out of range " + format_number(spec.min) + ".." + format_number(spec.max);
        else if (clamped > 1)
            *why = key + ": " + std::to_string(clamped) + " numbers are out of range " + format_number(spec.min) +
                   ".." + format_number(spec.max) + " (first: " + first_clamped + ")";
        return true;
    }

    // Int and Real: one number.
    if (trim(text).empty()) return fail("empty value is not a number");
    if (text.size() > kMaxValueChars) return fail("value of " + std::to_string(text.size()) + " characters is too long");
    double x = 0.0;
    NumberRead r = read_number(text, &x);
    if (r == NumberRead::nonfinite) return fail(quoted(text) + " is not a finite number");
    if (r != NumberRead::ok) return fail(quoted(text) + " is not a number");
    if (spec.kind == ParamKind::Int && x != std::floor(x)) return fail(quoted(text) + " is not a whole number");
    if (spec.kind == ParamKind::Int && spec.multiple_of > 1 && std::fmod(x, double(spec.multiple_of)) != 0.0)
        return fail(quoted(text) + " is not a multiple of " + std::to_string(spec.multiple_of));
    if (x < spec.min || x > spec.max) {
        // A plain number is echoed as given; a long one is cut like every echoed value.
        const std::string given = trim(text);
        *why = key + ": " + (given.size() > kShownTextBytes ? quoted(given) : given) + " is out of range " + range;
        x = std::clamp(x, spec.min, spec.max);
    }
    out->nums.assign(1, x);
    out->text.clear();
    return true;
}

// [SECTION] parse_params, parse_params_strict, length links
ParamSet defaults(const std::vector<ParamSpec>& specs) {
    ParamSet set;
    for (const ParamSpec& spec : specs) {
        ParamValue v;
        std::string why;
        parse_value(spec, spec.default_text, &v, &why);  // specs are ours; a bad default stays empty
        set.set(spec.name, std::move(v));
    }
    return set;
}

std::vector<double> list_fallback_values(const ParamSpec& spec, int length) {
    ParamSpec loose = spec;  // parse the pattern without the spec's own length bounds
    loose.list_len_of.clear();
    loose.list_min = 1;
    loose.list_max = 1 << 20;
    ParamValue pattern;
    std::string why;
    if (!parse_value(loose, spec.list_fallback.empty() ? spec.default_text : spec.list_fallback, &pattern, &why) ||
        pattern.nums.empty())
        pattern.nums.assign(1, 0.0);
    std::vector<double> out;
    for (int i = 0; i < length; ++i) out.push_back(pattern.nums[static_cast<std::size_t>(i) % pattern.nums.size()]);
    return out;
}

namespace {

struct RawIssue {
    std::string key;
    std::string message;  // names key and range
    std::string tail;     // "; using ..." or "; keeping ..." (dropped by the strict parser)
};

std::string clip_key(const std::string& key) { return key.size() > kMaxKeyChars ? key.substr(0, kMaxKeyChars) : key; }

std::vector<RawIssue> parse_all(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamSet* set,
                                const std::vector<std::string>& ignore_keys) {
    std::vector<RawIssue> issues;
    std::vector<std::string> valid_keys;  // what an unknown key is compared with: the specs, then the caller's keys
    for (const ParamSpec& s : specs) valid_keys.push_back(s.name);
    valid_keys.insert(valid_keys.end(), ignore_keys.begin(), ignore_keys.end());
    std::vector<std::string> given;  // keys given in kv, for the length-link rule below
    for (const auto& [key, text] : kv) {
        if (std::find(ignore_keys.begin(), ignore_keys.end(), key) != ignore_keys.end()) continue;
        const ParamSpec* spec = find_spec(specs, key);
        std::string value_text = text;
        if (!spec) {  // an older spelling of a key (see ParamSpec::aliases)
            for (const ParamSpec& s : specs) {
                if (std::find(s.aliases.begin(), s.aliases.end(), key) != s.aliases.end()) spec = &s;
                if (!s.log10_alias.empty() && s.log10_alias == key) {
                    double x = 0.0;
                    spec = &s;
                    if (read_number(text, &x) == NumberRead::ok) value_text = format_number(pow10_exact(std::clamp(x, -300.0, 300.0)));
                }
            }
        }
        if (!spec) {
            // The nearest valid key, not the whole list: a message stays short whatever the number of keys.
            const std::string near = nearest_key(clip_key(key), valid_keys);
            issues.push_back({clip_key(key),
                              shown_key(key) + ": unknown key" + (near.empty() ? std::string() : " (nearest valid key: " + near + ")"),
                              "; ignored"});
            continue;
        }
        const std::string& name = spec->name;
        ParamValue v;
        std::string why;
        if (!parse_value(*spec, value_text, &v, &why)) {
            const std::string previous = set->has(name) ? format_value(*spec, set->all().at(name)) : spec->default_text;
            issues.push_back({name, why, "; keeping " + previous});
            continue;
        }
        if (!why.empty()) issues.push_back({name, why, "; using " + format_value(*spec, v)});
        set->set(name, std::move(v));
        given.push_back(name);
    }

    // Length links last, so "v=...&omega=..." and "omega=...&v=..." mean the same.
    for (const ParamSpec& spec : specs) {
        if (spec.list_len_of.empty() || spec.kind != ParamKind::RealList) continue;
        const ParamSpec* of = find_spec(specs, spec.list_len_of);
        if (!of) continue;
        // An Int link (list_len_is_value) gives the length by its value, a list link by its length.
        const std::size_t base = spec.list_len_is_value
                                     ? static_cast<std::size_t>(std::max(0, std::min(set->geti(of->name), 1 << 20)))
                                     : set->getv(of->name).size();
        const int needed = spec.list_len_factor * static_cast<int>(base);
        const std::vector<double>& current = set->getv(spec.name);
        if (static_cast<int>(current.size()) == needed) continue;
        ParamValue repaired;
        repaired.nums = list_fallback_values(spec, needed);
        // Report when information is thrown away: v was given now, or held values other than the plain
        // fallback pattern. A v that was only ever the default pattern follows omega silently.
        const bool given_now = std::find(given.begin(), given.end(), spec.name) != given.end();
        const bool was_fallback = current == list_fallback_values(spec, static_cast<int>(current.size()));
        if (given_now || !was_fallback) {
            issues.push_back({spec.name,
                              shown_key(spec.name) + ": has " + std::to_string(current.size()) + " numbers, but " +
                                  of->name + (spec.list_len_is_value ? " is " : " has ") + std::to_string(base) +
                                  ", so " + spec.name + " needs " + std::to_string(needed) + " (" +
                                  describe_range(spec) + ")",
                              "; using " + format_value(spec, repaired)});
        }
        set->set(spec.name, std::move(repaired));
    }
    return issues;
}

}  // namespace

std::vector<ParamIssue> parse_params(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamSet* set,
                                     const std::vector<std::string>& ignore_keys) {
    std::vector<ParamIssue> out;
    if (!set) return out;
    for (RawIssue& r : parse_all(specs, kv, set, ignore_keys)) out.push_back({r.key, r.message + r.tail});
    return out;
}

std::vector<ParamIssue> parse_params_strict(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamSet* set) {
    std::vector<ParamIssue> out;
    if (!set) return out;
    for (RawIssue& r : parse_all(specs, kv, set, {})) out.push_back({r.key, r.message});
    return out;
}

std::string without_repair(const std::string& message) {
    // The tail is the last "; " segment (the values it names never hold "; ").
    const std::size_t at = message.rfind("; ");
    if (at == std::string::npos) return message;
    for (const char* word : {"using ", "keeping ", "ignored", "showing all steps"})
        if (message.compare(at + 2, std::string(word).size(), word) == 0) return message.substr(0, at);
    return message;
}

}  // namespace pelab
