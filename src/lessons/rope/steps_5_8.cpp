// PE Lab — lessons/rope/steps_5_8.cpp
// Lesson "rope", steps 5–8: why additive sinusoidal PE loses relative structure through W_q/W_k; two
// alternatives to RoPE (a bias on the score, p added after the projection); the uniqueness sketch with
// candidate transforms checked numerically; the spectrum of RoPE and its long-range decay.
// Each step's title and prose come first, its views right after.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] step 5: additive sinusoidal PE after W_q, W_k
// [SECTION] step 6: two alternatives
// [SECTION] step 7: the uniqueness sketch
// [SECTION] step 8: the spectrum and its decay
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "core/model_presets.h"
#include "core/odometer.h"
#include "core/rope_decay.h"
#include "core/sinusoidal.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

namespace {

// Sinusoidal absolute PE of the lesson's d and base, interleaved (sin pos·ωᵢ, cos pos·ωᵢ) pairs.
Eigen::VectorXd sinusoid(int pos, const Inputs& in) { return sinusoidal_pe_row(pos, in.d, in.base, PeVariant::vaswani); }

std::string toeplitz_note(const Eigen::MatrixXd& K, Lang lang) {
    const double r = toeplitz_residual(K);
    return say_error(lang, {"偏离 Toeplitz 的相对残差：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, r);
}

// [SECTION] step 5: additive sinusoidal PE after W_q, W_k
// pᵢᵀ M pⱼ for a dense learned M, a block-diagonal M and a block-diagonal commuting M.
struct PositionKernels {
    Eigen::MatrixXd dense, block, commuting;        // pᵢᵀ M pⱼ, L × L
    Eigen::MatrixXd block_M, commuting_M;          // the d × d matrices M
    Eigen::VectorXd a, b;                          // commuting block k = a_k·I + b_k·J
};

PositionKernels position_kernels(const Inputs& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 1000);
    const int d = in.d, L = in.L;
    const Eigen::MatrixXd dense = random_signed_matrix(d, d, rng);
    Eigen::MatrixXd block = Eigen::MatrixXd::Zero(d, d), commuting = Eigen::MatrixXd::Zero(d, d);
    for (int i = 0; i < d / 2; ++i) {
        block.block<2, 2>(2 * i, 2 * i) = dense.block<2, 2>(2 * i, 2 * i);
        // a·I + b·J with J = [ [0, −1], [1, 0] ]: the 2×2 matrices that commute with every rotation.
        const double a = dense(2 * i, 2 * i), b = dense(2 * i + 1, 2 * i);
        commuting(2 * i, 2 * i) = a;
        commuting(2 * i + 1, 2 * i + 1) = a;
        commuting(2 * i, 2 * i + 1) = -b;
        commuting(2 * i + 1, 2 * i) = b;
    }
    std::vector<Eigen::VectorXd> pe;
    for (int pos = 0; pos < L; ++pos) pe.push_back(sinusoid(pos, in));
    PositionKernels k;
    k.block_M = block;
    k.commuting_M = commuting;
    k.a.resize(d / 2);
    k.b.resize(d / 2);
    for (int i = 0; i < d / 2; ++i) {
        k.a(i) = commuting(2 * i, 2 * i);
        k.b(i) = commuting(2 * i + 1, 2 * i);
    }
    k.dense.resize(L, L);
    k.block.resize(L, L);
    k.commuting.resize(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            k.dense(i, j) = pe[i].dot(dense * pe[j]);
            k.block(i, j) = pe[i].dot(block * pe[j]);
            k.commuting(i, j) = pe[i].dot(commuting * pe[j]);
        }
    return k;
}

// A position × position matrix with the hover text pᵢᵀ M pⱼ.
HeatmapView kernel_heatmap(const Eigen::MatrixXd& K, Lang lang) {
    HeatmapView v = qk_matrix(K, lang);
    v.row_axis = say(lang, {"位置 i", "position i"});
    v.col_axis = say(lang, {"位置 j", "position j"});
    const int L = static_cast<int>(K.rows());
    v.explain = [K, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"p{i}ᵀ M p{j} = {value}；j − i = {delta}", "p{i}ᵀ M p{j} = {value}; j − i = {delta}"},
                   {{"i", sub(r)}, {"j", sub(c)}, {"value", num(K(r, c))}, {"delta", integer(c - r)}});
    };
    return v;
}

// The checks behind the step's claims, each a largest |difference| that is 0 up to rounding when the claim
// holds: the sinusoid's own Gram matrix is relative, J and every scaled rotation a·I + b·J commute with the
// rotations R(θ_k) while a generic 2×2 block does not, and pᵢᵀ(a·I + b·J)pⱼ is Σ_k a_k cos + b_k sin of (j − i)θ_k.
TableView definition_checks(const Inputs& in, const PositionKernels& k, Lang lang) {
    const int L = in.L, pairs = in.d / 2;
    std::vector<Eigen::VectorXd> pe;
    for (int pos = 0; pos < L; ++pos) pe.push_back(sinusoid(pos, in));
    Eigen::MatrixXd gram(L, L);
    double gram_err = 0.0, comm_formula_err = 0.0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            gram(i, j) = pe[i].dot(pe[j]);
            double cos_sum = 0.0, ab_sum = 0.0;
            for (int q = 0; q < pairs; ++q) {
                cos_sum += std::cos((j - i) * in.theta(q));
                ab_sum += k.a(q) * std::cos((j - i) * in.theta(q)) + k.b(q) * std::sin((j - i) * in.theta(q));
            }
            gram_err = std::max(gram_err, std::fabs(gram(i, j) - cos_sum));
            comm_formula_err = std::max(comm_formula_err, std::fabs(k.commuting(i, j) - ab_sum));
        }
    Eigen::Matrix2d J;
    J << 0, -1, 1, 0;
    double j_err = 0.0, scaled_err = 0.0, generic_err = 0.0;
    for (int q = 0; q < pairs; ++q) {
        const Eigen::Matrix2d R = rotation2(in.theta(q));
        const Eigen::Matrix2d C = k.commuting_M.block<2, 2>(2 * q, 2 * q), B = k.block_M.block<2, 2>(2 * q, 2 * q);
        j_err = std::max(j_err, max_abs(J * R - R * J));
        scaled_err = std::max(scaled_err, max_abs(C * R - R * C));
        generic_err = std::max(generic_err, max_abs(B * R - R * B));
    }
    TableView t;
    t.values.resize(6, 1);
    t.values << gram_err, toeplitz_residual(gram), j_err, scaled_err, generic_err, comm_formula_err;
    t.row_labels = {"pᵢᵀpⱼ − Σ_k cos((j − i)θ_k)",
                    say(lang, {"pᵢᵀpⱼ 离 Toeplitz", "pᵢᵀpⱼ from Toeplitz"}),
                    "J·R(θ_k) − R(θ_k)·J",
                    "(a_k·I + b_k·J)·R(θ_k) − R(θ_k)·(a_k·I + b_k·J)",
                    say(lang, {"一般 2×2 块 B：B·R(θ_k) − R(θ_k)·B", "generic 2×2 block B: B·R(θ_k) − R(θ_k)·B"}),
                    "pᵢᵀ(a·I + b·J)pⱼ − Σ_k (a_k cos((j − i)θ_k) + b_k sin((j − i)θ_k))"};
    t.col_labels = {say(lang, {"最大 |差|", "largest |difference|"})};
    t.corner = say(lang, {"检验", "check"});
    t.decimals = 4;
    const RowMatrix values = t.values;
    t.explain = [values, lang](int r, int c) -> std::string {
        if (r < 0 || c != 0 || r >= values.rows()) return "";
        const double x = values(r, 0);
        return r == 4 ? say(lang, {"{value}：一般的块与旋转不可交换", "{value}: a generic block does not commute with rotations"},
                            {{"value", num(x)}})
                      : say_error(lang, {"{err}{hint}", "{err}{hint}"}, x);
    };
    return t;
}

std::vector<ViewData> additive_pe_views(const Inputs& in, Lang lang) {
    const PositionKernels k = position_kernels(in);
    TableView table;
    table.values.resize(3, 2);
    table.values << toeplitz_residual(k.dense), largest_spread(k.dense), toeplitz_residual(k.block),
        largest_spread(k.block), toeplitz_residual(k.commuting), largest_spread(k.commuting);
    table.row_labels = {say(lang, {"稠密 M", "dense M"}), say(lang, {"分块 M", "block M"}),
                        say(lang, {"可交换分块 M", "commuting blocks"})};
    table.col_labels = {say(lang, {"相对残差", "relative residual"}), say(lang, {"最大对角线极差", "largest diagonal spread"})};
    table.corner = "M";
    table.decimals = 4;
    std::vector<std::string> table_notes = {
        say(lang, {"pᵢ 的第 k 对是 (sin(iθ_k), cos(iθ_k))，θ_k = base^(−2k/d)；M 的元素由随机种子 {seed} 生成。",
                   "Pair k of pᵢ is (sin(iθ_k), cos(iθ_k)), θ_k = base^(−2k/d); M's entries come from random seed {seed}."},
            {{"seed", integer(in.seed)}}),
        say(lang, {"只有最后一种是 j − i 的函数；残差为 0（舍入级别）即为 Toeplitz。",
                   "Only the last one is a function of j − i; a residual at rounding level means Toeplitz."}),
    };
    return {make_view(say(lang, {"学到的稠密 M", "Learned dense M"}), kernel_heatmap(k.dense, lang), {toeplitz_note(k.dense, lang)}),
            make_view(say(lang, {"按频率分块的 M（一般 2×2 块）", "M block-diagonal by frequency (generic 2×2 blocks)"}),
                      kernel_heatmap(k.block, lang), {toeplitz_note(k.block, lang)}),
            make_view(say(lang, {"分块且每块与旋转可交换（a·I + b·J）", "Block-diagonal, each block commutes with rotations (a·I + b·J)"}),
                      kernel_heatmap(k.commuting, lang), {toeplitz_note(k.commuting, lang)}),
            make_view(say(lang, {"离 Toeplitz 有多远", "How far from Toeplitz"}), std::move(table), std::move(table_notes)),
            make_view(say(lang, {"p、J 与带缩放的旋转：逐项检验", "p, J and scaled rotations, checked"}), definition_checks(in, k, lang),
                      {say(lang, {"J = [ [0, −1], [1, 0] ] 把一对坐标转 90°：J·(x, y) = (−y, x)；a·I + b·J = [ [a, −b], [b, a] ]。",
                                  "J = [ [0, −1], [1, 0] ] turns a pair by 90°: J·(x, y) = (−y, x); a·I + b·J = [ [a, −b], [b, a] ]."}),
                       say(lang, {"a_k、b_k 取自稠密 M 第 k 个对角块的两个元素；第五行是唯一不为 0 的检验。",
                                  "a_k and b_k are taken from two entries of the dense M's k-th diagonal block; row five is the only "
                                  "check that is not 0."})})};
}

}  // namespace

Step additive_pe_loses_relative_structure() {
    return {
        "additive-pe-loses-relative",
        {"加性正弦编码为何在 W_q、W_k 之后失去相对结构", "Why additive sinusoidal PE loses relative structure after W_q, W_k"},
        {"正弦位置编码 pᵢ 的第 k 对是 (sin(iθ_k), cos(iθ_k))，θ_k = base^(−2k/d)。它自己的内积 "
         "pᵢᵀpⱼ = Σ_k cos((j − i)θ_k) 只依赖 j − i，本身就是相对的。可是输入为 x = e + p 时，分数里只含位置的那一项是 "
         "pᵢᵀ M pⱼ，其中 M = W_qᵀW_k。对一个学出来的稠密 M，它不是 j − i 的函数：表格度量每张热力图离 Toeplitz 有多远。"
         "仅仅沿频率对分块还不够。只有每个 2×2 块都是带缩放的旋转 a·I + b·J（J = [ [0, −1], [1, 0] ] 是转 90° 的矩阵）时，"
         "块才与所有旋转可交换，pᵢᵀ M pⱼ = Σ_k (a_k cos((j − i)θ_k) + b_k sin((j − i)θ_k))，结果才是 Toeplitz；"
         "最后一张表逐项检验这些等式。梯度下降没有理由恰好落到这种特殊形式上。",
         "Pair k of the sinusoidal encoding pᵢ is (sin(iθ_k), cos(iθ_k)) with θ_k = base^(−2k/d). Its own inner "
         "product pᵢᵀpⱼ = Σ_k cos((j − i)θ_k) depends on j − i alone: it is relative by itself. But with inputs "
         "x = e + p, the position-only part of the score is pᵢᵀ M pⱼ with M = W_qᵀW_k. For a learned dense M this "
         "is not a function of j − i; the table measures how far each heatmap is from Toeplitz. Being "
         "block-diagonal along the frequency pairs is not enough. Only when every 2×2 block is a scaled rotation "
         "a·I + b·J (J = [ [0, −1], [1, 0] ], the turn by 90°) does each block commute with every rotation, so that "
         "pᵢᵀ M pⱼ = Σ_k (a_k cos((j − i)θ_k) + b_k sin((j − i)θ_k)) and the result is Toeplitz; the last table "
         "checks each of these identities. Gradient descent has no reason to land on that special form."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, additive_pe_views),
        {R"tex(p_i^\top M\,p_j,\qquad M=W_q^\top W_k)tex",
         R"tex((aI+bJ)\,R(\theta)=R(\theta)\,(aI+bJ)\ \Rightarrow\ p_i^\top M p_j=\sum_k a_k\cos\bigl((j-i)\theta_k\bigr)+b_k\sin\bigl((j-i)\theta_k\bigr))tex"},
    };
}

// [SECTION] step 6: two alternatives
namespace {
// (A) bias on the score versus RoPE, (B) the four terms of (q + p)ᵀ(k + p).
std::vector<ViewData> alternatives_views(const Inputs& in, Lang lang) {
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // (A): two content pairs; the bias g(Δ) = p_0ᵀ p_Δ (the sinusoid kernel) is added to q·k.
    const Eigen::VectorXd qa = random_vector(d, rng), ka = random_vector(d, rng);
    const Eigen::VectorXd qb = random_vector(d, rng), kb = random_vector(d, rng);
    CurveView curve;
    curve.y_axis = say(lang, {"分数变化", "change of score"});
    curve.x_axis = "Δ";
    curve.series.assign(4, {});
    const Eigen::VectorXd p0 = sinusoid(0, in);
    // (A): score = qᵀk + g(Δ) with the fixed kernel g(Δ) = p₀ᵀp_Δ; its change from Δ = 0, per content pair.
    auto bias_score = [&](const Eigen::VectorXd& q, const Eigen::VectorXd& k, int delta) {
        return q.dot(k) + p0.dot(sinusoid(delta, in));
    };
    double a_gap = 0.0, rope_gap = 0.0;
    for (int delta = 0; delta < L; ++delta) {
        const double ga = bias_score(qa, ka, delta) - bias_score(qa, ka, 0);
        const double gb = bias_score(qb, kb, delta) - bias_score(qb, kb, 0);
        const double ra = qa.dot(rope_apply(ka, delta, in.theta, in.layout)) - qa.dot(ka);
        const double rb = qb.dot(rope_apply(kb, delta, in.theta, in.layout)) - qb.dot(kb);
        curve.x.push_back(delta);
        curve.series[0].push_back(ga);
        curve.series[1].push_back(gb);
        curve.series[2].push_back(ra);
        curve.series[3].push_back(rb);
        a_gap = std::max(a_gap, std::fabs(ga - gb));
        rope_gap = std::max(rope_gap, std::fabs(ra - rb));
        curve.markers_x.push_back(delta);
    }
    curve.series_labels = {say(lang, {"（A）内容 1", "(A) content 1"}), say(lang, {"（A）内容 2", "(A) content 2"}),
                           say(lang, {"RoPE 内容 1", "RoPE content 1"}), say(lang, {"RoPE 内容 2", "RoPE content 2"})};
    std::vector<std::string> curve_notes = {
        say_error(lang, {"（A）两种内容的曲线最大差 = {err}{hint}（偏置与内容无关）",
                   "(A): largest gap between the two contents = {err}{hint} (the bias ignores content)"}, a_gap),
        say(lang, {"RoPE：两种内容的曲线最大差 = {gap}（位置效应随内容而变）",
                   "RoPE: largest gap between the two contents = {gap} (the position effect depends on content)"},
            {{"gap", num(rope_gap)}}),
    };

    // (B): random content per position, scaled; p = sinusoid.
    std::vector<Eigen::VectorXd> qs, ks, ps;
    for (int i = 0; i < L; ++i) {
        qs.push_back(random_vector(d, rng, in.content_scale));
        ks.push_back(random_vector(d, rng, in.content_scale));
        ps.push_back(sinusoid(i, in));
    }
    Eigen::MatrixXd T[4];
    for (Eigen::MatrixXd& m : T) m.resize(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            T[0](i, j) = qs[i].dot(ks[j]);
            T[1](i, j) = qs[i].dot(ps[j]);
            T[2](i, j) = ps[i].dot(ks[j]);
            T[3](i, j) = ps[i].dot(ps[j]);
        }
    const char* names[4] = {"qᵢᵀkⱼ", "qᵢᵀpⱼ", "pᵢᵀkⱼ", "pᵢᵀpⱼ"};
    const Text roles[4] = {{"内容", "content"}, {"内容×位置", "content×pos"}, {"位置×内容", "pos×content"}, {"纯位置", "pos only"}};
    TableView table;
    table.values.resize(4, 3);
    std::vector<ViewData> terms;
    for (int t = 0; t < 4; ++t) {
        const double rms = std::sqrt(T[t].squaredNorm() / (L * L));
        table.values(t, 0) = rms;
        table.values(t, 1) = max_abs(T[t]);
        table.values(t, 2) = toeplitz_residual(T[t]);
        table.row_labels.push_back(std::string(names[t]) + " " + say(lang, roles[t]));
        HeatmapView h = kernel_heatmap(T[t], lang);
        const Eigen::MatrixXd M = T[t];
        const std::string name = names[t];
        h.explain = [M, L, name, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"{name}，i = {i}, j = {j}: {value}", "{name}, i = {i}, j = {j}: {value}"},
                       {{"name", name}, {"i", integer(r)}, {"j", integer(c)}, {"value", num(M(r, c))}});
        };
        terms.push_back(make_view(name, std::move(h)));
    }
    table.col_labels = {say(lang, {"均方根", "RMS"}), say(lang, {"最大 |值|", "max |value|"}), say(lang, {"离 Toeplitz", "from Toeplitz"})};
    table.corner = say(lang, {"项", "term"});
    table.decimals = 4;
    const double share = table.values(3, 0) / (table.values.col(0).sum() > 0 ? table.values.col(0).sum() : 1.0);
    std::vector<std::string> table_notes = {
        say(lang, {"相对项 pᵀp 的均方根占四项均方根之和的比例：{share}", "Share of the relative term pᵀp in the summed RMS of the four terms: {share}"},
            {{"share", num(share)}}),
        say(lang, {"content = {c}：内容向量的元素在 [−content, content) 内均匀随机。",
                   "content = {c}: content vectors have entries uniform in [−content, content)."},
            {{"c", num(in.content_scale)}}),
    };
    std::vector<ViewData> out;
    out.push_back(make_view(say(lang, {"（A）与 RoPE：距离 Δ 使分数改变了多少", "(A) versus RoPE: how much distance Δ changes the score"}),
                            std::move(curve), std::move(curve_notes)));
    out.push_back(make_view(say(lang, {"（B）(q+p)ᵀ(k+p) 的四项：大小与结构", "(B) the four terms of (q+p)ᵀ(k+p): size and structure"}),
                            std::move(table), std::move(table_notes)));
    for (ViewData& v : terms) out.push_back(std::move(v));
    return out;
}

}  // namespace

Step two_alternatives() {
    return {
        "two-alternatives",
        {"RoPE 之外的两种替代方案", "Two alternatives to RoPE"},
        {"（A）在分数上加一个位置偏置 g(j − i)：它给每一对内容加上同样的量，因此无法表达“这个内容在这个距离上更相关”，"
         "曲线里两条（A）完全重合，而 RoPE 的位置效应随 q、k 而变。"
         "（B）在投影之后把 p 加到 q 和 k 上：分数分成 qᵀk、qᵀp、pᵀk、pᵀp 四项相加，只有最后一项是相对的。"
         "表格给出每项的大小；调大 content，内容项变大，相对项就被淹没。",
         "(A) Add a position bias g(j − i) to the score: it moves every content pair by the same amount, so it "
         "cannot express 'this content matters at this distance'; the two (A) curves coincide, while RoPE's "
         "position effect changes with q and k. (B) Add p to q and k after the projection: the score splits into "
         "four additive terms qᵀk, qᵀp, pᵀk and pᵀp, and only the last one is relative. The table measures each "
         "term; raise content and the relative term is drowned out."},
        {"L", "d", "base", "layout", "seed", "content_scale"},
        views_of(read_inputs, alternatives_views),
        {R"tex(\text{(A)}\ q^\top k+g(j-i))tex",
         R"tex(\text{(B)}\ (q+p_i)^\top(k+p_j)=q^\top k+q^\top p_j+p_i^\top k+p_i^\top p_j)tex"},
    };
}

// [SECTION] step 7: the uniqueness sketch
namespace {
// Candidate transforms against the four assumptions.
struct Candidate {
    std::string id;
    std::vector<Eigen::MatrixXd> T;   // T_m applied to q, for m = 0..count−1
    std::vector<Eigen::MatrixXd> Tk;  // applied to k when it differs from T (xPos); empty = T
    const Eigen::MatrixXd& key(int m) const { return Tk.empty() ? T[static_cast<std::size_t>(m)] : Tk[static_cast<std::size_t>(m)]; }
};

// xPos (Sun et al. 2022, torchscale): pair i scaled by ζᵢ^(m/512) on q and ζᵢ^(−n/512) on k after the
// rotation, ζᵢ = (2i/d + 0.4)/1.4.
constexpr double kXposGamma = 0.4, kXposScaleBase = 512;

Eigen::MatrixXd xpos_scale(const Inputs& in, double power) {
    Eigen::MatrixXd D = Eigen::MatrixXd::Zero(in.d, in.d);
    for (int i = 0; i < in.d / 2; ++i) {
        const double zeta = (2.0 * i / in.d + kXposGamma) / (1.0 + kXposGamma);
        D(2 * i, 2 * i) = D(2 * i + 1, 2 * i + 1) = std::pow(zeta, power / kXposScaleBase);
    }
    return D;
}

Candidate make_candidate(const std::string& id, const Inputs& in, int count) {
    Candidate c;
    c.id = id;
    const int d = in.d;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 3000);
    for (int m = 0; m < count; ++m) {
        if (id == "quadratic") {
            c.T.push_back(rope_matrix(in.theta, static_cast<double>(m) * m, RopeLayout::interleaved));
        } else if (id == "scaled") {
            c.T.push_back(std::pow(0.9, m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
        } else if (id == "xpos") {
            c.T.push_back(xpos_scale(in, m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
            c.Tk.push_back(xpos_scale(in, -m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
        } else if (id == "random") {
            if (m == 0) {
                c.T.push_back(Eigen::MatrixXd::Identity(d, d));
            } else {
                Eigen::HouseholderQR<Eigen::MatrixXd> qr(random_signed_matrix(d, d, rng));
                c.T.push_back(qr.householderQ() * Eigen::MatrixXd::Identity(d, d));
            }
        } else {
            c.T.push_back(rope_matrix(in.theta, m, RopeLayout::interleaved));
        }
    }
    return c;
}

constexpr int kGroupCheck = 16;  // T_mᵀT_n = T_(n−m) is checked for m ≤ n < 16

struct CandidateChecks {
    double orthogonal = 0, group = 0, toeplitz = 0;
    Eigen::MatrixXd S;
};

CandidateChecks check_candidate(const Candidate& c, const Inputs& in, const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    CandidateChecks r;
    const int L = in.L, d = in.d;
    for (int m = 0; m < L; ++m) {
        r.orthogonal = std::max(r.orthogonal, max_abs(c.T[m].transpose() * c.T[m] - Eigen::MatrixXd::Identity(d, d)));
        // The group check multiplies d×d matrices for every pair; pairs below kGroupCheck keep it quick.
        // With two transforms (xPos) the relative form is T_q,0ᵀ T_k,(n−m); with one it is T_(n−m) when T₀ = I.
        for (int n = m; n < std::min(L, kGroupCheck); ++n) {
            const Eigen::MatrixXd relative = c.Tk.empty() ? c.T[n - m] : Eigen::MatrixXd(c.T[0].transpose() * c.key(n - m));
            r.group = std::max(r.group, max_abs(c.T[m].transpose() * c.key(n) - relative));
        }
    }
    std::vector<Eigen::VectorXd> tq, tk;
    for (int m = 0; m < L; ++m) {
        tq.push_back(c.T[m] * q);
        tk.push_back(c.key(m) * k);
    }
    r.S.resize(L, L);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) r.S(m, n) = tq[m].dot(tk[n]);
    r.toeplitz = toeplitz_residual(r.S);
    return r;
}

std::vector<ViewData> uniqueness_views(const Inputs& in, Lang lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 4000);
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const std::vector<std::string> ids = {"rope", "quadratic", "scaled", "random", "xpos"};
    const Text meaning[5] = {{"rope：R(m·θ)，角度与 m 成线性", "rope: R(m·θ): angles linear in m"},
                             {"quadratic：R(m²·θ)，角度是 m 的二次函数", "quadratic: R(m²·θ): angles quadratic in m"},
                             {"scaled：0.9^m·R(m·θ)，不是正交的", "scaled: 0.9^m·R(m·θ): not orthogonal"},
                             {"random：每个位置一个随机正交 T_m", "random: random orthogonal T_m per position"},
                             {"xpos：q 乘 ζ^(m/512)·R(m·θ)，k 乘 ζ^(−n/512)·R(n·θ)，ζᵢ = (2i/d + 0.4)/1.4：q 与 k 用两个不同的变换",
                              "xpos: ζ^(m/512)·R(m·θ) on q and ζ^(−n/512)·R(n·θ) on k, ζᵢ = (2i/d + 0.4)/1.4: two different "
                              "transforms for q and k"}};
    TableView table;
    table.values.resize(5, 3);
    std::vector<std::string> table_notes;
    CandidateChecks selected;
    for (int i = 0; i < 5; ++i) {
        const CandidateChecks c = check_candidate(make_candidate(ids[i], in, in.L), in, q, k);
        table.values.row(i) << c.orthogonal, c.group, c.toeplitz;
        table.row_labels.push_back(ids[i]);
        table_notes.push_back(say(lang, meaning[i]));
        if (ids[i] == in.candidate) selected = c;
    }
    table.col_labels = {"|TᵀT − I|", "|T_mᵀT_n − T_(n−m)|", say(lang, {"S 离 Toeplitz", "S from Toeplitz"})};
    table.corner = say(lang, {"候选", "candidate"});
    table.decimals = 4;
    table_notes.push_back(say(lang, {"三列都是最大差；都为 0（舍入级别）才满足全部假设，只有 rope 一行做到。第二列只检查 m ≤ n < {limit}。",
                                     "Each column is a largest difference; all three at 0 (rounding level) means every "
                                     "assumption holds, and only the rope row gets there. Column 2 checks m ≤ n < {limit}."},
                              {{"limit", integer(kGroupCheck)}}));
    const Eigen::RowVectorXd xpos = table.values.row(4);
    table_notes.push_back(say(lang, {"xpos 一行：|TᵀT − I| = {orth}，不是正交的；但相对形式的误差 = {group}{group_hint}，S 离 Toeplitz = {toeplitz}{toeplitz_hint}："
                                     "q、k 用了不同的变换，逃出了假设 (1)，分数仍然只看 n − m（第二列此时比较 T_q,mᵀT_k,n 与 T_q,0ᵀT_k,(n−m)）。",
                                     "The xpos row: |TᵀT − I| = {orth}, not orthogonal; yet the relative form is off by {group}{group_hint} "
                                     "and S is {toeplitz}{toeplitz_hint} from Toeplitz: q and k get different transforms, which escapes "
                                     "assumption (1), and the score still sees only n − m (column 2 then compares T_q,mᵀT_k,n with "
                                     "T_q,0ᵀT_k,(n−m))."},
                              {{"orth", num(xpos(0), 4)},
                               {"group", exact(xpos(1))},
                               {"group_hint", rounding_hint(xpos(1), lang)},
                               {"toeplitz", exact(xpos(2))},
                               {"toeplitz_hint", rounding_hint(xpos(2), lang)}}));
    table_notes.push_back(say(lang, {"d = {d}, L = {L}，q、k 与随机矩阵由随机种子 {seed} 生成。",
                                     "d = {d}, L = {L}; q, k and the random matrices come from random seed {seed}."},
                              {{"d", integer(in.d)}, {"L", integer(in.L)}, {"seed", integer(in.seed)}}));

    HeatmapView heat = qk_matrix(selected.S, lang);
    const Eigen::MatrixXd S = selected.S;
    const int L = in.L;
    heat.explain = [S, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"⟨T{m} q, T{n} k⟩ = {value}；n − m = {delta}", "⟨T{m} q, T{n} k⟩ = {value}; n − m = {delta}"},
                   {{"m", sub(r)}, {"n", sub(c)}, {"value", num(S(r, c))}, {"delta", integer(c - r)}});
    };
    std::vector<std::string> heat_notes = {
        say_error(lang, {"偏离 Toeplitz 的相对残差：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, selected.toeplitz)};
    return {make_view(say(lang, {"所选候选的分数 ⟨T_m q, T_n k⟩：{candidate}", "Scores ⟨T_m q, T_n k⟩ of the selected candidate: {candidate}"},
                          {{"candidate", in.candidate}}),
                      std::move(heat), std::move(heat_notes)),
            make_view(say(lang, {"候选变换 T_m 的数值检验", "Numeric checks of candidate transforms T_m"}), std::move(table),
                      std::move(table_notes))};
}

}  // namespace

Step uniqueness_sketch() {
    return {
        "uniqueness",
        {"唯一性：引导式推导", "Uniqueness: a guided sketch"},
        {"假设：(1) 位置通过同一个变换 T_m 作用在 q 和 k 上注入；(2) 分数是内积；(3) 没有可学习的位置参数；(4) 分数平移不变；"
         "还要 (5) T₀ = I，位置 0 不改变向量。于是对所有 q、k 有 ⟨T_m q, T_n k⟩ = ⟨q, T_(n−m) k⟩，即 T_mᵀT_n = T_(n−m)。"
         "令 m = n 只得到 T_mᵀT_m = T₀；没有 T₀ = I，T₀ 可以是任意投影，正是 (5) 给出正交性。"
         "再得 T_(m+n) = T_m T_n，T 成为一族两两可交换的正交矩阵。这样的一族可以在固定的二维平面里写成旋转 R(m·θᵢ)"
         "（剩下的单独坐标只能保持不动或逐步翻转），角度与位置成线性，这就是 RoPE。"
         "推导只定下形式，没有定下频率 θᵢ：任何一组 θᵢ 都满足全部假设，base 的选择、NTK 与 YaRN 改的正是它们。"
         "xPos 逃出了假设 (1)：它给 q 乘 ζ^m、给 k 乘 ζ^(−n)，是两个不同的变换，分数仍只看 n − m。"
         "热图是所选候选的分数：只有沿每条对角线都不变（Toeplitz），分数才只看 n − m。"
         "表格检验了各破坏一条性质的候选，只有 RoPE 全部通过。",
         "Assume (1) position enters through one transform T_m applied to both q and k, (2) the score is an inner "
         "product, (3) no position parameters are learned, (4) the score is shift-invariant, and also (5) T₀ = I: "
         "position 0 leaves a vector unchanged. Then ⟨T_m q, T_n k⟩ = ⟨q, T_(n−m) k⟩ for all q, k, i.e. "
         "T_mᵀT_n = T_(n−m). Setting m = n only gives T_mᵀT_m = T₀; without T₀ = I, T₀ could be any projection, "
         "so (5) is what gives orthogonality. Then T_(m+n) = T_m T_n makes T a family of commuting orthogonal "
         "matrices. Such a family can be written as rotations R(m·θᵢ) in fixed 2-D planes (a leftover single axis "
         "can only stay fixed or flip every step), with angles linear in position: RoPE. The sketch fixes the form "
         "but leaves the frequencies θᵢ free: any set of θᵢ meets every assumption, and they are exactly what the "
         "choice of base, NTK and YaRN change. xPos escapes assumption (1): it scales q by ζ^m and k by ζ^(−n), two "
         "different transforms, and the score still sees only n − m. The heatmap shows the selected candidate's "
         "scores: only when every diagonal is constant (Toeplitz) does the score see n − m alone. The table tests "
         "candidates that each break one property; only RoPE passes every check."},
        {"L", "d", "base", "seed", "candidate"},
        views_of(read_inputs, uniqueness_views),
        {R"tex(\langle T_m q,T_n k\rangle=\langle q,T_{n-m}k\rangle\ \Rightarrow\ T_m^\top T_n=T_{n-m})tex",
         R"tex(T_0=I\ \Rightarrow\ T_{m+n}=T_m T_n,\qquad T_m=\mathrm{diag}\bigl(R(m\theta_0),\dots,R(m\theta_{d/2-1})\bigr))tex"},
    };
}

// [SECTION] step 8: the spectrum and its decay
namespace {
// RoFormer's decay figure on a log-Δ axis out to 65,536: for bases 10⁴, 5·10⁵, 10⁶ (and the chosen base) the
// score of q = k = 1, Σᵢ cos(Δθᵢ)/(d/2), and the relative upper bound B(Δ) divided by B(0) (dashed), both 1 at Δ = 0.
ViewData decay_view(const Inputs& in, Lang lang) {
    const int kFarthest = std::max(65536, in.max_dist);  // a model's context beyond 65,536 stays in view
    CurveView curve;
    curve.x = log_spaced_integers(1, kFarthest, 160);
    curve.log_x = true;
    curve.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    curve.y_axis = say(lang, {"归一化到 Δ = 0 处为 1", "normalised to 1 at Δ = 0"});
    std::vector<double> bases = {1e4, 5e5, 1e6};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    std::vector<std::string> notes;
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, bases.front()), 0.0);
    notes.push_back(say(lang, {"d = {d}；B(0) = (d/2 + 1)/2 = {b0}，虚线是 B(Δ)/B(0)。",
                               "d = {d}; B(0) = (d/2 + 1)/2 = {b0}, and the dashed lines are B(Δ)/B(0)."},
                        {{"d", integer(in.d)}, {"b0", num(b0)}}));
    for (double b : bases) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, curve.x);
        for (double& y : bound) y /= b0;
        curve.series.push_back(rope_decay_curve(th, curve.x));
        curve.series.push_back(bound);
        curve.series_labels.push_back(say(lang, {"base = {b}：q = k = 1 的分数", "base = {b}: score of q = k = 1"}, {{"b", num(b)}}));
        curve.series_labels.push_back(say(lang, {"base = {b}：上界 B(Δ)/B(0)", "base = {b}: bound B(Δ)/B(0)"}, {{"b", num(b)}}));
        curve.series_dashed.push_back(false);
        curve.series_dashed.push_back(true);
        const std::vector<double>& score = curve.series[curve.series.size() - 2];
        double tail_score = 0.0;
        for (std::size_t i = 0; i < curve.x.size(); ++i)
            if (curve.x[i] >= 4096) tail_score = std::max(tail_score, std::fabs(score[i]));
        notes.push_back(say(lang, {"base = {b}：B(1)/B(0) = {near}，B({far})/B(0) = {farv}；Δ ≥ 4096 时 |分数| 最大 {tail}。",
                                   "base = {b}: B(1)/B(0) = {near}, B({far})/B(0) = {farv}; largest |score| for Δ ≥ 4096 is {tail}."},
                            {{"b", num(b)}, {"near", num(bound.front(), 4)}, {"far", integer(kFarthest)}, {"farv", num(bound.back(), 4)},
                             {"tail", num(tail_score, 4)}}));
    }
    curve.vlines_x = {static_cast<double>(in.max_dist)};
    curve.vline_labels = {"max_dist"};
    return make_view(say(lang, {"长程衰减：q = k = 1 的分数与 RoFormer 的相对上界", "Long-term decay: the score of q = k = 1 and RoFormer's relative upper bound"}),
                     std::move(curve), std::move(notes));
}

// The wavelength of every pair on a log axis against the context max_dist: a pair above the line never completes
// a turn inside the context. With a model preset, that model's trained and extended contexts, its local layers'
// base (Gemma 3) and, while the step's width and base are the model's, its wavelengths after its own scaling
// (core/model_presets.h: preset_inv_freq, the HF rope-init functions).
ViewData wavelength_view(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    CurveView curve = wavelength_axes(pairs, lang);
    const std::vector<double> lambda = pair_wavelengths(in.theta);
    curve.series.push_back(lambda);
    curve.series_labels.push_back(say(lang, {"λᵢ，base {b}", "λᵢ, base {b}"}, {{"b", num(in.base)}}));
    curve.hlines_y = {static_cast<double>(in.max_dist)};
    curve.hline_labels = {say(lang, {"上下文 max_dist", "context max_dist"})};
    const long long turning = std::count_if(lambda.begin(), lambda.end(), [&](double l) { return l <= in.max_dist; });
    std::vector<std::string> notes = {
        say(lang, {"{turning} / {pairs} 对在 max_dist = {ctx} 个位置内至少转满一圈；其余 {rest} 对在这段上下文里转不满一圈，"
                   "它们的角度只覆盖圆的一部分。",
                   "{turning} of {pairs} pairs complete at least one turn within max_dist = {ctx} positions; the other {rest} "
                   "never do, so inside this context their angles cover only part of the circle."},
            {{"turning", integer(turning)}, {"pairs", integer(pairs)}, {"ctx", integer(in.max_dist)}, {"rest", integer(pairs - turning)}})};
    const ModelPreset* model = find_model_preset(in.preset);
    if (model) {
        notes.push_back(say(lang, {"{model}：旋转维度 {rd}，base {base}，配对布局 {layout}，缩放 {scaling}，扩展后上下文 {ext}。",
                                   "{model}: rotary dimension {rd}, base {base}, pairing layout {layout}, scaling {scaling}, "
                                   "extended context {ext}."},
                            {{"model", model->display}, {"rd", integer(model->rotary_dim)}, {"base", num(model->base)},
                             {"layout", model->layout}, {"scaling", model->scaling}, {"ext", integer(model->extended_context)}}));
        if (model->trained_context > 0 && model->trained_context != in.max_dist) {
            curve.hlines_y.push_back(model->trained_context);
            curve.hline_labels.push_back(say(lang, {"训练长度", "trained context"}));
        }
        const bool same_frequencies = model->rotary_dim == in.d && model->base == in.base;
        if (!same_frequencies) {
            notes.push_back(say(lang, {"这里的 d = {d}、base = {base} 与 {model} 的值不同：曲线按这里的值画。",
                                       "d = {d} and base = {base} here differ from {model}'s values: the curve follows the values set here."},
                                {{"d", integer(in.d)}, {"base", num(in.base)}, {"model", model->display}}));
        } else if (model->scaling == "longrope") {
            notes.push_back(say(lang, {"{model} 用 LongRoPE：它逐对的缩放表不在预设里，这里只画未缩放的波长（课程“当今开源模型中的位置编码”第 4 步讲 LongRoPE）。",
                                       "{model} uses LongRoPE: its per-pair factor lists are not part of the preset, so only the unscaled "
                                       "wavelengths are drawn (step 4 of the lesson on current open models teaches LongRoPE)."},
                                {{"model", model->display}}));
        } else if (model->scaling != "none") {
            const std::vector<double> inv_freq = preset_inv_freq(*model);
            const std::vector<double> scaled = pair_wavelengths(Eigen::Map<const Eigen::VectorXd>(inv_freq.data(), Eigen::Index(inv_freq.size())));
            long long stretched = 0;
            for (int i = 0; i < pairs; ++i) stretched += scaled[i] > lambda[i] * (1 + 1e-12) ? 1 : 0;
            const long long scaled_turning = std::count_if(scaled.begin(), scaled.end(), [&](double l) { return l <= in.max_dist; });
            curve.series.push_back(scaled);
            curve.series_labels.push_back(say(lang, {"{model} 的 {scaling} 缩放之后", "after {model}'s {scaling} scaling"},
                                              {{"model", model->display}, {"scaling", model->scaling}}));
            notes.push_back(say(lang, {"{model} 的 {scaling} 缩放（系数 {factor}）拉长了 {stretched} 对的波长；缩放后有 {turning} 对在 {ctx} 个位置内转满一圈。",
                                       "{model}'s {scaling} scaling (factor {factor}) stretches the wavelengths of {stretched} pairs; after it, "
                                       "{turning} pairs complete a turn within {ctx} positions."},
                                {{"model", model->display}, {"scaling", model->scaling}, {"factor", num(model->factor)},
                                 {"stretched", integer(stretched)}, {"turning", integer(scaled_turning)}, {"ctx", integer(in.max_dist)}}));
        }
        if (model->local_base > 0 && model->rotary_dim == in.d) {
            const std::vector<double> local = preset_local_inv_freq(*model);
            curve.series.push_back(pair_wavelengths(Eigen::Map<const Eigen::VectorXd>(local.data(), Eigen::Index(local.size()))));
            curve.series_labels.push_back(say(lang, {"局部（滑动窗口）层，base {b}", "local (sliding-window) layers, base {b}"},
                                              {{"b", num(model->local_base)}}));
            curve.hlines_y.push_back(model->sliding_window);
            curve.hline_labels.push_back(say(lang, {"滑动窗口", "sliding window"}));
        }
    }
    return make_view(say(lang, {"每一对的波长与上下文长度", "Each pair's wavelength against the context length"}), std::move(curve),
                     std::move(notes));
}

// The wavelengths against the context lead; the decay figure and the table of every pair follow.
std::vector<ViewData> spectrum_views(const ParamSet& p, Lang lang) {
    Inputs in = read_inputs(p);
    // The decay needs many pairs to show: this step has its own width (default 128, as in Llama).
    in.d = in.d_spectrum;
    in.theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    TableView table;
    table.values.resize(pairs, 3);
    for (int i = 0; i < pairs; ++i) {
        const double lambda = 2 * kPi / in.theta(i);
        table.values.row(i) << in.theta(i), lambda, in.max_dist / lambda;
        table.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    table.col_labels = {"θᵢ = base^(−2i/d)", say(lang, {"波长 2π/θᵢ", "wavelength 2π/θᵢ"}),
                        say(lang, {"max_dist 内转过的圈数", "turns within max_dist"})};
    table.corner = say(lang, {"对", "pair"});
    table.decimals = 5;
    const double longest = 2 * kPi / in.theta(pairs - 1);
    std::vector<std::string> table_notes = {
        say(lang, {"最短波长（第 0 对）= 2π = {shortest}；最长波长 2π·base^((d−2)/d) = {longest}",
                   "Shortest wavelength (pair 0) = 2π = {shortest}; longest 2π·base^((d−2)/d) = {longest}"},
            {{"shortest", num(2 * kPi)}, {"longest", num(longest)}}),
        say(lang, {"常见的简化写法说最长波长是 base·2π = {wrong}；i 最大只到 d/2 − 1，所以指数停在 (d−2)/d。",
                   "A common simplified version found in tutorials gives the longest wavelength as base·2π = {wrong}; "
                   "i stops at d/2 − 1, so the exponent stops at (d−2)/d."},
            {{"wrong", num(in.base * 2 * kPi)}}),
        say(lang, {"常见的简化写法说低维管远距离、高维管近距离；按公式恰好相反：第 0 对转得最快，管近处。",
                   "Tutorials often say low dimensions track long range and high ones short range; the formula says "
                   "the opposite: pair 0 turns fastest and resolves nearby offsets."}),
    };

    return {wavelength_view(in, lang), decay_view(in, lang),
            make_view(say(lang, {"每一对的频率与波长", "Frequency and wavelength of each pair"}), std::move(table), std::move(table_notes))};
}

}  // namespace

Step spectrum_and_decay() {
    return {
        "spectrum-and-decay",
        {"频谱与长程衰减", "The spectrum and its decay"},
        {"第 i 对每走 2π/θᵢ 个位置转满一圈：第 0 对转得最快（θ₀ = 1），最后一对最慢，所以前面的对分辨近处的偏移，"
         "后面的对分辨远处的偏移。调大底数，除第 0 对外的波长都会拉长。"
         "第一张图把每一对的波长画在对数轴上，横线是上下文长度 max_dist：线上方的对在这段上下文里转不满一圈。"
         "选一个模型预设，就能看到这个已发布模型自己的波长和它自己的上下文长度。"
         "第二张图在对数 Δ 轴上画到 65536（max_dist 更大时画到 max_dist），底数取 10⁴、5·10⁵ 和 10⁶："
         "实线是 q = k = 1 时距离 Δ 处的分数 Σᵢ cos(Δθᵢ)/(d/2)，它从 1 开始，一边振荡一边变小；"
         "虚线是 RoFormer 论文用 Abel 求和得到的相对上界 B(Δ)，除以 B(0) 后与实线同在 1 起步。"
         "这就是常说的 RoPE 长程衰减：上界随距离下降，底数越大，下降开始得越晚。表格列出每一对的频率和波长。",
         "Pair i completes a turn every 2π/θᵢ positions: pair 0 is the fastest (θ₀ = 1) and the last pair the "
         "slowest, so the first pairs resolve nearby offsets and the last ones distant offsets. A larger base "
         "stretches every wavelength except pair 0's. The first figure draws each pair's wavelength on a log axis "
         "with the context length max_dist as a horizontal line: a pair above the line never completes a turn "
         "inside that context. Pick a model preset to see a released model's own wavelengths against its own "
         "context length. The second figure runs on a log-Δ axis out to 65,536 (or to max_dist when that is longer) "
         "for the bases 10⁴, 5·10⁵ and 10⁶: the solid lines are the score of q = k = 1 at distance Δ, "
         "Σᵢ cos(Δθᵢ)/(d/2), which starts at 1 and shrinks while oscillating; the dashed lines are the relative upper "
         "bound B(Δ) that the RoFormer paper derives by Abel summation, divided by B(0) so that it also starts at 1. "
         "This is the long-term decay often quoted for RoPE: the bound falls with distance, and the larger the base, "
         "the later the fall begins. The table lists each pair's frequency and wavelength."},
        {"d_spectrum", "base", "max_dist", "preset"},
        spectrum_views,
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \lambda_i=\frac{2\pi}{\theta_i})tex",
         R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex",
         R"tex(s(\Delta)=\frac{2}{d}\sum_{i=0}^{d/2-1}\cos(\Delta\,\theta_i))tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
