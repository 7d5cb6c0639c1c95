// PE Lab — core/quantities/quantities_rope.cpp
// Registry entries for the rotary / long-context / 2-D family, appended to quantity_registry()
// in quantity.cpp: rope_inv_freq, rope_attention_factor, rope_matrix, rope_scores, alibi_slopes, alibi_bias,
// axial_rope_scores.
// Length links: q and k must hold exactly d (or dim) numbers — ParamSpec::list_len_is_value ties a list to
// the value of an Int, so `pelab-cli` rejects a wrong length with exit 2 like any other bad input.
//
// [SECTION] parameter specs
// [SECTION] compute functions
// [SECTION] registry entries
#include <cmath>
#include <vector>

#include "core/relative/alibi.h"
#include "core/io/keys.h"
#include "core/rope/open_models.h"
#include "core/quantities/quantity.h"
#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
#include "core/absolute/vit2d.h"

namespace pelab {

namespace {

// [SECTION] parameter specs
// Every key but axial_rope_scores' dim and theta is a shared key (core/io/keys.h), narrowed here to what each
// quantity accepts.


ParamSpec spec_base() { return narrowed_key("base", 2, 1e9, "10000"); }
ParamSpec spec_layout() { return with_default(shared_key("layout"), "interleaved"); }

// The shared scaling key plus HF's "longrope", which only these quantities can compute: it
// needs the per-pair lists short_factor and long_factor, which the lessons' scaling key does not carry.
ParamSpec spec_scaling_with_longrope() {
    ParamSpec s = with_default(shared_key("scaling"), "none");
    s.choices.push_back("longrope");
    return s;
}

// The keys of rope_inv_freq and rope_attention_factor: the scaling's own, then LongRoPE's extended
// length max_position.
std::vector<ParamSpec> scaling_specs() {
    return {
        narrowed_key("d", 4, 1024, "128"),
        spec_base(),
        spec_scaling_with_longrope(),
        narrowed_key("factor", 1, 1024, "8"),
        narrowed_key("original_max", 1, 10000000, "8192"),
        narrowed_key("seq_len", 1, 100000000, "16384"),
        narrowed_key("beta_fast", 0.01, 1000, "32"),
        narrowed_key("beta_slow", 0.01, 1000, "1"),
        narrowed_key("low_freq_factor", 0.01, 1000, "1"),
        narrowed_key("high_freq_factor", 0.01, 1000, "4"),
        narrowed_key("max_position", 1, 100000000, "131072"),
        shared_key("preset"),  // a model's values; explicit keys override (core/rope/model_presets.h)
    };
}

// rope_inv_freq: the scaling keys plus LongRoPE's per-pair lists (d/2 numbers each, checked by
// validate_longrope_lists since a list's length can only be tied to a multiple of an Int).
std::vector<ParamSpec> inv_freq_specs() {
    std::vector<ParamSpec> specs = scaling_specs();
    for (const char* name : {"short_factor", "long_factor"}) {
        ParamSpec s = narrowed(shared_key(name), 0.01, 10000, "1");
        s.list_max = 512;
        specs.push_back(s);
    }
    return specs;
}

// rope_attention_factor: the scaling keys plus DeepSeek's mscale and mscale_all_dim (YaRN). The per-pair
// lists do not change the factor, so it does not take them.
std::vector<ParamSpec> attention_factor_specs() {
    std::vector<ParamSpec> specs = scaling_specs();
    specs.push_back(narrowed_key("mscale", 0, 100, "0"));
    specs.push_back(narrowed_key("mscale_all_dim", 0, 100, "0"));
    return specs;
}

bool is_longrope(const ParamSet& p) { return p.gets("scaling") == "longrope"; }

// scaling=longrope needs short_factor and long_factor of d/2 numbers each (HF warns on any other length).
std::vector<ParamIssue> validate_longrope_lists(const ParamSet& p) {
    if (!is_longrope(p)) return {};
    const int d = p.geti("d");
    for (const char* name : {"short_factor", "long_factor"}) {
        const std::size_t n = p.getv(name).size();
        if (n != static_cast<std::size_t>(d / 2))
            return {{name, std::string(name) + ": has " + std::to_string(n) + " numbers, but scaling=longrope with d = " +
                               std::to_string(d) + " needs d/2 = " + std::to_string(d / 2) + " (each in 0.01..10000)"}};
    }
    return {};
}

// axial_rope_scores' own keys: dim (the head dimension, a multiple of 4) and theta (its frequency base, what
// the other quantities call base; rope-vit names it theta and defaults to 100).
ParamSpec spec_dim() {
    ParamSpec s = int_spec("dim", 4, 64, "8", "head dimension (multiple of 4)");
    s.multiple_of = 4;
    return s;
}
ParamSpec spec_theta() {
    return real_spec("theta", 1, 1e6, "100", "frequency base, as base elsewhere (rope-vit default 100)");
}

// [SECTION] compute functions
QuantityResult vector_result(const Eigen::VectorXd& v) {
    QuantityResult r;
    r.shape = {static_cast<int>(v.size())};
    r.data.assign(v.data(), v.data() + v.size());
    return r;
}

RopeLayout layout_of(const ParamSet& p) {
    RopeLayout layout = RopeLayout::interleaved;
    parse_rope_layout(p.gets("layout"), &layout);
    return layout;
}

QuantityResult compute_rope_inv_freq(const ParamSet& p) {
    if (is_longrope(p)) {
        using L = LongRopeParams;
        const L l = read_fields<L>(p, {{"d", &L::d}, {"base", &L::base}, {"short_factor", &L::short_factor},
                                       {"long_factor", &L::long_factor}, {"original_max", &L::original_max},
                                       {"max_position", &L::max_position}, {"seq_len", &L::seq_len}});
        return vector_result(rope_longrope_inv_freq(l).inv_freq);
    }
    using S = RopeScalingParams;
    S s = read_fields<S>(p, {{"d", &S::d}, {"base", &S::base}, {"seq_len", &S::seq_len}});
    read_rope_scaling_keys(p, &s);
    return vector_result(rope_scaled_inv_freq(s).inv_freq);
}

// The factor HF multiplies cos and sin by (so every score by its square): YaRN's, with
// DeepSeek's mscales when both are given; LongRoPE's from max_position / original_max; 1 for the others.
QuantityResult compute_rope_attention_factor(const ParamSet& p) {
    double factor = 1.0;
    if (is_longrope(p)) {
        factor = longrope_attention_factor(p.geti("original_max"), p.geti("max_position"));
    } else if (p.gets("scaling") == "yarn") {
        factor = yarn_attention_factor(p.getd("factor"), p.getd("mscale"), p.getd("mscale_all_dim"));
    }
    QuantityResult r;
    r.shape = {1, 1};
    r.data = {factor};
    return r;
}

QuantityResult compute_rope_matrix(const ParamSet& p) {
    const Eigen::VectorXd theta = rope_default_inv_freq(p.geti("d"), p.getd("base"));
    return matrix_result(rope_matrix(theta, p.getd("m"), layout_of(p)));
}

// The rotating width rope_scores uses: rotary_dim when given (non-zero), else
// int(d · partial_rotary_factor) as HF computes it (d itself with the default factor 1).
int rotary_dim_of(const ParamSet& p) {
    const int given = p.geti("rotary_dim");
    return given != 0 ? given : rotary_dim_from_factor(p.geti("d"), p.getd("partial_rotary_factor"));
}

// rotary_dim (or the width partial_rotary_factor gives) must be even and in 2..d; the two keys are two
// spellings of one setting, so at most one of them may be given.
std::vector<ParamIssue> validate_rotary_dim(const ParamSet& p) {
    const int d = p.geti("d"), given = p.geti("rotary_dim");
    const double factor = p.getd("partial_rotary_factor");
    const std::string range = "2.." + std::to_string(d) + ", even, at most d = " + std::to_string(d);
    if (given != 0 && factor != 1.0)
        return {{"rotary_dim", "rotary_dim and partial_rotary_factor: give one of them, not both (rotary_dim=" +
                                   std::to_string(given) + ", partial_rotary_factor=" + format_number(factor) + ")"}};
    if (given != 0) {
        if (given < 2 || given > d)
            return {{"rotary_dim", "rotary_dim: " + std::to_string(given) + " is out of range " + range}};
        return {};
    }
    const int r = rotary_dim_from_factor(d, factor);
    if (r < 2 || r % 2 != 0)
        return {{"partial_rotary_factor", "partial_rotary_factor: " + format_number(factor) + " gives rotary_dim = int(" +
                                              std::to_string(d) + " * " + format_number(factor) + ") = " +
                                              std::to_string(r) + ", which must be " + range}};
    return {};
}

QuantityResult compute_rope_scores(const ParamSet& p) {
    return matrix_result(partial_rope_scores(p.geti("L"), rotary_dim_of(p), p.getd("base"), vector_param(p, "q"),
                                             vector_param(p, "k"), layout_of(p)));
}

QuantityResult compute_alibi_slopes(const ParamSet& p) {
    const std::vector<double> s = alibi_slopes(p.geti("heads"));
    QuantityResult r;
    r.shape = {static_cast<int>(s.size())};
    r.data = s;
    return r;
}

QuantityResult compute_alibi_bias(const ParamSet& p) {
    const int L = p.geti("L"), heads = p.geti("heads");
    AlibiMode mode = AlibiMode::causal;
    parse_alibi_mode(p.gets("mode"), &mode);
    QuantityResult r;
    r.shape = {heads, L, L};
    for (double slope : alibi_slopes(heads)) {
        const Eigen::MatrixXd B = alibi_bias(L, slope, mode);
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) r.data.push_back(B(i, j));
    }
    return r;
}

QuantityResult compute_axial_rope_scores(const ParamSet& p) {
    return matrix_result(axial_rope_scores(p.geti("H"), p.geti("W"), p.geti("dim"), p.getd("theta"),
                                                vector_param(p, "q"), vector_param(p, "k")));
}

}  // namespace

// [SECTION] registry entries
std::vector<Quantity> quantities_rotary() {
    return {
        {"rope_inv_freq",
         "d/2 RoPE inverse frequencies theta_i (radians per position) under a scaling, as HF modeling_rope_utils "
         "(longrope: long_factor once seq_len > original_max)",
         inv_freq_specs(), compute_rope_inv_freq,
         [](const ParamSet& p) { return std::vector<long long>{p.geti("d") / 2}; },
         validate_longrope_lists},
        {"rope_attention_factor",
         "1 x 1 factor HF multiplies cos and sin by: YaRN 0.1*ln(factor)+1 (DeepSeek: ratio of the mscales), "
         "LongRoPE sqrt(1 + ln s / ln original_max) with s = max_position/original_max, else 1",
         attention_factor_specs(), compute_rope_attention_factor,
         [](const ParamSet&) { return std::vector<long long>{1, 1}; }},
        {"rope_matrix", "d x d rotation R_m (pair i turned by m*theta_i, theta_i = base^(-2i/d)) in a layout",
         {narrowed_key("d", 2, 128, "8"), spec_base(), narrowed_key("m", -1e6, 1e6, "1"), spec_layout()},
         compute_rope_matrix,
         [](const ParamSet& p) { return std::vector<long long>{p.geti("d"), p.geti("d")}; }},
        {"rope_scores",
         "L x L scores S[m][n] = <R_m q, R_n k> (rows m query, columns n key); only the first rotary_dim "
         "numbers turn (GPT-NeoX partial rotary)",
         {narrowed_key("L", 1, 256, "8"), narrowed_key("d", 2, 256, "4"), spec_base(), spec_layout(),
          vector_sized_by("q", "d", 256, "1,0,1,0"), vector_sized_by("k", "d", 256, "1,0,1,0"),
          narrowed_key("rotary_dim", 0, 256, "0"), narrowed_key("partial_rotary_factor", 0, 1, "1")},
         compute_rope_scores,
         [](const ParamSet& p) { return std::vector<long long>{p.geti("L"), p.geti("L")}; },
         validate_rotary_dim},
        {"alibi_slopes", "ALiBi head slopes as the reference get_slopes (not sorted when heads is not a power of 2)",
         {narrowed_key("heads", 1, 256, "8")}, compute_alibi_slopes,
         [](const ParamSet& p) { return std::vector<long long>{p.geti("heads")}; }},
        {"alibi_bias", "heads x L x L ALiBi bias: causal -m*(i-j) for j<=i and -inf (null) above, or symmetric -m*|i-j|",
         {narrowed_key("L", 1, 128, "8"), narrowed_key("heads", 1, 64, "8"), with_default(shared_key("mode"), "causal")},
         compute_alibi_bias,
         [](const ParamSet& p) {
             return std::vector<long long>{p.geti("heads"), p.geti("L"), p.geti("L")};
         }},
        {"axial_rope_scores",
         "(HW) x (HW) axial 2-D RoPE scores (rope-vit): first dim/4 pairs turn with the column, the rest with the row",
         {narrowed_key("H", 1, 16, "2"), narrowed_key("W", 1, 16, "3"), spec_dim(), spec_theta(),
          vector_sized_by("q", "dim", 64, "1,0,1,0,1,0,1,0"), vector_sized_by("k", "dim", 64, "1,0,1,0,1,0,1,0")},
         compute_axial_rope_scores,
         [](const ParamSet& p) {
             const long long n = static_cast<long long>(p.geti("H")) * p.geti("W");
             return std::vector<long long>{n, n};
         }},
    };
}

}  // namespace pelab
