// PE Lab — lessons/shaw/value_side.cpp
// Step "value-side" of shaw: equation 3's value-side term Σ_j α_ij a^V_ij beside the content part, and the
// output z_i written pair by pair. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the value side a^V
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the value side a^V
namespace {

std::vector<ViewData> value_side_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L, d = in.d, k = in.k;
    const ShawValueDemo vd = shaw_demo_values(L, k, d, static_cast<std::uint64_t>(in.seed));
    const RelativeTensor aV = shaw_lookup(vd.table, c.index);
    const Eigen::MatrixXd A = c.weights, AV = A * vd.V, T = shaw_value_term(A, aV), Z = AV + T;
    const Eigen::MatrixXi I = c.index;

    auto ld_matrix = [&](const Eigen::MatrixXd& M) {
        HeatmapView h = index_matrix(M, say(lang, {"查询 i", "query i"}), say(lang, {"分量", "component"}));
        h.is_signed = true;
        return h;
    };
    HeatmapView content = ld_matrix(AV);
    content.explain = [AV, L, d, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= d) return "";
        return say(lang, {"Σ_j α{i}j v_j[{x}] = {value}：只看内容", "Σ_j α{i}j v_j[{x}] = {value}: content only"},
                   {{"i", sub(r)}, {"x", pos(col)}, {"value", n4(AV(r, col))}});
    };
    HeatmapView term = ld_matrix(T);
    term.explain = [A, I, T, L, d, k, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= d) return "";
        // The attention mass row r puts on each table row (clipped distance).
        std::vector<std::string> parts;
        for (int row = 0; row <= 2 * k; ++row) {
            double mass = 0.0;
            for (int j = 0; j < L; ++j)
                if (I(r, j) == row) mass += A(r, j);
            if (mass > 0.0) parts.push_back(n4(mass) + "·a^V[Δ = " + integer(k - row) + "]");
        }
        return say(lang, {"Σ_j α{i}j a^V{i}j[{x}] = {value}；按偏移合并权重：{parts}",
                          "Σ_j α{i}j a^V{i}j[{x}] = {value}; weights merged by offset: {parts}"},
                   {{"i", sub(r)}, {"x", pos(col)}, {"value", n4(T(r, col))}, {"parts", join(parts, " + ")}});
    };
    HeatmapView total = ld_matrix(Z);
    total.explain = [AV, T, Z, L, d, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= d) return "";
        return say(lang, {"z{i}[{x}] = {content} + {position} = {value}", "z{i}[{x}] = {content} + {position} = {value}"},
                   {{"i", sub(r)}, {"x", pos(col)}, {"content", n4(AV(r, col))}, {"position", n4(T(r, col))}, {"value", n4(Z(r, col))}});
    };
    // Eq. 3 written out pair by pair, against the two matrix products above.
    Eigen::MatrixXd direct = Eigen::MatrixXd::Zero(L, d);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) direct.row(i) += A(i, j) * (vd.V.row(j) + aV[static_cast<std::size_t>(i)].row(j));
    const std::vector<std::string> notes = {
        say(lang, {"按上面的 z_i 公式逐对相加，与两项之和的最大差 = {diff}", "Pair by pair, the z_i equation above differs from the sum of the two terms by at most {diff}"},
            {{"diff", exact(max_abs(direct - Z))}}),
    };
    const std::vector<std::string> term_notes = {
        say(lang, {"a^V 项的最大绝对值 = {largest}，内容项的最大绝对值 = {content}。", "The a^V term reaches {largest} in absolute value, the content term {content}."},
            {{"largest", n4(max_abs(T))}, {"content", n4(max_abs(AV))}}),
    };
    return {make_view(say(lang, {"内容部分 Σ_j α_ij v_j（v_j = x_jW^V）", "Content part Σ_j α_ij v_j (v_j = x_jW^V)"}), std::move(content)),
            make_view(say(lang, {"值侧的相对项 Σ_j α_ij a^V_ij", "Value-side term Σ_j α_ij a^V_ij"}), std::move(term), term_notes),
            make_view(say(lang, {"输出 z_i = Σ_j α_ij (v_j + a^V_ij)", "Output z_i = Σ_j α_ij (v_j + a^V_ij)"}), std::move(total), notes)};
}

}  // namespace

Step value_side() {
    Step s = {
        "value-side",
        {"值一侧的相对项 a^V", "The value-side term a^V"},
        {"Shaw 等人的公式 (3) 在值一侧也加了相对项：z_i = Σ_j α_ij (x_j W^V + a^V_ij)。"
         "a^V 来自第二张 (2k+1) × d_k 的表，用与键一侧相同的截断索引去查。于是输出不只是邻居内容的加权平均，还带着注意力落在哪些偏移上："
         "同一偏移的权重先合并，再乘上那一行的向量（悬停可以看到合并后的权重）。"
         "tensor2tensor 同时实现了键和值两侧；一些后来的实现（例如 Music Transformer）以及常见的简化写法只保留键一侧。",
         "Equation 3 of Shaw et al. adds a relative term on the value side too: z_i = Σ_j α_ij (x_j W^V + a^V_ij). "
         "a^V comes from a second (2k+1) × d_k table, read with the same clipped index as the key side. The output is "
         "then not just a weighted average of the neighbours' contents: it also carries where the attention fell, "
         "because the weights of one offset are merged and multiply that row's vector (hover to see the merged "
         "weights). tensor2tensor implements both sides; some later implementations (Music Transformer, for one) and "
         "the common simplified version found in tutorials keep only the key side."},
        {"L", "clip", "d_k", "seed"},
        computed_views(value_side_views),
        {
         R"tex(z_i = \textstyle\sum_j \alpha_{ij} (x_j W^V + a^V_{ij}))tex",
         R"tex(a^V_{ij} = A^V[\mathrm{idx}(i,j)])tex"},
    };
    s.takeaway = {"输出还带着注意力落在哪些偏移上：a^V 项最大 {term}，内容部分最大 {content}，因为每个偏移的总权重乘的是那个偏移自己的向量。",
                  "The output also carries where attention fell: the a^V term reaches {term} against the content part's "
                  "{content}, because each offset's total weight multiplies that offset's own vector."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Computed c = compute(in);
        const ShawValueDemo vd = shaw_demo_values(in.L, in.k, in.d, static_cast<std::uint64_t>(in.seed));
        const Eigen::MatrixXd T = shaw_value_term(c.weights, shaw_lookup(vd.table, c.index));
        return std::vector<Arg>{{"term", n4(max_abs(T))}, {"content", n4(max_abs(c.weights * vd.V))}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
