// PE Lab — lessons/param_table.cpp
// The widget's words for the shared keys (read from core/io/keys.cpp's one table, which holds both languages and
// the symbol), the Key builders and the defensive readers behind ParamTable::read.
//
// [SECTION] shared labels
// [SECTION] keys
// [SECTION] reading values
#include "lessons/param_table.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "lessons/lesson.h"

namespace pelab {

namespace {

// [SECTION] shared labels
// The shared key's words as the widget shows them (core/io/keys.cpp's row: English and Chinese help, symbol), or
// null when the row has no Chinese help (the lesson then gives its own words).
const SharedKey* shared_words(const std::string& key) {
    const SharedKey* row = find_shared_key(key);
    return row && row->help_zh ? row : nullptr;
}

}  // namespace

ParamLabel label_of(const Lesson* lesson, const ParamSpec& spec) {
    if (lesson)
        for (const ParamLabel& l : lesson->labels)
            if (l.key == spec.name) return l;
    if (const SharedKey* s = shared_words(spec.name)) return {spec.name, {s->help_zh, s->spec.help.c_str()}, s->symbol};
    return {spec.name, {spec.help.c_str(), spec.help.c_str()}, ""};
}

// [SECTION] keys
Key Key::shared(const char* name) {
    Key k;
    k.spec = shared_key(name);
    if (const SharedKey* s = shared_words(name)) {
        k.help = {s->help_zh, s->spec.help.c_str()};
        k.symbol = s->symbol;
    }
    return k;
}

Key Key::from(ParamSpec spec, Text help) {
    Key k;
    k.spec = std::move(spec);
    k.about(help);
    return k;
}

Key Key::integer(const char* name, double lo, double hi, const char* def, Text help) {
    return from(int_spec(name, lo, hi, def, ""), help);
}

Key Key::real(const char* name, double lo, double hi, const char* def, Text help) {
    return from(real_spec(name, lo, hi, def, ""), help);
}

Key Key::choice(const char* name, std::vector<std::string> choices, const char* def, Text help) {
    return from(choice_spec(name, std::move(choices), def, ""), help);
}

Key Key::flag(const char* name, const char* def, Text help) {
    return from(make_spec(name, ParamKind::Bool, 0, 1, def, ""), help);
}

Key Key::list(const char* name, double lo, double hi, int min_len, int max_len, const char* def, Text help) {
    Key k = from(make_spec(name, ParamKind::RealList, lo, hi, def, ""), help);
    k.spec.list_min = min_len;
    k.spec.list_max = max_len;
    return k;
}

Key& Key::range(double lo, double hi) {
    spec.min = lo;
    spec.max = hi;
    return *this;
}

Key& Key::def(const char* value) {
    spec.default_text = value;
    return *this;
}

Key& Key::about(Text words) {
    help = words;
    spec.help = words.en;
    return *this;
}

Key& Key::sym(const char* s) {
    symbol = s;
    return *this;
}

Key& Key::multiple_of(int n) {
    spec.multiple_of = n;
    return *this;
}

Key& Key::alias(const char* old_name) {
    spec.aliases.push_back(old_name);
    return *this;
}

Key& Key::preset_value(const char* field) {
    spec.preset_value = field;
    return *this;
}

Key& Key::no_preset_value() {
    spec.preset_value = kNoPresetValue;
    return *this;
}

Key& Key::length_of(const char* key, int factor, bool by_value, const char* fallback) {
    spec.list_len_of = key;
    spec.list_len_factor = factor;
    spec.list_len_is_value = by_value;
    spec.list_fallback = fallback;
    spec.list_min = 0;
    spec.list_max = 1 << 20;
    return *this;
}

// [SECTION] reading values
namespace {

ParamValue default_value(const ParamSpec& spec) {
    ParamValue v;
    std::string why;
    parse_value(spec, spec.default_text, &v, &why);
    return v;
}

double number_or_default(const ParamSpec& spec, const ParamSet& p) {
    if (spec.kind == ParamKind::Choice) {  // a choice whose values are numbers
        const std::string text = p.has(spec.name) ? p.gets(spec.name) : spec.default_text;
        if (std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end()) return std::atof(text.c_str());
        return std::atof(spec.default_text.c_str());
    }
    if (p.has(spec.name)) {
        const std::vector<double>& nums = p.all().at(spec.name).nums;
        if (!nums.empty() && std::isfinite(nums[0])) return std::clamp(nums[0], spec.min, spec.max);
    }
    const ParamValue v = default_value(spec);
    return v.nums.empty() ? spec.min : v.nums[0];
}

}  // namespace

int read_int(const ParamSpec& spec, const ParamSet& p) {
    int n = static_cast<int>(std::floor(number_or_default(spec, p)));
    if (spec.multiple_of > 1 && n % spec.multiple_of != 0) n -= n % spec.multiple_of;
    return n;
}

double read_real(const ParamSpec& spec, const ParamSet& p) { return number_or_default(spec, p); }

bool read_bool(const ParamSpec& spec, const ParamSet& p) { return number_or_default(spec, p) != 0.0; }

std::string read_choice(const ParamSpec& spec, const ParamSet& p) {
    if (p.has(spec.name)) {
        const std::string& text = p.gets(spec.name);
        if (std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end()) return text;
    }
    return spec.default_text;
}

std::vector<double> read_list(const ParamSpec& spec, const ParamSet& p) {
    std::vector<double> v = p.has(spec.name) ? p.getv(spec.name) : default_value(spec).nums;
    for (double& x : v) x = std::isfinite(x) ? std::clamp(x, spec.min, spec.max) : 0.0;
    return v;
}

}  // namespace pelab
