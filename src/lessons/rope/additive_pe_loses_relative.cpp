// PE Lab — lessons/rope/additive_pe_loses_relative.cpp
// Lesson "rope", step "additive-pe-loses-relative": why additive sinusoidal PE loses its relative
// structure through W_q, W_k — pᵢᵀ M pⱼ for a dense, a block-diagonal and a commuting block-diagonal M.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::string toeplitz_note(const Eigen::MatrixXd& K, Lang lang) {
    const double r = toeplitz_residual(K);
    return say_error(lang, {"偏离 Toeplitz 的相对残差：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, r);
}

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

// [SECTION] the step
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

}  // namespace rope_lesson
}  // namespace pelab
