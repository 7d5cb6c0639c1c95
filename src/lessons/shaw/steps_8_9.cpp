// PE Lab — lessons/shaw/steps_8_9.cpp
// Steps 8 and 9 of lesson "shaw": two later relative methods that dot a vector of the relative distance with
// the content, as Shaw's q_i·a_ij does.
//   8. Transformer-XL (Dai et al. 2019): the four terms a, b, c, d of one seeded head, with the sinusoid
//      R_{i−j} of the relative distance (kimiyoung/transformer-xl, RelPartialLearnableMultiHeadAttn), tied to
//      lesson f-delta's readout.
//   9. DeBERTa (He et al. 2021): HF's log buckets of the relative position and the c2p / p2c terms with their
//      clamped index and the √(3d) scale (HF deberta_v2).
// Every number shown comes from core (relative_methods.h, f_delta.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] shared view builders
// [SECTION] step 8: Transformer-XL's four terms
// [SECTION] step 9: DeBERTa's disentangled attention and log buckets
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "core/relative_methods.h"
#include "lessons/lesson_util.h"
#include "lessons/shaw/shaw_lesson.h"

namespace pelab {
namespace shaw_lesson {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] shared view builders
// A signed query × key matrix: rows queries i, columns keys j (hover shows Δ = i − j); `what` names the term in
// the hover text, e.g. "b".
HeatmapView term_matrix(const Eigen::MatrixXd& M, const std::string& what, Lang lang) {
    HeatmapView h = index_matrix(M, say(lang, {"查询 i", "query i"}), say(lang, {"键 j", "key j"}));
    h.qk_axes = true;
    h.is_signed = true;
    const int L = static_cast<int>(M.rows());
    h.explain = [M, what, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"{what}：i = {i}，j = {j}，i − j = {dist}，值 = {value}", "{what}: i = {i}, j = {j}, i − j = {dist}, value = {value}"},
                   {{"what", what}, {"i", integer(r)}, {"j", integer(c)}, {"dist", integer(r - c)}, {"value", num(M(r, c), 4)}});
    };
    return h;
}

double largest(const Eigen::VectorXd& v) { return v.size() == 0 ? 0.0 : v.maxCoeff(); }

// The largest difference between any row and row 0 (0 when every row is the same).
double row_spread(const Eigen::MatrixXd& M) {
    double worst = 0.0;
    for (Eigen::Index r = 1; r < M.rows(); ++r) worst = std::max(worst, (M.row(r) - M.row(0)).cwiseAbs().maxCoeff());
    return worst;
}

// [SECTION] step 8: Transformer-XL's four terms
std::vector<ViewData> transformer_xl_views(const Inputs& in, Lang lang) {
    const TxlDemo demo = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    const Eigen::MatrixXd score = txl_scores(t);
    const int i = in.i, j = in.j;

    // d(δ) = v·W_R R_δ is f-delta's readout F(δ) = wᵀR_δ with the fixed vector w = W_Rᵀv (the f_delta layout
    // [cos, sin] per frequency is a reordering of R's [sin … | cos …]).
    const Eigen::VectorXd w = demo.W_R.transpose() * demo.v;
    const Eigen::VectorXd f = txl_inv_freq(in.d_model);
    const int half = static_cast<int>(f.size());
    Eigen::VectorXd readout(2 * half);
    for (int s = 0; s < half; ++s) {
        readout(2 * s) = w(half + s);  // the cos coefficient
        readout(2 * s + 1) = w(s);     // the sin coefficient
    }
    const Eigen::MatrixXd F = f_matrix(in.L, f, readout);
    const double readout_gap = max_abs(F - t.d);

    const std::vector<std::string> a_notes = {
        say(lang, {"在 (i, j) = ({i}, {j})：a + b + c + d = {sum}，乘以 1/√d_k 得到分数 {score}。",
                   "At (i, j) = ({i}, {j}): a + b + c + d = {sum}, times 1/√d_k gives the score {score}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"sum", num(t.a(i, j) + t.b(i, j) + t.c(i, j) + t.d(i, j), 4)},
             {"score", num(score(i, j), 4)}}),
    };
    const std::vector<std::string> b_notes = {
        say(lang, {"沿对角线（同一距离）的最大极差 = {spread}：b 随查询的内容变化。",
                   "Largest spread along a diagonal (one distance) = {spread}: b changes with the query's content."},
            {{"spread", num(largest(diagonal_spread(t.b)), 4)}}),
    };
    const std::vector<std::string> c_notes = {
        say(lang, {"任意一行与第 0 行的最大差 = {spread}：c 只看键，对每个查询都一样。",
                   "Largest difference between any row and row 0 = {spread}: c depends on the key only, the same for every query."},
            {{"spread", exact(row_spread(t.c))}}),
    };
    const std::vector<std::string> d_notes = {
        say(lang, {"沿对角线的最大极差 = {spread}：d 只依赖 i − j，是 Toeplitz 矩阵。",
                   "Largest spread along a diagonal = {spread}: d depends on i − j only, a Toeplitz matrix."},
            {{"spread", exact(largest(diagonal_spread(t.d)))}}),
        say_error(lang, {"f-delta 课的读出 F(δ) = wᵀR_δ，取固定向量 w = W_Rᵀv，与 d 的最大差 = {err}{hint}。",
                         "f-delta's readout F(δ) = wᵀR_δ with the fixed vector w = W_Rᵀv differs from d by at most {err}{hint}."},
                  readout_gap),
    };
    // The position-only term first (the largest figure): its Toeplitz stripes are the link to f-delta; then b, the
    // same sinusoid read by the query, then the two content terms.
    return {make_view(say(lang, {"d：全局位置偏置 v·W_R R_(i−j)", "d: global position bias v·W_R R_(i−j)"}), term_matrix(t.d, "d", lang), d_notes),
            make_view(say(lang, {"b：内容–位置 q_i·W_R R_(i−j)", "b: content–position q_i·W_R R_(i−j)"}), term_matrix(t.b, "b", lang), b_notes),
            make_view(say(lang, {"c：全局内容偏置 u·k_j", "c: global content bias u·k_j"}), term_matrix(t.c, "c", lang), c_notes),
            make_view(say(lang, {"a：内容–内容 q_i·k_j", "a: content–content q_i·k_j"}), term_matrix(t.a, "a", lang), a_notes)};
}

}  // namespace

Step transformer_xl_terms() {
    return {
        "transformer-xl",
        {"Transformer-XL：四项与相对距离的正弦", "Transformer-XL: four terms and a sinusoid of the distance"},
        {"Transformer-XL 把分数拆成四项。它不给词加绝对位置。a = q_i·k_j 只看内容；b = q_i·W_R R_(i−j) 用查询去读相对距离的正弦向量 R；"
         "c = u·k_j 把查询换成一个全局向量 u，只剩“这个键本身有多重要”；d = v·W_R R_(i−j) 换成全局向量 v，只剩距离。"
         "R_δ 前一半是 sin(δ·f_s)、后一半是 cos(δ·f_s)，f_s = 10000^(−2s/d_model)，参考代码用 pos_seq = klen−1 … 0 构造它，"
         "再用 _rel_shift 把第 (i, j) 格对到距离 i − j。d 正是 f-delta 课里的读出 F(δ) = wᵀR_δ，只是 w = W_Rᵀv 固定；"
         "b 是同样的读出，但向量 W_Rᵀq_i 随查询变化，所以是依赖内容的读出。Transformer-XL 只用 j ≤ i 的格子（其余被因果掩码去掉），"
         "XLNet 的双向注意力用同一个公式算全部格子。",
         "Transformer-XL splits the score into four terms. It adds no absolute position to the words. a = q_i·k_j "
         "looks at content only; b = q_i·W_R R_(i−j) lets the query read a sinusoid R of the relative distance; "
         "c = u·k_j replaces the query with one global vector u, leaving only how important the key is by itself; "
         "d = v·W_R R_(i−j) replaces it with a global v, leaving only the distance. R_δ holds sin(δ·f_s) in its "
         "first half and cos(δ·f_s) in its second, f_s = 10000^(−2s/d_model); the reference code builds it from "
         "pos_seq = klen−1 … 0 and lines cell (i, j) up with distance i − j through _rel_shift. d is exactly the "
         "readout F(δ) = wᵀR_δ of lesson f-delta, with the fixed vector w = W_Rᵀv; b is the same readout with the "
         "vector W_Rᵀq_i, which changes with the query: a content-dependent readout. Transformer-XL uses the cells "
         "j ≤ i (its causal mask removes the rest); XLNet's bidirectional attention computes every cell with the "
         "same formula."},
        {"L", "d_k", "d_model", "seed", "i", "j"},
        views_of(read_inputs, transformer_xl_views),
        {R"tex(A^{\mathrm{rel}}_{ij}=\underbrace{q_i^\top k_j}_{(a)}+\underbrace{q_i^\top W_R R_{i-j}}_{(b)}+\underbrace{u^\top k_j}_{(c)}+\underbrace{v^\top W_R R_{i-j}}_{(d)})tex",
         R"tex(R_\delta=\bigl[\sin(\delta f_0),\dots,\sin(\delta f_{h-1}),\ \cos(\delta f_0),\dots,\cos(\delta f_{h-1})\bigr],\quad f_s=10000^{-2s/d_{\mathrm{model}}})tex",
         R"tex(\mathrm{score}_{ij}=\frac{A^{\mathrm{rel}}_{ij}}{\sqrt{d_k}})tex"},
    };
}

// [SECTION] step 9: DeBERTa's disentangled attention and log buckets
namespace {
// The bucket of every relative position δ = i − j in −X..X and the relative position the c2p term then reads
// (its clamped index minus k).
ViewData bucket_curve_view(const Inputs& in, Lang lang) {
    const int span = deberta_attention_span(in.bucket_size, in.max_position);
    const int far = std::min(4096, 2 * in.max_position);
    const bool bucketed = in.bucket_size > 0;
    CurveView curve;
    std::vector<double> bucket, read;
    for (int delta = -far; delta <= far; ++delta) {
        const int b = bucketed ? deberta_log_bucket_position(delta, in.bucket_size, in.max_position) : delta;
        curve.x.push_back(delta);
        bucket.push_back(b);
        read.push_back(std::clamp(b + span, 0, 2 * span - 1) - span);
    }
    curve.series = {bucket, read};
    curve.series_labels = {say(lang, {"build_relative_position 给出的相对位置", "relative position from build_relative_position"}),
                           say(lang, {"c2p 实际读取的行 clamp(· + k, 0, 2k − 1) − k", "row c2p reads, clamp(· + k, 0, 2k − 1) − k"})};
    curve.series_dashed = {false, true};
    curve.x_axis = say(lang, {"相对距离 δ = i − j", "relative distance δ = i − j"});
    curve.y_axis = say(lang, {"桶（相对位置）", "bucket (relative position)"});
    std::vector<std::string> notes;
    if (bucketed) {
        const int mid = in.bucket_size / 2;
        curve.vlines_x = {static_cast<double>(-mid), static_cast<double>(mid), static_cast<double>(in.max_position - 1)};
        curve.vline_labels = {"−mid", "mid", "max_position − 1"};
        notes.push_back(say(lang, {"|δ| ≤ mid = {mid} 时桶就是 δ；δ = max_position − 1 = {last} 落进桶 {b_last}，δ = {far} 落进桶 {b_far}。",
                                   "For |δ| ≤ mid = {mid} the bucket is δ itself; δ = max_position − 1 = {last} falls in bucket {b_last}, δ = {far} in bucket {b_far}."},
                            {{"mid", integer(mid)}, {"last", integer(in.max_position - 1)},
                             {"b_last", integer(deberta_log_bucket_position(in.max_position - 1, in.bucket_size, in.max_position))},
                             {"far", integer(far)}, {"b_far", integer(deberta_log_bucket_position(far, in.bucket_size, in.max_position))}}));
    } else {
        curve.vlines_x = {static_cast<double>(-span), static_cast<double>(span - 1)};
        curve.vline_labels = {"−k", "k − 1"};
    }
    notes.push_back(say(lang, {"k = {k}：表有 2k = {rows} 行；c2p 读取的相对位置停在 −{k} 与 {top} 之间（下界与上界不对称）。",
                               "k = {k}: the table has 2k = {rows} rows; the relative position c2p reads stays between −{k} and {top} (the two ends are not symmetric)."},
                        {{"k", integer(span)}, {"rows", integer(2 * span)}, {"top", integer(span - 1)}}));
    return make_view(say(lang, {"对数桶与截断：δ 被读成哪一行", "Log buckets and the clamp: which row δ reads"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> deberta_views(const Inputs& in, Lang lang) {
    const int span = deberta_attention_span(in.bucket_size, in.max_position);
    const Eigen::MatrixXi rel = deberta_relative_position(in.L, in.L, in.bucket_size, in.max_position);
    const DebertaDemo demo = deberta_demo_inputs(in.L, in.d, span, static_cast<std::uint64_t>(in.seed));
    const DebertaTerms t = deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, span);
    const Eigen::MatrixXi c2p = deberta_c2p_index(rel, span), p2c = deberta_p2c_index(rel, span);
    int same = 0;
    for (Eigen::Index r = 0; r < c2p.rows(); ++r)
        for (Eigen::Index c = 0; c < c2p.cols(); ++c) same += c2p(r, c) == p2c(r, c) ? 1 : 0;
    const int i = in.i, j = in.j;

    const std::vector<std::string> c2p_notes = {
        say(lang, {"每一项都除以 √(3·d_k) = {scale}：scale_factor = 1 + 2（c2p 与 p2c 各加 1）。",
                   "Every term is divided by √(3·d_k) = {scale}: scale_factor = 1 + 2 (one for c2p, one for p2c)."},
            {{"scale", num(1.0 / t.scale, 6)}}),
        say(lang, {"在 (i, j) = ({i}, {j})：δ = {dist}，c2p 读 K^r 的第 {row} 行，c2p = {value}。",
                   "At (i, j) = ({i}, {j}): δ = {dist}, c2p reads row {row} of K^r, c2p = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"dist", integer(rel(i, j))}, {"row", integer(c2p(i, j))}, {"value", num(t.c2p(i, j), 4)}}),
        say(lang, {"沿对角线（同一距离）的最大极差 = {spread}：c2p 随查询的内容变化。",
                   "Largest spread along a diagonal (one distance) = {spread}: c2p changes with the query's content."},
            {{"spread", num(largest(diagonal_spread(t.c2p)), 4)}}),
    };
    const std::vector<std::string> p2c_notes = {
        say(lang, {"HF 用 clamp(−r_pos[j][i] + k, 0, 2k − 1) 为 p2c 取行，再转置；它与 c2p 的行号在 {same} / {all} 个格子里相同。",
                   "HF picks p2c's row as clamp(−r_pos[j][i] + k, 0, 2k − 1) and transposes; it equals c2p's row in {same} / {all} cells."},
            {{"same", integer(same)}, {"all", integer(static_cast<long long>(c2p.size()))}}),
        say(lang, {"在 (i, j) = ({i}, {j})：p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}。",
                   "At (i, j) = ({i}, {j}): p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"row", integer(p2c(i, j))}, {"value", num(t.p2c(i, j), 4)}}),
    };
    return {bucket_curve_view(in, lang),
            make_view(say(lang, {"c2p：内容到位置 Q^c_i·K^r_δ / √(3d_k)", "c2p: content-to-position Q^c_i·K^r_δ / √(3d_k)"}),
                      term_matrix(t.c2p, "c2p", lang), c2p_notes),
            make_view(say(lang, {"p2c：位置到内容 K^c_j·Q^r_δ / √(3d_k)", "p2c: position-to-content K^c_j·Q^r_δ / √(3d_k)"}),
                      term_matrix(t.p2c, "p2c", lang), p2c_notes)};
}

}  // namespace

Step deberta_disentangled() {
    return {
        "deberta",
        {"DeBERTa：解耦注意力与对数桶", "DeBERTa: disentangled attention and log buckets"},
        {"DeBERTa 给内容和相对位置各一套投影，分数是三项之和：内容到内容、内容到位置 c2p（查询的内容读距离的向量 K^r）、"
         "位置到内容 p2c（键的内容读距离的向量 Q^r），一起除以 √(3d)。相对距离 δ = i − j 先进对数桶："
         "|δ| ≤ mid = bucket_size/2 时保持原值，更远的按对数压缩，到 δ = max_position − 1 正好用完 bucket_size − 1 个位置；"
         "HF 的 make_log_bucket_position 全程用 float32 计算对数和取整，个别距离会与双精度差一个桶。"
         "然后 clamp(δ + k, 0, 2k − 1) 把它变成 2k 行表里的行号，k = bucket_size（不分桶时为 max_position），"
         "所以能读到的相对位置是 −k 到 k − 1，两端不对称。论文给 p2c 写的是 δ(j, i)；HF 的代码取 clamp(−r_pos[j][i] + k) 再转置，"
         "桶是奇函数，所以它与 c2p 用同一个行号。已发布的 v3 模型用 256 个桶和 max_position = 512。",
         "DeBERTa gives content and relative position their own projections, and the score is the sum of three "
         "terms: content-to-content, content-to-position c2p (the query's content reads the distance's vector K^r) "
         "and position-to-content p2c (the key's content reads the distance's vector Q^r), all divided by √(3d). "
         "The relative distance δ = i − j first goes through log buckets: for |δ| ≤ mid = bucket_size/2 it stays as "
         "it is, farther distances are compressed logarithmically, and δ = max_position − 1 uses up exactly "
         "bucket_size − 1 positions. HF's make_log_bucket_position takes the log and the ceiling in float32 "
         "throughout, so a few distances land one bucket away from a double-precision computation. Then "
         "clamp(δ + k, 0, 2k − 1) turns it into a row of a 2k-row table, with k = bucket_size (max_position without "
         "buckets), so the relative positions it can read run from −k to k − 1, not symmetric. The paper writes "
         "δ(j, i) for p2c; HF's code takes clamp(−r_pos[j][i] + k) and transposes, and since the buckets are an odd "
         "function it reads the same row as c2p. The released v3 models use 256 buckets and max_position = 512."},
        {"L", "d_k", "seed", "bucket_size", "max_position", "i", "j"},
        views_of(read_inputs, deberta_views),
        {R"tex(\tilde A_{ij}=\frac{Q^c_i\cdot K^c_j+Q^c_i\cdot K^r_{\delta(i,j)}+K^c_j\cdot Q^r_{\delta(i,j)}}{\sqrt{3d}})tex",
         R"tex(\delta(i,j)=\operatorname{clamp}\bigl(\beta(i-j)+k,\ 0,\ 2k-1\bigr))tex",
         R"tex(\beta(x)=\operatorname{sign}(x)\Bigl(\Bigl\lceil\frac{\ln(|x|/m)}{\ln\bigl((P-1)/m\bigr)}\,(m-1)\Bigr\rceil+m\Bigr)\ \text{for}\ |x|>m,\qquad m=\lfloor b/2\rfloor)tex"},
    };
}

}  // namespace shaw_lesson
}  // namespace pelab
