// PE Lab — tests/core/model_presets_test.cpp
// The model presets (core/rope/model_presets.h): each preset is well formed (rotary_dim even and within the head,
// MLA's parts adding up, M-RoPE's sections covering the pairs, contexts ordered, every value with a source),
// its frequencies through core equal an independent double-precision transcription of HF transformers
// modeling_rope_utils.py (_compute_default_rope_parameters, _compute_linear_scaling_rope_parameters,
// _compute_llama3_parameters, _compute_yarn_parameters with truncate) to 1e-12, and a preset expands into the
// keys a quantity takes with explicit keys winning.
//
// [SECTION] reference transcriptions (HF modeling_rope_utils.py, in double)
// [SECTION] the table's data file
// [SECTION] well-formed presets
// [SECTION] frequencies through core
// [SECTION] expansion into a quantity's keys
#include <algorithm>
#include <utility>
#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/rope/model_presets.h"
#include "core/quantities/quantity.h"
#include "core/rope/rope_scaling.h"

// The embedded core/rope/model_presets.txt (the build's copy of it).
extern const unsigned char pelab_model_presets_txt[];
extern const unsigned int pelab_model_presets_txt_size;

namespace {

using namespace pelab;

// [SECTION] reference transcriptions (HF modeling_rope_utils.py, in double)
std::vector<double> hf_default(int dim, double base) {
    std::vector<double> out;
    for (int i = 0; i < dim; i += 2) out.push_back(1.0 / std::pow(base, static_cast<double>(i) / dim));
    return out;
}

// _compute_llama3_parameters
std::vector<double> hf_llama3(int dim, double base, double factor, double low_freq_factor, double high_freq_factor,
                              double old_context_len) {
    std::vector<double> out;
    const double low_freq_wavelen = old_context_len / low_freq_factor;
    const double high_freq_wavelen = old_context_len / high_freq_factor;
    for (double inv_freq : hf_default(dim, base)) {
        const double wavelen = 2 * kPi / inv_freq;
        double llama = wavelen > low_freq_wavelen ? inv_freq / factor : inv_freq;
        const double smooth = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor);
        const double smoothed = (1 - smooth) * llama / factor + smooth * llama;
        const bool medium = !(wavelen < high_freq_wavelen) && !(wavelen > low_freq_wavelen);
        out.push_back(medium ? smoothed : llama);
    }
    return out;
}

// _compute_yarn_parameters (truncate = True): find_correction_range, linear_ramp_factor, the blend.
std::vector<double> hf_yarn(int dim, double base, double factor, double beta_fast, double beta_slow, int original_max) {
    auto correction_dim = [&](double rotations) {
        return (dim * std::log(original_max / (rotations * 2 * kPi))) / (2 * std::log(base));
    };
    double low = std::floor(correction_dim(beta_fast));
    double high = std::ceil(correction_dim(beta_slow));
    low = std::max(low, 0.0);
    high = std::min(high, static_cast<double>(dim - 1));
    if (low == high) high += 0.001;
    std::vector<double> out;
    for (int i = 0; i < dim / 2; ++i) {
        const double pos_freq = std::pow(base, static_cast<double>(2 * i) / dim);
        const double extrapolation = 1.0 / pos_freq, interpolation = 1.0 / (factor * pos_freq);
        const double ramp = std::min(1.0, std::max(0.0, (i - low) / (high - low)));
        const double extrapolation_factor = 1 - ramp;
        out.push_back(interpolation * (1 - extrapolation_factor) + extrapolation * extrapolation_factor);
    }
    return out;
}

void expect_near_relative(const std::vector<double>& got, const std::vector<double>& want, const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], want[i], 1e-12 * std::abs(want[i])) << what << " pair " << i;
}

// [SECTION] well-formed presets
// [SECTION] the table's data file
TEST(ModelPresets, TheEmbeddedTableParsesWithoutError) {
    std::string error;
    const std::vector<ModelPreset> presets = parse_model_presets(
        std::string(reinterpret_cast<const char*>(pelab_model_presets_txt), pelab_model_presets_txt_size), &error);
    EXPECT_EQ(error, "");
    ASSERT_EQ(presets.size(), model_presets().size());
    for (std::size_t i = 0; i < presets.size(); ++i) EXPECT_EQ(presets[i].name, model_presets()[i].name);
}

TEST(ModelPresets, TheTableFormatReadsFieldsListsAndSources) {
    std::string error;
    const std::vector<ModelPreset> p = parse_model_presets(
        "# a comment\n[m]\ndisplay: M 1B\n# why 64\nhead_dim: 64\nbase: 1e4\nmrope_section: 2,3,3\n"
        "source: head_dim 64\nfrom: repo · file\n\n[n]\nfactor: 2.5\n", &error);
    EXPECT_EQ(error, "");
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0].name, "m");
    EXPECT_EQ(p[0].display, "M 1B");
    EXPECT_EQ(p[0].head_dim, 64);
    EXPECT_EQ(p[0].base, 1e4);
    EXPECT_EQ(p[0].mrope_section, (std::vector<int>{2, 3, 3}));
    ASSERT_EQ(p[0].sources.size(), 1u);
    EXPECT_EQ(p[0].sources[0].where, "repo · file");
    EXPECT_EQ(p[1].factor, 2.5);
    EXPECT_EQ(p[1].head_dim, 0);  // a field left out keeps the struct's default
}

TEST(ModelPresets, AMalformedTableNamesTheLine) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"display: x\n", "line 1: a field before the first [name]"},
        {"[m]\nhead_dim 64\n", "line 2: \"field: value\" expected"},
        {"[m]\nhead_dim: 6.5\n", "line 2: a whole number is expected"},
        {"[m]\nbase: ten\n", "line 2: a number is expected"},
        {"[m]\nmrope_section: 2,,3\n", "line 2: a list of whole numbers is expected"},
        {"[m]\nrope: 1\n", "line 2: unknown field \"rope\""},
        {"[m]\nfrom: repo\n", "line 2: \"from\" without a \"source\""},
        {"[m]\nsource: base\n", "m: a \"source\" without \"from\""},
    };
    for (const auto& [text, message] : cases) {
        std::string error;
        parse_model_presets(text, &error);
        EXPECT_EQ(error, message) << text;
    }
}

TEST(ModelPresets, EveryPresetIsWellFormedAndSourced) {
    ASSERT_GE(model_presets().size(), 10u);
    std::vector<std::string> names;
    for (const ModelPreset& p : model_presets()) {
        SCOPED_TRACE(p.name);
        names.push_back(p.name);
        EXPECT_FALSE(p.display.empty());
        EXPECT_GT(p.rotary_dim, 0);
        EXPECT_EQ(p.rotary_dim % 2, 0);
        EXPECT_LE(p.rotary_dim, p.head_dim);
        if (p.nope_dim > 0) EXPECT_EQ(p.nope_dim + p.rotary_dim, p.head_dim);  // MLA: the two parts of a head
        if (!p.mrope_section.empty()) {
            int sum = 0;
            for (int s : p.mrope_section) sum += s;
            EXPECT_EQ(2 * sum, p.rotary_dim);  // HF apply_multimodal_rotary_pos_emb: sections cover the pairs
        }
        EXPECT_GT(p.base, 1.0);
        EXPECT_TRUE(p.layout == "half" || p.layout == "interleaved");
        EXPECT_TRUE(p.scaling == "none" || p.scaling == "linear" || p.scaling == "yarn" || p.scaling == "llama3" ||
                    p.scaling == "longrope");
        if (p.scaling == "none") EXPECT_EQ(p.factor, 1.0);
        EXPECT_GT(p.extended_context, 0);
        if (p.trained_context > 0) EXPECT_LE(p.trained_context, p.extended_context);
        if (p.trained_context == 0) EXPECT_FALSE(p.left_out.empty()) << "an unsourced context is said to be left out";
        if (p.scaling == "longrope") EXPECT_FALSE(p.left_out.empty()) << "the factor lists are said to be left out";
        EXPECT_EQ(find_model_preset(p.name), &p);
        // Sources: at least two, each naming what and where; at least one first-party file (repo · file).
        ASSERT_GE(p.sources.size(), 2u);
        bool first_party = false;
        for (const PresetSource& s : p.sources) {
            EXPECT_FALSE(s.what.empty());
            EXPECT_FALSE(s.where.empty());
            first_party = first_party || s.where.find(" · ") != std::string::npos;
        }
        EXPECT_TRUE(first_party);
    }
    std::sort(names.begin(), names.end());
    EXPECT_TRUE(std::adjacent_find(names.begin(), names.end()) == names.end()) << "names are unique";
    EXPECT_EQ(find_model_preset("none"), nullptr);
    EXPECT_EQ(model_preset_choices().front(), "none");
    EXPECT_EQ(model_preset_choices().size(), model_presets().size() + 1);
}

// Values read from the first-party files (meta-llama/llama-models sku_list.py and apply_scaling;
// deepseek-ai/DeepSeek-V3 inference/model.py ModelArgs; EleutherAI/gpt-neox configs/20B.yml).
TEST(ModelPresets, KeyValuesAsTheFilesGiveThem) {
    const ModelPreset* llama = find_model_preset("llama-3.1-8b");
    ASSERT_NE(llama, nullptr);
    EXPECT_EQ(llama->head_dim, 4096 / 32);
    EXPECT_EQ(llama->base, 500000.0);
    EXPECT_EQ(llama->factor, 8.0);
    EXPECT_EQ(llama->original_max, 8192);
    EXPECT_EQ(llama->extended_context, 131072);
    const ModelPreset* deepseek = find_model_preset("deepseek-v3");
    ASSERT_NE(deepseek, nullptr);
    EXPECT_EQ(deepseek->rotary_dim, 64);
    EXPECT_EQ(deepseek->nope_dim, 128);
    EXPECT_EQ(deepseek->factor, 40.0);
    EXPECT_EQ(deepseek->original_max, 4096);
    EXPECT_EQ(deepseek->layout, "interleaved");
    const ModelPreset* neox = find_model_preset("gpt-neox-20b");
    ASSERT_NE(neox, nullptr);
    EXPECT_EQ(neox->head_dim, 6144 / 64);
    EXPECT_EQ(neox->rotary_dim, static_cast<int>(neox->head_dim * 0.25));
    EXPECT_EQ(neox->trained_context, 2048);
}

// [SECTION] frequencies through core
TEST(ModelPresets, FrequenciesThroughCoreEqualTheReferenceFormulas) {
    for (const ModelPreset& p : model_presets()) {
        SCOPED_TRACE(p.name);
        const std::vector<double> got = preset_inv_freq(p);
        if (p.scaling == "longrope") {
            EXPECT_TRUE(got.empty());  // its factor lists are not part of the preset
            continue;
        }
        std::vector<double> want = hf_default(p.rotary_dim, p.base);
        if (p.scaling == "linear")
            for (double& t : want) t /= p.factor;
        if (p.scaling == "llama3")
            want = hf_llama3(p.rotary_dim, p.base, p.factor, p.low_freq_factor, p.high_freq_factor, p.original_max);
        if (p.scaling == "yarn") want = hf_yarn(p.rotary_dim, p.base, p.factor, p.beta_fast, p.beta_slow, p.original_max);
        expect_near_relative(got, want, p.name);
        if (p.local_base > 0) expect_near_relative(preset_local_inv_freq(p), hf_default(p.rotary_dim, p.local_base), "local");
        else EXPECT_TRUE(preset_local_inv_freq(p).empty());
    }
}

// The same numbers come out of the CLI quantity rope_inv_freq when the preset's keys are given to it.
TEST(ModelPresets, TheQuantityComputesThePresetsFrequencies) {
    const Quantity* q = find_quantity("rope_inv_freq");
    ASSERT_NE(q, nullptr);
    for (const ModelPreset& p : model_presets()) {
        if (p.scaling == "longrope") continue;
        SCOPED_TRACE(p.name);
        ParamIssue issue;
        const KeyValues kv = expand_preset(q->params, {{"preset", p.name}}, &issue);
        EXPECT_TRUE(issue.message.empty()) << issue.message;
        ParamSet params = defaults(q->params);
        const std::vector<ParamIssue> issues = parse_params_strict(q->params, kv, &params);
        ASSERT_TRUE(issues.empty()) << issues.front().message;
        EXPECT_EQ(q->compute(params).data, preset_inv_freq(p));
    }
}

// [SECTION] expansion into a quantity's keys
TEST(ModelPresets, ExplicitKeysOverrideThePreset) {
    const Quantity* q = find_quantity("rope_inv_freq");
    ASSERT_NE(q, nullptr);
    ParamIssue issue;
    const KeyValues kv = expand_preset(q->params, {{"preset", "llama-3.1-8b"}, {"factor", "4"}}, &issue);
    ParamSet params = defaults(q->params);
    ASSERT_TRUE(parse_params_strict(q->params, kv, &params).empty());
    EXPECT_EQ(params.getd("factor"), 4.0);      // explicit
    EXPECT_EQ(params.getd("base"), 500000.0);   // from the preset
    EXPECT_EQ(params.gets("scaling"), "llama3");
    // Only keys the quantity has: rope_scores takes no scaling, so none is set on it.
    const Quantity* scores = find_quantity("rope_scores");
    ASSERT_NE(scores, nullptr);
    const KeyValues none = expand_preset(scores->params, {{"preset", "llama-3.1-8b"}}, &issue);
    EXPECT_EQ(none.size(), 1u);  // no preset key there: input unchanged
    // Unknown names are left for the strict parser, which names the valid ones.
    const KeyValues unknown = expand_preset(q->params, {{"preset", "llama-9"}}, &issue);
    ASSERT_EQ(unknown.size(), 1u);
    ParamSet p2 = defaults(q->params);
    const std::vector<ParamIssue> refused = parse_params_strict(q->params, unknown, &p2);
    ASSERT_FALSE(refused.empty());
    EXPECT_NE(refused.front().message.find("llama-3.1-8b"), std::string::npos) << refused.front().message;
}

TEST(ModelPresets, LongRopeWithoutItsListsIsRefusedWithAReason) {
    const Quantity* q = find_quantity("rope_inv_freq");
    ASSERT_NE(q, nullptr);
    ParamIssue issue;
    expand_preset(q->params, {{"preset", "phi-3-mini-128k"}}, &issue);
    EXPECT_EQ(issue.key, "preset");
    EXPECT_NE(issue.message.find("48 numbers each"), std::string::npos) << issue.message;
    // With both lists given explicitly it goes through (48 = rotary_dim / 2 numbers each).
    std::string ones = "1";
    for (int i = 1; i < 48; ++i) ones += ",1";
    ParamIssue none;
    const KeyValues kv =
        expand_preset(q->params, {{"preset", "phi-3-mini-128k"}, {"short_factor", ones}, {"long_factor", ones}}, &none);
    EXPECT_TRUE(none.message.empty());
    ParamSet params = defaults(q->params);
    ASSERT_TRUE(parse_params_strict(q->params, kv, &params).empty());
    EXPECT_TRUE(validate_params(*q, params).empty());
    EXPECT_EQ(params.geti("d"), 96);
    EXPECT_EQ(params.geti("max_position"), 131072);
}

// A key may take a preset value of another name (a map's L takes the extended context), or none; the
// lessons bring a value beyond the key's range into it, the CLI leaves it for the strict parser to refuse.
TEST(ModelPresets, PresetValuesFollowTheSpecsNamesAndRanges) {
    const ModelPreset* llama = find_model_preset("llama-3.1-8b");
    ASSERT_NE(llama, nullptr);
    ParamSpec L = int_spec("L", 2, 65536, "1024", "sequence length");
    L.preset_value = "seq_len";
    ParamSpec d = int_spec("d", 2, 64, "8", "demo width");
    d.preset_value = kNoPresetValue;
    const std::vector<ParamSpec> specs = {L, d};
    const KeyValues strict = preset_key_values(*llama, specs, {});
    ASSERT_EQ(strict.size(), 1u);
    EXPECT_EQ(strict[0], (std::pair<std::string, std::string>{"L", std::to_string(llama->extended_context)}));
    const KeyValues fitted = preset_key_values(*llama, specs, {}, /*clamp_to_range=*/true);
    ASSERT_EQ(fitted.size(), 1u);
    EXPECT_EQ(fitted[0].second, "65536");
    EXPECT_TRUE(preset_key_values(*llama, specs, {"L"}).empty());  // given explicitly
}

// DeepSeek's mscales reach the cos/sin factor of the YaRN frequencies (HF _compute_yarn_parameters:
// get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim), 1 when the two are equal).
TEST(ModelPresets, YarnAttentionFactorTakesDeepSeeksMscales) {
    RopeScalingParams p;
    p.kind = RopeScaling::yarn;
    p.factor = 40;
    EXPECT_DOUBLE_EQ(rope_scaled_inv_freq(p).attention_factor, 0.1 * std::log(40.0) + 1.0);
    p.mscale = 1.0;
    p.mscale_all_dim = 1.0;
    EXPECT_EQ(rope_scaled_inv_freq(p).attention_factor, 1.0);
    p.mscale_all_dim = 0.5;
    EXPECT_DOUBLE_EQ(rope_scaled_inv_freq(p).attention_factor, (0.1 * std::log(40.0) + 1.0) / (0.05 * std::log(40.0) + 1.0));
}

}  // namespace
