// PE Lab — core/rope/model_presets.cpp
// The table of released models' position settings (model_presets.h): read from its data file,
// core/rope/model_presets.txt (where each value's source is given), and what a preset sets on a quantity.
//
// [SECTION] the table
// [SECTION] look-up and frequencies
// [SECTION] what a preset sets on a quantity
#include "core/rope/model_presets.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/rope/rope_scaling.h"

// The table is data (core/rope/model_presets.txt, embedded at build time), read once on first
// use by model_presets().
extern const unsigned char pelab_model_presets_txt[];
extern const unsigned int pelab_model_presets_txt_size;

namespace pelab {

// [SECTION] the table

namespace {

// Where each field of the table's "field: value" lines goes.
struct PresetField {
    const char* key;
    int ModelPreset::*int_field;
    double ModelPreset::*double_field;
    std::string ModelPreset::*text_field;
};

const PresetField kPresetFields[] = {
    {"display", nullptr, nullptr, &ModelPreset::display},
    {"head_dim", &ModelPreset::head_dim, nullptr, nullptr},
    {"rotary_dim", &ModelPreset::rotary_dim, nullptr, nullptr},
    {"nope_dim", &ModelPreset::nope_dim, nullptr, nullptr},
    {"base", nullptr, &ModelPreset::base, nullptr},
    {"local_base", nullptr, &ModelPreset::local_base, nullptr},
    {"sliding_window", &ModelPreset::sliding_window, nullptr, nullptr},
    {"layout", nullptr, nullptr, &ModelPreset::layout},
    {"scaling", nullptr, nullptr, &ModelPreset::scaling},
    {"factor", nullptr, &ModelPreset::factor, nullptr},
    {"original_max", &ModelPreset::original_max, nullptr, nullptr},
    {"beta_fast", nullptr, &ModelPreset::beta_fast, nullptr},
    {"beta_slow", nullptr, &ModelPreset::beta_slow, nullptr},
    {"low_freq_factor", nullptr, &ModelPreset::low_freq_factor, nullptr},
    {"high_freq_factor", nullptr, &ModelPreset::high_freq_factor, nullptr},
    {"mscale", nullptr, &ModelPreset::mscale, nullptr},
    {"mscale_all_dim", nullptr, &ModelPreset::mscale_all_dim, nullptr},
    {"trained_context", &ModelPreset::trained_context, nullptr, nullptr},
    {"extended_context", &ModelPreset::extended_context, nullptr, nullptr},
    {"left_out", nullptr, nullptr, &ModelPreset::left_out},
};

// A whole number or a decimal, nothing else on the line.
bool parse_number(const std::string& text, double* out) {
    if (text.empty()) return false;
    char* end = nullptr;
    *out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(*out);
}

// One "field: value" line into `p`; false (with `error`) for an unknown field or a malformed value.
bool set_preset_field(ModelPreset& p, const std::string& key, const std::string& value, std::string* error) {
    double x = 0;
    if (key == "source" || key == "from") {
        if (key == "source") p.sources.push_back({value, ""});
        else if (p.sources.empty() || !p.sources.back().where.empty()) return *error = "\"from\" without a \"source\"", false;
        else p.sources.back().where = value;
        return true;
    }
    if (key == "mrope_section") {
        std::size_t at = 0;
        while (at <= value.size()) {
            const std::size_t comma = std::min(value.find(',', at), value.size());
            if (!parse_number(value.substr(at, comma - at), &x) || x != std::floor(x)) return *error = "a list of whole numbers is expected", false;
            p.mrope_section.push_back(int(x));
            at = comma + 1;
        }
        return true;
    }
    for (const PresetField& f : kPresetFields) {
        if (key != f.key) continue;
        if (f.text_field) return p.*f.text_field = value, true;
        if (!parse_number(value, &x)) return *error = "a number is expected", false;
        if (f.double_field) return p.*f.double_field = x, true;
        if (x != std::floor(x) || std::fabs(x) > 2e9) return *error = "a whole number is expected", false;
        return p.*f.int_field = int(x), true;
    }
    return *error = "unknown field \"" + key + "\"", false;
}

}  // namespace

std::vector<ModelPreset> parse_model_presets(const std::string& text, std::string* error) {
    std::vector<ModelPreset> out;
    error->clear();
    std::size_t at = 0;
    for (int line_no = 1; at < text.size(); ++line_no) {
        const std::size_t eol = std::min(text.find('\n', at), text.size());
        const std::string line = text.substr(at, eol - at);
        at = eol + 1;
        if (line.empty() || line[0] == '#') continue;
        const std::string where = "line " + std::to_string(line_no) + ": ";
        if (line.front() == '[' && line.back() == ']') {
            out.emplace_back();
            out.back().name = line.substr(1, line.size() - 2);
            continue;
        }
        const std::size_t colon = line.find(": ");
        std::string why = out.empty() ? "a field before the first [name]" : colon == std::string::npos ? "\"field: value\" expected" : "";
        if (why.empty() && set_preset_field(out.back(), line.substr(0, colon), line.substr(colon + 2), &why)) continue;
        *error = where + why;
        return out;
    }
    for (const ModelPreset& p : out)
        if (!p.sources.empty() && p.sources.back().where.empty()) return *error = p.name + ": a \"source\" without \"from\"", out;
    return out;
}

const std::vector<ModelPreset>& model_presets() {
    static const std::vector<ModelPreset> table = [] {
        std::string error;  // the embedded table is checked by tests/core/model_presets_test.cpp
        return parse_model_presets(std::string(reinterpret_cast<const char*>(pelab_model_presets_txt), pelab_model_presets_txt_size), &error);
    }();
    return table;
}

// [SECTION] look-up and frequencies
const ModelPreset* find_model_preset(const std::string& name) {
    for (const ModelPreset& p : model_presets())
        if (p.name == name) return &p;
    return nullptr;
}

std::vector<std::string> model_preset_choices() {
    std::vector<std::string> out = {"none"};
    for (const ModelPreset& p : model_presets()) out.push_back(p.name);
    return out;
}

std::string model_preset_names_joined() {
    std::string out;
    for (const ModelPreset& p : model_presets()) out += (out.empty() ? "" : "|") + p.name;
    return out;
}

namespace {

RopeScalingParams scaling_params_of(const ModelPreset& p) {
    RopeScalingParams s;
    parse_rope_scaling(p.scaling, &s.kind);
    s.d = p.rotary_dim;
    s.base = p.base;
    s.factor = p.factor;
    if (p.original_max > 0) s.original_max = p.original_max;
    s.seq_len = std::max(p.extended_context, 1);
    if (p.beta_fast > 0) s.beta_fast = p.beta_fast;
    if (p.beta_slow > 0) s.beta_slow = p.beta_slow;
    if (p.low_freq_factor > 0) s.low_freq_factor = p.low_freq_factor;
    if (p.high_freq_factor > 0) s.high_freq_factor = p.high_freq_factor;
    return s;
}

std::vector<double> to_std(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

}  // namespace

std::vector<double> preset_inv_freq(const ModelPreset& preset) {
    if (preset.scaling == "longrope") return {};
    return to_std(rope_scaled_inv_freq(scaling_params_of(preset)).inv_freq);
}

std::vector<double> preset_local_inv_freq(const ModelPreset& preset) {
    if (preset.local_base <= 0) return {};
    RopeScalingParams s;
    s.d = preset.rotary_dim;
    s.base = preset.local_base;
    return to_std(rope_scaled_inv_freq(s).inv_freq);
}

std::string preset_summary(const ModelPreset& p) {
    std::string s = "head_dim " + std::to_string(p.head_dim) + ", rotary_dim " + std::to_string(p.rotary_dim);
    if (p.nope_dim > 0) s += ", nope_dim " + std::to_string(p.nope_dim);
    s += ", base " + format_number(p.base);
    if (p.local_base > 0)
        s += " (local layers " + format_number(p.local_base) + ", window " + std::to_string(p.sliding_window) + ")";
    else if (p.sliding_window > 0)
        s += ", sliding window " + std::to_string(p.sliding_window);
    s += ", layout " + p.layout + ", scaling " + p.scaling;
    if (p.scaling != "none" && p.scaling != "longrope") s += " factor " + format_number(p.factor);
    if (p.original_max > 0) s += ", original_max " + std::to_string(p.original_max);
    if (p.low_freq_factor > 0)
        s += ", low_freq_factor " + format_number(p.low_freq_factor) + ", high_freq_factor " +
             format_number(p.high_freq_factor);
    if (p.beta_fast > 0) s += ", beta_fast " + format_number(p.beta_fast) + ", beta_slow " + format_number(p.beta_slow);
    if (p.mscale > 0) s += ", mscale " + format_number(p.mscale) + ", mscale_all_dim " + format_number(p.mscale_all_dim);
    if (!p.mrope_section.empty()) {
        s += ", mrope_section ";
        for (std::size_t i = 0; i < p.mrope_section.size(); ++i) s += (i ? "," : "") + std::to_string(p.mrope_section[i]);
    }
    s += ", trained context " + (p.trained_context > 0 ? std::to_string(p.trained_context) : std::string("not sourced"));
    s += ", extended context " + std::to_string(p.extended_context);
    return s;
}

// [SECTION] what a preset sets on a quantity
KeyValues preset_key_values(const ModelPreset& p, const std::vector<ParamSpec>& specs,
                            const std::vector<std::string>& explicit_keys, bool clamp_to_range) {
    // Every value the preset gives, by the name a quantity's key of that meaning has.
    KeyValues all = {
        {"d", std::to_string(p.rotary_dim)},
        {"base", format_number(p.base)},
        {"scaling", p.scaling},
        {"factor", format_number(p.factor)},
        {"seq_len", std::to_string(p.extended_context)},
        {"max_position", std::to_string(p.extended_context)},
        {"layout", p.layout},
    };
    if (p.original_max > 0) all.push_back({"original_max", std::to_string(p.original_max)});
    if (p.beta_fast > 0) all.push_back({"beta_fast", format_number(p.beta_fast)});
    if (p.beta_slow > 0) all.push_back({"beta_slow", format_number(p.beta_slow)});
    if (p.low_freq_factor > 0) all.push_back({"low_freq_factor", format_number(p.low_freq_factor)});
    if (p.high_freq_factor > 0) all.push_back({"high_freq_factor", format_number(p.high_freq_factor)});
    if (p.mscale > 0) all.push_back({"mscale", format_number(p.mscale)});
    if (p.mscale_all_dim > 0) all.push_back({"mscale_all_dim", format_number(p.mscale_all_dim)});
    KeyValues out;
    for (const ParamSpec& spec : specs) {
        const std::string& field = spec.preset_value.empty() ? spec.name : spec.preset_value;
        const auto value = std::find_if(all.begin(), all.end(), [&](const auto& kv) { return kv.first == field; });
        const bool given = std::find(explicit_keys.begin(), explicit_keys.end(), spec.name) != explicit_keys.end();
        if (value == all.end() || given) continue;
        std::string text = value->second;
        if (clamp_to_range && (spec.kind == ParamKind::Int || spec.kind == ParamKind::Real))
            text = format_number(std::clamp(std::stod(text), spec.min, spec.max));
        out.push_back({spec.name, text});
    }
    return out;
}

KeyValues expand_preset(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamIssue* issue,
                        bool clamp_to_range) {
    const bool takes_preset =
        std::any_of(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.name == "preset"; });
    if (!takes_preset) return kv;
    const ModelPreset* preset = nullptr;
    std::vector<std::string> explicit_keys;
    for (const auto& pair : kv) {
        explicit_keys.push_back(pair.first);
        if (pair.first == "preset") preset = find_model_preset(pair.second);
    }
    if (!preset) return kv;  // none, absent, or unknown (the strict parser names the valid ones)
    KeyValues from_preset = preset_key_values(*preset, specs, explicit_keys, clamp_to_range);
    if (preset->scaling == "longrope") {
        const bool lists_given = std::find(explicit_keys.begin(), explicit_keys.end(), "short_factor") != explicit_keys.end() &&
                                 std::find(explicit_keys.begin(), explicit_keys.end(), "long_factor") != explicit_keys.end();
        const bool scaling_overridden = std::find(explicit_keys.begin(), explicit_keys.end(), "scaling") != explicit_keys.end();
        const bool needs_lists = std::any_of(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.name == "short_factor"; });
        if (needs_lists && !lists_given && !scaling_overridden && issue) {
            *issue = {"preset", "preset: " + preset->name + " uses LongRoPE, but its per-pair factor lists are not part of "
                                "the preset (" + preset->left_out + "): short_factor=... long_factor=... (" +
                                std::to_string(preset->rotary_dim / 2) + " numbers each)"};
            return kv;
        }
    }
    from_preset.insert(from_preset.end(), kv.begin(), kv.end());
    return from_preset;
}

}  // namespace pelab
