// PE Lab — lessons/rope/pairs_frequencies_layouts.cpp
// Lesson "rope", step "pairs-frequencies-layouts": RoPE on d dimensions — d/2 pairs turned by m·θᵢ,
// the interleaved and half-split pairing layouts, the permutation P between them and the cos/sin formula
// Hugging Face transformers uses for the half-split layout.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <string>
#include <utility>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
std::vector<ViewData> pairs_layouts_views(const Inputs& in, Lang lang) {
    const int d = in.d, pairs = d / 2;
    const Eigen::MatrixXd R = rope_matrix(in.theta, in.m, in.layout);
    HeatmapView heat = labelled_matrix(without_rounding_noise(to_rows(R)), index_labels(d), index_labels(d),
                                       say(lang, {"输出坐标", "output coordinate"}), say(lang, {"输入坐标", "input coordinate"}));
    heat.is_signed = true;
    heat.decimals = 2;
    const Eigen::VectorXd theta = in.theta;
    const RopeLayout layout = in.layout;
    const double m = in.m;
    heat.explain = [R, theta, layout, m, d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= d) return "";
        for (int i = 0; i < d / 2; ++i) {
            const auto pc = rope_pair_coords(i, d, layout);
            const bool row_in = r == pc.first || r == pc.second, col_in = c == pc.first || c == pc.second;
            if (row_in && col_in)
                return say(lang, {"R_m[{row},{col}] = {value}：第 {pair} 对，转角 mθ{sub} = {angle}",
                                  "R_m[{row},{col}] = {value}: pair {pair}, angle mθ{sub} = {angle}"},
                           {{"row", integer(r)},
                            {"col", integer(c)},
                            {"value", num(R(r, c))},
                            {"pair", integer(i)},
                            {"sub", sub(i)},
                            {"angle", num(m * theta(i))}});
        }
        return say(lang, {"R_m[{row},{col}] = {value}：这两个坐标不属于同一对，所以是 0",
                          "R_m[{row},{col}] = {value}: these coordinates are not in one pair, hence 0"},
                   {{"row", integer(r)}, {"col", integer(c)}, {"value", num(R(r, c))}});
    };

    // Frequencies and angles per pair; which coordinates a pair holds follows one rule per layout, stated in the
    // note (with the last pair worked out) and drawn by the permutation below, so the table stays two columns wide.
    TableView table;
    table.values.resize(pairs, 2);
    for (int i = 0; i < pairs; ++i) {
        table.values.row(i) << in.theta(i), in.m * in.theta(i);
        table.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    table.col_labels = {"θᵢ", "mθᵢ"};
    table.decimals = 6;
    table.corner = say(lang, {"对", "pair"});
    const auto last_inter = rope_pair_coords(pairs - 1, d, RopeLayout::interleaved);
    const auto last_half = rope_pair_coords(pairs - 1, d, RopeLayout::half);
    std::vector<std::string> table_notes = {
        say(lang, {"第 i 对：交错布局取坐标 2i 与 2i + 1，对半布局取 i 与 i + d/2；最后一对（第 {i} 对）是 {ia}、{ib} 与 {ha}、{hb}。",
                   "Pair i holds coordinates 2i and 2i + 1 in the interleaved layout, i and i + d/2 in the half-split layout: "
                   "the last pair ({i}) holds {ia}, {ib} and {ha}, {hb}."},
            {{"i", integer(pairs - 1)}, {"ia", integer(last_inter.first)}, {"ib", integer(last_inter.second)},
             {"ha", integer(last_half.first)}, {"hb", integer(last_half.second)}}),
        say(lang, {"base = {base}，d = {d}，θ₀ = {first}，最后一对 θ = {last}", "base = {base}, d = {d}, θ₀ = {first}, last pair θ = {last}"},
            {{"base", num(in.base)}, {"d", integer(d)}, {"first", num(in.theta(0))}, {"last", num(in.theta(pairs - 1))}}),
    };

    const Eigen::MatrixXd P = rope_layout_permutation(d);
    HeatmapView perm = labelled_matrix(to_rows(P), index_labels(d), index_labels(d),
                                       say(lang, {"对半布局", "half-split layout"}),
                                       say(lang, {"交错布局", "interleaved layout"}));
    perm.integer = true;
    perm.decimals = 0;
    perm.explain = [d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= d) return "";
        const int src = r < d / 2 ? 2 * r : 2 * (r - d / 2) + 1;
        return c == src ? say(lang, {"对半布局的坐标 {r} 取自交错布局的坐标 {src}：这里是 1",
                                     "Half-layout coordinate {r} takes interleaved coordinate {src}: this cell is 1"},
                              {{"r", integer(r)}, {"src", integer(src)}})
                        : say(lang, {"对半布局的坐标 {r} 取自交错布局的坐标 {src}：这里是 0",
                                     "Half-layout coordinate {r} takes interleaved coordinate {src}: this cell is 0"},
                              {{"r", integer(r)}, {"src", integer(src)}});
    };
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd x = random_vector(d, rng);
    const double perm_err = max_abs(P * rope_matrix(in.theta, in.m, RopeLayout::interleaved) * P.transpose() -
                                    rope_matrix(in.theta, in.m, RopeLayout::half));
    const double hf_err =
        max_abs(rope_apply_hf_rotate_half(x, in.m, in.theta) - rope_apply(x, in.m, in.theta, RopeLayout::half));
    const double vec_err = max_abs(P * rope_apply(x, in.m, in.theta, RopeLayout::interleaved) -
                                   rope_apply(P * x, in.m, in.theta, RopeLayout::half));
    std::vector<std::string> perm_notes = {
        say_error(lang, {"最大 |P·R_interleaved·Pᵀ − R_half| = {err}{hint}", "Largest |P·R_interleaved·Pᵀ − R_half| = {err}{hint}"},
                     perm_err),
        say_error(lang, {"随机向量 x：最大 |P·(R x) − R_half·(P x)| = {err}{hint}",
                            "Random x: largest |P·(R x) − R_half·(P x)| = {err}{hint}"},
                     vec_err),
        say_error(lang, {"Hugging Face transformers 的对半写法 x·cos + (−x″, x′)·sin（x′、x″ 是 x 的前后两半；Hugging Face: `rotate_half`）与逐对旋转之差：{err}{hint}",
                         "Hugging Face transformers' half-split x·cos + (−x″, x′)·sin, x′ and x″ the halves of x (Hugging Face: `rotate_half`), versus "
                         "the pair-by-pair rotation: largest difference {err}{hint}"},
                  hf_err),
    };
    return {make_view(say(lang, {"R_m（{layout}），m = {m}", "R_m ({layout}), m = {m}"},
                          {{"layout", layout_label(in.layout, lang)}, {"m", num(in.m)}}),
                      std::move(heat)),
            make_view(say(lang, {"每一对：频率与转角", "Each pair: frequency and angle"}), std::move(table),
                      std::move(table_notes)),
            make_view(say(lang, {"置换 P：交错布局 → 对半布局", "Permutation P: interleaved → half-split layout"}), std::move(perm),
                      std::move(perm_notes))};
}

}  // namespace

// [SECTION] the step
Step pairs_frequencies_layouts() {
    Step s{
        "pairs-frequencies-layouts",
        {"d 维的 RoPE", "RoPE in d dimensions"},
        {"RoPE 把 d 维向量分成 d/2 个[[frequency-pair|频率对]]，在位置 m 把第 i 对转过 mθᵢ，[[frequency|频率]] θᵢ = [[base]]^(−2i/d)。"
         "所以 R_m 由 2×2 旋转块组成。各实现对“哪两个坐标配成一对”并不一致：RoFormer 论文与 GPT-J 把相邻的 (x₂ᵢ, x₂ᵢ₊₁) 配对（交错布局），"
         "Hugging Face transformers 里的 Llama 把 xᵢ 与 xᵢ₊d/2 配对（对半布局，x′、x″ 是 x 的前后两半）。"
         "两者是同一个旋转，只差一个固定的坐标置换 P：R_half = P·R_interleaved·Pᵀ，下方连同对半布局的 cos/sin 写法 "
         "(x′, x″) ↦ (x′ ⊙ cos mθ − x″ ⊙ sin mθ, x″ ⊙ cos mθ + x′ ⊙ sin mθ) 一起做了数值检验。",
         "RoPE cuts a d-dimensional vector into d/2 [[frequency-pair|pairs]] and turns pair i at position m by mθᵢ, "
         "with the [[frequency]] θᵢ = [[base]]^(−2i/d). So R_m is made of 2×2 rotation blocks. Implementations "
         "disagree on which coordinates form a pair: the RoFormer paper and GPT-J pair neighbours (x₂ᵢ, x₂ᵢ₊₁), the "
         "interleaved layout; Llama in Hugging Face transformers pairs xᵢ with xᵢ₊d/2, the half-split layout (x′ and "
         "x″ are the two halves of x). Both are the same rotation seen through a fixed permutation P of the "
         "coordinates, R_half = P·R_interleaved·Pᵀ, checked below together with the half-split layout's cos/sin "
         "formula (x′, x″) ↦ (x′ ⊙ cos mθ − x″ ⊙ sin mθ, x″ ⊙ cos mθ + x′ ⊙ sin mθ)."},
        {"d", "base", "m", "layout", "seed"},
        views_of(read_inputs, pairs_layouts_views),
        // One equation, short enough to share the title's row (the half-split layout's cos/sin form is in the text).
        {R"tex(R_m=\mathrm{diag}\bigl(R(m\theta_0),\dots,R(m\theta_{d/2-1})\bigr),\quad \theta_i=\mathrm{base}^{-2i/d},\quad R_m^{\mathrm{half}}=P\,R_m P^\top)tex"},
    };
    s.takeaway = {"在位置 m = {m}，第 0 对转 {a0} 弧度，最后一对只转 {al}，因为 θᵢ = [[base]]^(−2i/d) 随 i 变小；两种布局只是坐标编号不同。",
                  "At position m = {m} pair 0 turns by {a0} rad and the last pair by only {al} rad, because θᵢ = [[base]]^(−2i/d) "
                  "shrinks with i; the two layouts are one rotation with the coordinates relabelled."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::Index last = in.theta.size() - 1;
        return std::vector<Arg>{{"m", num(in.m)}, {"a0", num(in.m * in.theta(0), 4)}, {"al", num(in.m * in.theta(last), 3)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
