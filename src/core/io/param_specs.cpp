// PE Lab — core/io/param_specs.cpp
// Building parameter specifications (the builders the maths headers, the quantity registry and the lessons
// share) and writing a parameter set as JSON for programs.
//
// [SECTION] spec builders
#include "core/io/param_specs.h"

#include "core/io/text.h"

#include <cmath>

namespace pelab {

// [SECTION] spec builders
double pow10_exact(double x) {
    if (x == std::floor(x) && std::fabs(x) <= 15) {
        double r = 1.0;
        for (int i = 0; i < static_cast<int>(std::fabs(x)); ++i) r *= 10.0;
        return x < 0 ? 1.0 / r : r;
    }
    return std::pow(10.0, x);
}

ParamSpec make_spec(const char* name, ParamKind kind, double lo, double hi, const char* def, const char* help) {
    ParamSpec s;
    s.name = name;
    s.kind = kind;
    s.min = lo;
    s.max = hi;
    s.default_text = def;
    s.help = help;
    return s;
}

ParamSpec int_spec(const char* name, double lo, double hi, const char* def, const char* help) {
    return make_spec(name, ParamKind::Int, lo, hi, def, help);
}

ParamSpec real_spec(const char* name, double lo, double hi, const char* def, const char* help) {
    return make_spec(name, ParamKind::Real, lo, hi, def, help);
}

ParamSpec choice_spec(const char* name, std::vector<std::string> choices, const char* def, const char* help) {
    ParamSpec s = make_spec(name, ParamKind::Choice, 0, 0, def, help);
    s.choices = std::move(choices);
    return s;
}

std::string params_json(const std::vector<ParamSpec>& specs, const ParamSet& params) {
    std::string out = "{";
    bool first = true;
    for (const ParamSpec& spec : specs) {
        if (!first) out += ',';
        first = false;
        out += json_string(spec.name) + ':';
        auto it = params.all().find(spec.name);
        ParamValue value;
        if (it != params.all().end()) value = it->second;
        switch (spec.kind) {
            case ParamKind::Choice: out += json_string(value.text); break;
            case ParamKind::Int:
            case ParamKind::Bool:  // 0 or 1, a number as before booleans had their own kind
            case ParamKind::Real: out += value.nums.empty() ? "null" : json_number(value.nums[0]); break;
            case ParamKind::RealList:
                out += '[';
                for (std::size_t i = 0; i < value.nums.size(); ++i) out += (i ? "," : "") + json_number(value.nums[i]);
                out += ']';
                break;
        }
    }
    return out + "}";
}

}  // namespace pelab
