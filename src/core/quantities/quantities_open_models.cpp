// PE Lab — core/quantities/quantities_open_models.cpp
// Registry entries for positions in current open models, appended to quantity_registry() in
// quantity.cpp: mrope_position_ids, mrope_scores, llama4_attn_temperature, mla_cache. (rope_scores' rotary_dim, rope_inv_freq's longrope and
// rope_attention_factor live with the other RoPE quantities in quantities_rope.cpp.)
// Every key is a shared key (core/io/keys.h) narrowed here; the rules between keys (section sums to d/2, grid
// sides are multiples of merge) are each quantity's validate.
//
// [SECTION] parameter specs
// [SECTION] rules between keys
// [SECTION] compute functions
// [SECTION] registry entries
#include <cmath>
#include <string>
#include <vector>

#include "core/io/keys.h"
#include "core/rope/open_models.h"
#include "core/quantities/quantity.h"

namespace pelab {

namespace {

// [SECTION] parameter specs


// The sequence keys; mrope_scores narrows them so that N stays at most 512 + 4·16·16 = 1536 tokens.
std::vector<ParamSpec> sequence_specs(bool for_scores) {
    const double text = for_scores ? 256 : 1024, t = for_scores ? 4 : 64, side = for_scores ? 32 : 256;
    return {narrowed_key("text_before", 0, text, "2"), narrowed_key("grid_t", 0, t, "1"),          narrowed_key("grid_h", 1, side, "4"),
            narrowed_key("grid_w", 1, side, "4"),      narrowed_key("merge", 1, 8, "2"),          narrowed_key("text_after", 0, text, "2")};
}

std::vector<ParamSpec> mrope_scores_specs() {
    std::vector<ParamSpec> specs = sequence_specs(true);
    const std::vector<ParamSpec> more = {narrowed_key("d", 2, 256, "16"), narrowed_key("section", 0, 128, "2,3,3"),
                                         narrowed_key("base", 2, 1e9, "10000"),
                                         vector_sized_by("q", "d", 256, "1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0"),
                                         vector_sized_by("k", "d", 256, "1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0")};
    specs.insert(specs.end(), more.begin(), more.end());
    return specs;
}

MropeSequence sequence_of(const ParamSet& p) {
    using S = MropeSequence;
    return read_fields<S>(p, {{"text_before", &S::text_before}, {"grid_t", &S::grid_t}, {"grid_h", &S::grid_h},
                              {"grid_w", &S::grid_w}, {"merge", &S::merge}, {"text_after", &S::text_after}});
}

std::vector<int> section_of(const ParamSet& p) {
    std::vector<int> out;
    for (double x : p.getv("section")) out.push_back(static_cast<int>(x));
    return out;
}

// [SECTION] rules between keys
// The image's sides must be whole multiples of merge (the Qwen2-VL processor resizes them so), and the
// sequence must hold at least one token.
std::vector<ParamIssue> validate_sequence(const ParamSet& p) {
    const MropeSequence s = sequence_of(p);
    if (s.grid_t > 0) {
        for (const char* side : {"grid_h", "grid_w"}) {
            const int v = p.geti(side);
            if (v % s.merge != 0)
                return {{side, std::string(side) + ": " + std::to_string(v) + " is not a multiple of merge = " +
                                   std::to_string(s.merge) + " (the patches merge " + std::to_string(s.merge) + " x " +
                                   std::to_string(s.merge) + " into one token)"}};
        }
    }
    if (mrope_token_count(s) < 1)
        return {{"text_before", "text_before, grid_t, text_after: the sequence is empty; give at least one token"}};
    return {};
}

// section: three whole numbers summing to d/2.
std::vector<ParamIssue> validate_mrope_scores(const ParamSet& p) {
    std::vector<ParamIssue> issues = validate_sequence(p);
    if (!issues.empty()) return issues;
    const int d = p.geti("d");
    double sum = 0;
    for (double x : p.getv("section")) {
        if (x != std::floor(x))
            return {{"section", "section: " + format_number(x) + " is not a whole number (3 whole numbers summing to d/2)"}};
        sum += x;
    }
    if (sum != d / 2)
        return {{"section", "section: sums to " + format_number(sum) + ", but d = " + std::to_string(d) +
                                " needs a sum of d/2 = " + std::to_string(d / 2)}};
    return {};
}

// [SECTION] compute functions
QuantityResult compute_mrope_position_ids(const ParamSet& p) {
    QuantityResult r = matrix_result(mrope_position_ids(sequence_of(p)).cast<double>());
    r.integer = true;
    return r;
}

QuantityResult compute_mrope_scores(const ParamSet& p) {
    return matrix_result(mrope_scores(mrope_position_ids(sequence_of(p)), p.getd("base"), section_of(p), vector_param(p, "q"),
                                      vector_param(p, "k")));
}

QuantityResult compute_llama4_attn_temperature(const ParamSet& p) {
    const Eigen::VectorXd v =
        llama4_attn_temperatures(p.geti("L"), p.geti("stride"), p.getd("attn_scale"), p.getd("floor_scale"));
    QuantityResult r;
    r.shape = {static_cast<int>(v.size())};
    r.data.assign(v.data(), v.data() + v.size());
    return r;
}

MlaConfig mla_of(const ParamSet& p) {
    using C = MlaConfig;
    return read_fields<C>(p, {{"heads", &C::heads}, {"kv_lora_rank", &C::kv_lora_rank},
                              {"qk_rope_head_dim", &C::qk_rope_head_dim}, {"qk_nope_head_dim", &C::qk_nope_head_dim},
                              {"v_head_dim", &C::v_head_dim}});
}

// [MLA numbers, MHA numbers, MHA / MLA, mscale², softmax scale]: cache numbers per token per layer and the
// softmax scale with its YaRN multiplier. Defaults: DeepSeek-V3 (head shapes of HF DeepseekV3Config; factor 40
// and mscale 1 of deepseek-ai/DeepSeek-V3 inference/model.py ModelArgs).
QuantityResult compute_mla_cache(const ParamSet& p) {
    const MlaConfig c = mla_of(p);
    const double factor = p.getd("factor"), mscale_all_dim = p.getd("mscale_all_dim");
    const double mla = static_cast<double>(mla_cache_numbers(c)), mha = static_cast<double>(mha_cache_numbers(c));
    QuantityResult r;
    r.shape = {5};
    r.data = {mla, mha, mha / mla, mla_softmax_scale_factor(factor, mscale_all_dim),
              mla_softmax_scale(c, factor, mscale_all_dim)};
    return r;
}

}  // namespace

// [SECTION] registry entries
std::vector<Quantity> quantities_open_models() {
    return {
        {"mrope_position_ids",
         "3 x N M-RoPE position ids (rows t, h, w) of text, one image, text, as Qwen2-VL get_rope_index",
         sequence_specs(false), compute_mrope_position_ids,
         [](const ParamSet& p) { return std::vector<long long>{3, mrope_token_count(sequence_of(p))}; },
         validate_sequence},
        {"mrope_scores",
         "N x N M-RoPE scores <M(ids_m) q, M(ids_n) k> (rotate_half layout; section splits the pairs among t, h, w)",
         mrope_scores_specs(), compute_mrope_scores,
         [](const ParamSet& p) {
             const long long n = mrope_token_count(sequence_of(p));
             return std::vector<long long>{n, n};
         },
         validate_mrope_scores},
        {"llama4_attn_temperature",
         "L factors Llama 4 multiplies NoPE-layer queries by at positions p = 0, stride, ...: "
         "log(floor((p+1)/floor_scale)+1)*attn_scale+1",
         {narrowed_key("L", 1, 65536, "16"), narrowed_key("stride", 1, 1000000, "8192"), narrowed_key("attn_scale", 0, 10, "0.1"),
          narrowed_key("floor_scale", 1, 100000000, "8192")},
         compute_llama4_attn_temperature,
         [](const ParamSet& p) { return std::vector<long long>{p.geti("L")}; }},
        {"mla_cache",
         "5 numbers of DeepSeek MLA: cached numbers per token per layer (MLA kv_lora_rank+qk_rope_head_dim, "
         "MHA heads*(qk_nope+qk_rope+v_head_dim)), their ratio, the YaRN softmax multiplier "
         "mscale(factor, mscale_all_dim)^2 and the softmax scale",
         {narrowed_key("heads", 1, 256, "128"), narrowed_key("kv_lora_rank", 1, 8192, "512"),
          narrowed_key("qk_rope_head_dim", 2, 1024, "64"), narrowed_key("qk_nope_head_dim", 0, 1024, "128"),
          narrowed_key("v_head_dim", 1, 1024, "128"), narrowed_key("factor", 1, 1024, "40"),
          narrowed_key("mscale_all_dim", 0, 100, "1")},
         compute_mla_cache, [](const ParamSet&) { return std::vector<long long>{5}; }},
    };
}

}  // namespace pelab
