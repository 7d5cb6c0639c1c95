// PE Lab — core/quantities_rope.cpp
// Registry entries for the rotary / long-context / 2-D family (issue 4), appended to quantity_registry()
// in quantity.cpp: rope_inv_freq, rope_matrix, rope_scores, alibi_slopes, alibi_bias, axial_rope_scores.
// Length links: q and k must hold exactly d (or dim) numbers — ParamSpec::list_len_is_value ties a list to
// the value of an Int, so `pelab-cli` rejects a wrong length with exit 2 like any other bad input.
//
// [SECTION] parameter specs
// [SECTION] compute functions
// [SECTION] registry entries
#include <cmath>
#include <vector>

#include "core/alibi.h"
#include "core/quantity.h"
#include "core/rope.h"
#include "core/rope_scaling.h"
#include "core/vit2d.h"

namespace pelab {

namespace {

// [SECTION] parameter specs
// An Int spec that only accepts multiples of `m` (even rotary dimensions, multiples of 4).
ParamSpec with_multiple_of(ParamSpec s, int m) {
    s.multiple_of = m;
    return s;
}

// A vector of exactly `of` numbers (the value of the Int `of`), falling back to the pattern 1,0,1,0,….
ParamSpec vector_spec(const char* name, const char* of, int max_len, const char* def, const char* help,
                      const char* help_zh) {
    ParamSpec s;
    s.name = name;
    s.kind = ParamKind::RealList;
    s.min = -100;
    s.max = 100;
    s.list_min = 1;
    s.list_max = max_len;
    s.list_len_of = of;
    s.list_len_is_value = true;
    s.list_fallback = "1,0";
    s.default_text = def;
    s.help = help;
    s.help_zh = help_zh;
    return s;
}

ParamSpec spec_base() {
    return real_spec("base", 2, 1e9, "10000", "RoPE frequency base (rope_theta)", "RoPE 频率底数（rope_theta）");
}

ParamSpec spec_layout() {
    return choice_spec("layout", {"interleaved", "half"}, "interleaved",
                       "pairing: interleaved (x2i, x2i+1) or half (xi, xi+d/2)",
                       "配对方式：交错 (x2i, x2i+1) 或对半 (xi, xi+d/2)");
}

std::vector<ParamSpec> inv_freq_specs() {
    return {
        with_multiple_of(int_spec("d", 4, 1024, "128", "rotary dimension (even); gives d/2 frequencies", "旋转维度（偶数），得到 d/2 个频率"), 2),
        spec_base(),
        choice_spec("scaling", rope_scaling_names(), "none", "frequency scaling as in HF modeling_rope_utils",
                    "频率缩放方式（同 HF modeling_rope_utils）"),
        real_spec("factor", 1, 1024, "8", "context extension factor s", "上下文扩展倍数 s", "s"),
        int_spec("original_max", 1, 10000000, "8192", "training length (original_max_position_embeddings)",
                 "训练长度（original_max_position_embeddings）"),
        int_spec("seq_len", 1, 100000000, "16384", "current sequence length (dynamic only)", "当前序列长度（仅 dynamic）"),
        real_spec("beta_fast", 0.01, 1000, "32", "YaRN: rotations where extrapolation ends", "YaRN：外推区结束处的圈数"),
        real_spec("beta_slow", 0.01, 1000, "1", "YaRN: rotations where interpolation starts", "YaRN：插值区开始处的圈数"),
        real_spec("low_freq_factor", 0.01, 1000, "1", "Llama 3: low-frequency factor", "Llama 3：低频因子"),
        real_spec("high_freq_factor", 0.01, 1000, "4", "Llama 3: high-frequency factor", "Llama 3：高频因子"),
    };
}

// [SECTION] compute functions
QuantityResult vector_result(const Eigen::VectorXd& v) {
    QuantityResult r;
    r.shape = {static_cast<int>(v.size())};
    r.data.assign(v.data(), v.data() + v.size());
    return r;
}

Eigen::VectorXd list_of(const ParamSet& p, const char* key) {
    const std::vector<double>& v = p.getv(key);
    Eigen::VectorXd out(static_cast<Eigen::Index>(v.size()));
    for (std::size_t i = 0; i < v.size(); ++i) out(static_cast<Eigen::Index>(i)) = v[i];
    return out;
}

RopeLayout layout_of(const ParamSet& p) {
    RopeLayout layout = RopeLayout::interleaved;
    parse_rope_layout(p.gets("layout"), &layout);
    return layout;
}

QuantityResult compute_rope_inv_freq(const ParamSet& p) {
    RopeScalingParams s;
    parse_rope_scaling(p.gets("scaling"), &s.kind);
    s.d = p.geti("d");
    s.base = p.getd("base");
    s.factor = p.getd("factor");
    s.original_max = p.geti("original_max");
    s.seq_len = p.geti("seq_len");
    s.beta_fast = p.getd("beta_fast");
    s.beta_slow = p.getd("beta_slow");
    s.low_freq_factor = p.getd("low_freq_factor");
    s.high_freq_factor = p.getd("high_freq_factor");
    return vector_result(rope_scaled_inv_freq(s).inv_freq);
}

QuantityResult compute_rope_matrix(const ParamSet& p) {
    const Eigen::VectorXd theta = rope_default_inv_freq(p.geti("d"), p.getd("base"));
    return matrix_result(rope_matrix(theta, p.getd("m"), layout_of(p)));
}

QuantityResult compute_rope_scores(const ParamSet& p) {
    const Eigen::VectorXd theta = rope_default_inv_freq(p.geti("d"), p.getd("base"));
    return matrix_result(rope_scores(p.geti("L"), theta, list_of(p, "q"), list_of(p, "k"), layout_of(p)));
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
                                                list_of(p, "q"), list_of(p, "k")));
}

}  // namespace

// [SECTION] registry entries
std::vector<Quantity> quantities_rotary() {
    std::vector<Quantity> out;
    out.push_back({"rope_inv_freq",
                   "d/2 RoPE inverse frequencies theta_i (radians per position) under a scaling, as HF modeling_rope_utils",
                   inv_freq_specs(), compute_rope_inv_freq,
                   [](const ParamSet& p) { return std::vector<long long>{p.geti("d") / 2}; }});
    out.push_back({"rope_matrix", "d x d rotation R_m (pair i turned by m*theta_i, theta_i = base^(-2i/d)) in a layout",
                   {with_multiple_of(int_spec("d", 2, 128, "8", "rotary dimension (even)", "旋转维度（偶数）"), 2), spec_base(),
                    real_spec("m", -1e6, 1e6, "1", "position m", "位置 m"), spec_layout()},
                   compute_rope_matrix,
                   [](const ParamSet& p) { return std::vector<long long>{p.geti("d"), p.geti("d")}; }});
    out.push_back({"rope_scores", "L x L scores S[m][n] = <R_m q, R_n k> (rows m query, columns n key)",
                   {int_spec("L", 1, 256, "8", "sequence length (positions 0..L-1)", "序列长度（位置 0..L-1）"),
                    with_multiple_of(int_spec("d", 2, 64, "4", "rotary dimension (even); q and k have d numbers", "旋转维度（偶数），q 与 k 各 d 个数"), 2),
                    spec_base(), spec_layout(),
                    vector_spec("q", "d", 64, "1,0,1,0", "query vector (d numbers, same at every position)", "查询向量（d 个数，各位置相同）"),
                    vector_spec("k", "d", 64, "1,0,1,0", "key vector (d numbers, same at every position)", "键向量（d 个数，各位置相同）")},
                   compute_rope_scores,
                   [](const ParamSet& p) { return std::vector<long long>{p.geti("L"), p.geti("L")}; }});
    out.push_back({"alibi_slopes", "ALiBi head slopes as the reference get_slopes (not sorted when heads is not a power of 2)",
                   {int_spec("heads", 1, 256, "8", "number of attention heads", "注意力头数")}, compute_alibi_slopes,
                   [](const ParamSet& p) { return std::vector<long long>{p.geti("heads")}; }});
    out.push_back({"alibi_bias", "heads x L x L ALiBi bias: causal -m*(i-j) for j<=i and -inf (null) above, or symmetric -m*|i-j|",
                   {int_spec("L", 1, 128, "8", "sequence length (positions 0..L-1)", "序列长度（位置 0..L-1）"),
                    int_spec("heads", 1, 64, "8", "number of attention heads", "注意力头数"),
                    choice_spec("mode", {"causal", "symmetric"}, "causal", "causal (masked future) or symmetric |i-j|",
                                "因果（屏蔽未来）或对称 |i-j|")},
                   compute_alibi_bias,
                   [](const ParamSet& p) {
                       return std::vector<long long>{p.geti("heads"), p.geti("L"), p.geti("L")};
                   }});
    out.push_back({"axial_rope_scores",
                   "(HW) x (HW) axial 2-D RoPE scores (rope-vit): first dim/4 pairs turn with the column, the rest with the row",
                   {int_spec("H", 1, 16, "2", "grid rows", "网格行数"), int_spec("W", 1, 16, "3", "grid columns", "网格列数"),
                    with_multiple_of(int_spec("dim", 4, 64, "8", "head dimension (multiple of 4)", "头维度（4 的倍数）"), 4),
                    real_spec("theta", 1, 1e6, "100", "frequency base (rope-vit default 100)", "频率底数（rope-vit 默认 100）", "θ"),
                    vector_spec("q", "dim", 64, "1,0,1,0,1,0,1,0", "query vector (dim numbers)", "查询向量（dim 个数）"),
                    vector_spec("k", "dim", 64, "1,0,1,0,1,0,1,0", "key vector (dim numbers)", "键向量（dim 个数）")},
                   compute_axial_rope_scores,
                   [](const ParamSet& p) {
                       const long long n = static_cast<long long>(p.geti("H")) * p.geti("W");
                       return std::vector<long long>{n, n};
                   }});
    return out;
}

}  // namespace pelab
