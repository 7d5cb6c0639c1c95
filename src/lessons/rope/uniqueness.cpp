// PE Lab — lessons/rope/uniqueness.cpp
// Lesson "rope", step "uniqueness": the uniqueness sketch — candidate transforms checked
// numerically against the four assumptions, RoPE the one that passes them all.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
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

// [SECTION] the step
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

}  // namespace rope_lesson
}  // namespace pelab
