// PE Lab — lessons/shaw/lesson.cpp
// Lesson "shaw" (Shaw, Uszkoreit & Vaswani 2018): the score with a relative term
// e_ij = (q_i·k_j + q_i·a_ij)/√d, the relative index matrix and its sign, tensor2tensor's clipped index
// clip(j − i, −k, k) + k against a common tutorial index (i − j) + max_len − 1 (mirror order), the lookup
// into L × L × d and the einsum 'bhld,lmd->bhlm', content plus position scores through softmax, why the
// position vector is dotted with q rather than added as a scalar, and the value-side term a^V (eq. 3);
// then two later relative methods, Transformer-XL's four terms and DeBERTa's disentangled attention
// (steps 8 and 9, in steps_8_9.cpp). Every number shown comes from core (shaw.h, attention_grid.h, f_delta.h,
// relative_methods.h). This file holds the parameter table and steps 1–7.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters and inputs
// [SECTION] shared view builders
// [SECTION] step 1: a score with a relative term
// [SECTION] step 2: the relative position matrix and its sign
// [SECTION] step 3: the clipped index, reference and tutorial
// [SECTION] step 4: lookup and position scores
// [SECTION] step 5: content plus position, then softmax
// [SECTION] step 6: why dot the position vector with q
// [SECTION] step 7: the value side a^V
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/relative_methods.h"
#include "core/shaw.h"
#include "lessons/questions/question_tables.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/shaw/shaw_lesson.h"

namespace pelab {
namespace shaw_lesson {

// [SECTION] parameters and inputs
// `k` (max_relative_position) is spelled `clip` as on the Shaw position map (the shared `k` is a key
// vector); the head dimension d_k may be odd, so it is not the shared (even) `d`. Old links keep working.
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(2, 16).def("4").about({"序列长度（查询 i、键 j 取 0..L−1）", "sequence length (query i, key j in 0..L-1)"}),
         &Inputs::L},
        {Key::integer("clip", 0, 15, "2",
                      {"max_relative_position：超过 ±k 的距离共用一个嵌入", "max_relative_position: distances beyond +-k share an embedding"})
                 .sym("k")
                 .alias("k"),
         &Inputs::k},
        {Key::integer("d_k", 1, 8, "4", {"每个头的维度 d_k", "head dimension d_k"}).sym("d_k").alias("d"), &Inputs::d},
        {Key::shared("seed").def("1").about({"生成 Q、K、V 与相对位置表所用的随机种子", "random seed of Q, K, V and the relative tables"}), &Inputs::seed},
        {Key::integer("i", 0, 15, "1", {"所查看的配对中的查询", "query of the inspected pair"}).sym("i"), &Inputs::i},
        {Key::integer("j", 0, 15, "3", {"所查看的配对中的键", "key of the inspected pair"}).sym("j"), &Inputs::j},
        {Key::flag("tutorial", "0", {"勾选后同时显示常见的简化写法（教程中的索引）", "also show the common simplified version found in tutorials"})
                 .alias("seed_version"),
         &Inputs::tutorial},
        {Key::integer("d_model", 2, 64, "8", {"Transformer-XL 中相对距离正弦向量 R 的维度（偶数）",
                                              "width of Transformer-XL's sinusoid R of the relative distance (even)"})
                 .multiple_of(2),
         &Inputs::d_model},
        {Key::from(deberta_spec_bucket_size(), {"DeBERTa 的对数桶数（HF 的 position_buckets，v3 为 256；0 表示不分桶）",
                                                "DeBERTa's log buckets (HF position_buckets, 256 in v3; 0 for none)"})
                 .range(0, 512)
                 .multiple_of(2),
         &Inputs::bucket_size},
        {Key::from(deberta_spec_max_position(), {"DeBERTa 的 max_position：距离 max_position − 1 落进最后一个对数桶（v3 为 512）",
                                                 "DeBERTa's max_position: distance max_position − 1 falls in the last log bucket (512 in v3)"})
                 .range(258, 4096),
         &Inputs::max_position},
    };
    return table;
}

// The table's values; the inspected pair stays inside the sequence.
Inputs read_inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    in.i = std::min(in.i, in.L - 1);
    in.j = std::min(in.j, in.L - 1);
    return in;
}

}  // namespace shaw_lesson

namespace {

using namespace lessonui;     // shared display helpers (lessons/lesson_util.h)
using namespace shaw_lesson;  // the parameter table and inputs (shaw_lesson.h)

struct Computed {
    ShawDemo demo;
    Eigen::MatrixXi index;
    RelativeTensor a;
    Eigen::MatrixXd content, position, logits, weights;  // content/position already divided by √d
};

Computed compute(const Inputs& in) {
    Computed c;
    c.demo = shaw_demo_inputs(in.L, in.k, in.d, static_cast<std::uint64_t>(in.seed));
    c.index = shaw_relative_index(in.L, in.k);
    c.a = shaw_lookup(c.demo.table, c.index);
    const double scale = 1.0 / std::sqrt(static_cast<double>(in.d));
    c.content = c.demo.Q * c.demo.K.transpose() * scale;
    c.position = shaw_position_scores(c.demo.Q, c.a) * scale;
    c.logits = shaw_logits(c.demo.Q, c.demo.K, c.a);
    c.weights = softmax_rows(c.logits);
    return c;
}

// The views of a step that shows the demo's scores: the inputs are read and computed once here, and the
// builder is handed both.
std::function<std::vector<ViewData>(const ParamSet&, Lang)> computed_views(
    std::vector<ViewData> (*build)(const Inputs&, const Computed&, Lang)) {
    return [build](const ParamSet& p, Lang lang) {
        const Inputs in = read_inputs(p);
        return build(in, compute(in), lang);
    };
}

// [SECTION] shared view builders
std::string n4(double x) { return num(x, 4); }
std::string pos(int n) { return std::to_string(n); }

// q₁·a₁,₄ and the like.
std::string q_dot_a(int r, int c) { return "q" + sub(r) + "·a" + sub(r) + "," + sub(c); }

// A query × key matrix: rows are queries i, columns keys j (hover shows Δ = i − j).
HeatmapView ij_matrix(const Eigen::MatrixXd& M, Lang lang) {
    HeatmapView h = index_matrix(M, say(lang, {"查询 i", "query i"}), say(lang, {"键 j", "key j"}));
    h.qk_axes = true;
    return h;
}

HeatmapView index_view(const Eigen::MatrixXi& I, Lang lang) {
    HeatmapView h = ij_matrix(I.cast<double>(), lang);
    h.integer = true;
    h.decimals = 0;
    return h;
}

// The reference index, with the pairs whose distance was clipped outlined.
ViewData reference_index_view(const Inputs& in, Lang lang, std::vector<std::string> notes) {
    const int L = in.L, k = in.k;
    HeatmapView h = index_view(shaw_relative_index(L, k), lang);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j)
            if (std::abs(j - i) > k) h.highlight_cells.push_back({i, j});
    h.explain = [L, k, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int dist = c - r, clipped = std::max(-k, std::min(k, dist));
        if (clipped != dist)
            return say(lang, {"i = {i}, j = {j}: j − i = {dist}，截断到 {clipped}，加 k 得到表的第 {row} 行",
                              "i = {i}, j = {j}: j − i = {dist}, clipped to {clipped}; adding k reads table row {row}"},
                       {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(dist)}, {"clipped", integer(clipped)}, {"row", pos(clipped + k)}});
        return say(lang, {"i = {i}, j = {j}: j − i = {dist}，加 k 得到表的第 {row} 行",
                          "i = {i}, j = {j}: j − i = {dist}; adding k reads table row {row}"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(dist)}, {"row", pos(clipped + k)}});
    };
    return make_view(say(lang, {"参考：clip(j − i, −k, k) + k", "Reference: clip(j − i, −k, k) + k"}), std::move(h), std::move(notes));
}

ViewData tutorial_index_view(const Inputs& in, Lang lang, std::vector<std::string> notes) {
    const int L = in.L;
    HeatmapView h = index_view(shaw_tutorial_index(L, L), lang);
    h.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"i = {i}, j = {j}: i − j = {dist}，加 max_len − 1 = {offset} 读表的第 {row} 行（不截断）",
                          "i = {i}, j = {j}: i − j = {dist}; adding max_len − 1 = {offset} reads table row {row} (no clipping)"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(r - c)}, {"offset", pos(L - 1)}, {"row", pos(r - c + L - 1)}});
    };
    return make_view(say(lang, {"常见的简化写法：(i − j) + max_len − 1（max_len = L）", "Common tutorial form: (i − j) + max_len − 1 (max_len = L)"}), std::move(h),
                     std::move(notes));
}

// [SECTION] step 1: a score with a relative term
std::vector<ViewData> score_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L;
    const Eigen::MatrixXd C = c.content, P = c.position, E = c.logits;
    const Eigen::MatrixXi I = c.index;

    HeatmapView content = ij_matrix(C, lang);
    content.is_signed = true;
    content.explain = [C, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"{term} / √d = {value}：只看内容", "{term} / √d = {value}: content only"},
                   {{"term", "q" + sub(r) + "·k" + sub(col)}, {"value", n4(C(r, col))}});
    };
    HeatmapView position = ij_matrix(P, lang);
    position.is_signed = true;
    position.explain = [P, I, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"{term} / √d = {value}，a_ij 是表的第 {row} 行", "{term} / √d = {value}, a_ij is table row {row}"},
                   {{"term", q_dot_a(r, col)}, {"value", n4(P(r, col))}, {"row", pos(I(r, col))}});
    };
    HeatmapView total = ij_matrix(E, lang);
    total.is_signed = true;
    total.explain = [C, P, E, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"e{ij} = {content} + {position} = {score}", "e{ij} = {content} + {position} = {score}"},
                   {{"ij", sub(r) + "," + sub(col)}, {"content", n4(C(r, col))}, {"position", n4(P(r, col))}, {"score", n4(E(r, col))}});
    };
    const std::vector<std::string> notes = {
        say(lang, {"最大的 |e − (内容 + 位置)| = {diff}", "Largest |e − (content + position)| = {diff}"},
            {{"diff", exact((E - C - P).cwiseAbs().maxCoeff())}}),
        say(lang, {"Q、K 和相对位置表由随机种子生成，d_k = {d}。", "Q, K and the relative table are random, drawn from the random seed; d_k = {d}."},
            {{"d", pos(in.d)}}),
    };
    return {make_view(say(lang, {"内容项 q_i·k_j / √d", "Content term q_i·k_j / √d"}), std::move(content)),
            make_view(say(lang, {"位置项 q_i·a_ij / √d", "Position term q_i·a_ij / √d"}), std::move(position)),
            make_view(say(lang, {"分数 e_ij = (q_i·k_j + q_i·a_ij) / √d", "Score e_ij = (q_i·k_j + q_i·a_ij) / √d"}), std::move(total), notes)};
}

Step score_with_relative_term() {
    return {
        "relative-term",
        {"带相对项的分数", "A score with a relative term"},
        {"只靠 softmax(QKᵀ)V 的注意力看不出词序；这一课展示 Shaw 等人怎样让分数取决于 j 离 i 有多远，而不是它们的绝对位置。"
         "普通注意力的分数是 q_i·k_j / √d_k。Shaw 等人为每个相对距离学习一个向量 a_ij，并把分数改成 "
         "e_ij = (q_i·k_j + q_i·a_ij) / √d_k：第一项看内容，第二项看 i 与 j 的相对位置。"
         "三张热力图分别是内容项、位置项和它们的和。",
         "Attention as softmax(QKᵀ)V alone cannot see word order; this lesson shows how Shaw et al. make a score "
         "depend on how far j is from i rather than on absolute positions. "
         "Plain attention computes the score q_i·k_j / √d_k. Shaw et al. learn a vector a_ij for each relative distance and "
         "change the score to e_ij = (q_i·k_j + q_i·a_ij) / √d_k: the first term looks at content, the second at "
         "where j sits relative to i. The three heatmaps show the content term, the position term and their sum."},
        {"L", "clip", "d_k", "seed"},
        computed_views(score_views),
        {
         R"tex(e_{ij} = \frac{q_i \cdot k_j + q_i \cdot a_{ij}}{\sqrt{d_k}})tex"},
    };
}

// [SECTION] step 2: the relative position matrix and its sign
std::vector<ViewData> sign_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    HeatmapView ref = index_view(shaw_relative_distance(L), lang);
    ref.is_signed = true;
    ref.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = c - r;
        const std::vector<Arg> args = {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(d)}};
        if (d > 0) return say(lang, {"i = {i}, j = {j}: j − i = {dist}，键在查询之后", "i = {i}, j = {j}: j − i = {dist}, the key comes after the query"}, args);
        if (d < 0) return say(lang, {"i = {i}, j = {j}: j − i = {dist}，键在查询之前", "i = {i}, j = {j}: j − i = {dist}, the key comes before the query"}, args);
        return say(lang, {"i = {i}, j = {j}: j − i = {dist}，同一位置", "i = {i}, j = {j}: j − i = {dist}, the same position"}, args);
    };
    std::vector<std::string> ref_notes = {
        say(lang, {"行是查询 i，列是键 j；值为正表示键在查询的右边（更晚）。",
                   "Rows are queries i, columns keys j; a positive value means the key lies to the right (later)."}),
        say(lang, {"注意：悬停显示的 Δ = q − k = i − j，正好是这里的值取负。", "Note: the hover shows Δ = q − k = i − j, which is minus the value here."}),
    };
    if (!in.tutorial)
        ref_notes.push_back(say(lang, {"勾选 tutorial 可在旁边显示常见的简化写法 i − j。", "Tick tutorial to show the common simplified form i − j beside it."}));
    std::vector<ViewData> out = {make_view(say(lang, {"相对距离 j − i（tensor2tensor 的约定）", "Relative distance j − i (tensor2tensor's convention)"}),
                                           std::move(ref), ref_notes)};
    if (in.tutorial) {
        Eigen::MatrixXi flipped(L, L);
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) flipped(i, j) = i - j;
        HeatmapView sv = index_view(flipped, lang);
        sv.is_signed = true;
        sv.explain = [L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"i = {i}, j = {j}: i − j = {dist}", "i = {i}, j = {j}: i − j = {dist}"},
                       {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(r - c)}});
        };
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j)
                if (i != j) sv.highlight_cells.push_back({i, j});
        out.push_back(make_view(say(lang, {"常见的简化写法：i − j", "The common tutorial form: i − j"}), std::move(sv),
                                {say(lang, {"除对角线外每个格子都与参考相反（已框出）：简化写法用 i − j，tensor2tensor 用 j − i。",
                                            "Every cell off the diagonal has the opposite sign (outlined): the tutorial form uses i − j, tensor2tensor j − i."})}));
    }
    return out;
}

Step relative_matrix_and_sign() {
    return {
        "relative-matrix-sign",
        {"相对位置矩阵与符号约定", "The relative position matrix and its sign"},
        {"先为每一对 (i, j) 写下相对距离。参考实现 tensor2tensor 用 j − i（键减查询）：正数表示键在查询右边。"
         "常见的简化写法（许多教程的代码）写的是 i − j，符号正好相反；两种都能用，但一张表训练好后，读它的代码必须用同一种约定。"
         "勾选 tutorial 可以把简化写法的矩阵并排显示。",
         "First write down the relative distance of every pair (i, j). The reference, tensor2tensor, uses j − i "
         "(key minus query): positive means the key lies to the right of the query. A common simplified version found in tutorials writes "
         "i − j, the opposite sign; either works, but once a table is trained, the code that reads it must keep the "
         "same convention. Tick tutorial to show that matrix beside it."},
        {"L", "tutorial"},
        views_of(read_inputs, sign_views),
        {
         R"tex(D_{ij} = j - i \quad \text{(tensor2tensor)}, \qquad D^{\mathrm{tutorial}}_{ij} = i - j = -D_{ij})tex"},
    };
}

// [SECTION] step 3: the clipped index, reference and tutorial
std::vector<ViewData> clipped_index_views(const Inputs& in, Lang lang) {
    const int L = in.L, k = in.k;
    int clipped = 0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) clipped += std::abs(j - i) > k ? 1 : 0;
    std::vector<ViewData> out = {reference_index_view(
            in, lang,
            {say(lang, {"表有 2k + 1 = {rows} 行，而 L = {L} 时距离有 2L − 1 = {distances} 种。",
                        "The table has 2k + 1 = {rows} rows while L = {L} has 2L − 1 = {distances} distances."},
                 {{"rows", pos(2 * k + 1)}, {"L", pos(L)}, {"distances", pos(2 * L - 1)}}),
             say(lang, {"被截断的配对（已框出）：{clipped}；它们与 |j − i| = k 的配对共用两端的行。",
                        "Clipped pairs (outlined): {clipped}; they share the edge rows with the pairs at |j − i| = k."},
                 {{"clipped", pos(clipped)}})})};

    // Which distance each table row stands for, in both forms.
    const int rows_ref = 2 * k + 1, rows_tut = 2 * L - 1, rows = std::max(rows_ref, in.tutorial ? rows_tut : rows_ref);
    const int cols = in.tutorial ? 2 : 1;
    TableView table;
    table.values.resize(rows, cols);
    for (int r = 0; r < rows; ++r) {
        table.values(r, 0) = r < rows_ref ? shaw_reference_row_distance(r, k) : std::nan("");
        if (in.tutorial) table.values(r, 1) = r < rows_tut ? shaw_tutorial_row_distance(r, L) : std::nan("");
        table.row_labels.push_back(say(lang, {"第 {r} 行", "row {r}"}, {{"r", pos(r)}}));
    }
    table.col_labels = {say(lang, {"参考", "reference"})};
    if (in.tutorial) table.col_labels.push_back(say(lang, {"简化写法", "tutorial"}));
    table.col_decimals.assign(static_cast<std::size_t>(cols), 0);  // whole numbers; not `integer`: rows past a table's end are NaN ("—")
    table.decimals = 0;
    table.corner = say(lang, {"表的行", "table row"});
    std::vector<std::string> table_notes = {
        say(lang, {"参考：第 0 行是 j − i = −k（最左），依次递增。", "Reference: row 0 is j − i = −k (farthest left), increasing."})};
    if (in.tutorial) {
        const Eigen::MatrixXi R = shaw_relative_index(L, L - 1), S = shaw_tutorial_index(L, L);
        int mirrored = 0;
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) mirrored += S(i, j) == 2 * (L - 1) - R(i, j) ? 1 : 0;
        out.push_back(tutorial_index_view(
                in, lang,
                {say(lang, {"简化写法的表有 2·max_len − 1 = {rows} 行，不截断。", "The tutorial form's table has 2·max_len − 1 = {rows} rows and no clipping."},
                     {{"rows", pos(rows_tut)}}),
                 say(lang, {"镜像顺序：取 k = L − 1 时，简化写法读的行 = 2k − 参考读的行，{count} / {cells} 个格子成立。",
                            "Mirror order: with k = L − 1, the tutorial form's row = 2k − the reference's row in {count} / {cells} cells."},
                     {{"count", pos(mirrored)}, {"cells", pos(L * L)}})}));
        table_notes.push_back(say(lang, {"简化写法：第 0 行是 j − i = max_len − 1（最右），依次递减——与参考的顺序相反。",
                                         "Tutorial form: row 0 is j − i = max_len − 1 (farthest right), decreasing: the reverse of the reference."}));
    } else {
        table_notes.push_back(say(lang, {"常见的简化写法是 (i − j) + max_len − 1，不截断；勾选 tutorial 可并排比较。",
                                         "A common simplified version found in tutorials writes (i − j) + max_len − 1, unclipped; tick tutorial to compare."}));
    }
    out.push_back(make_view(say(lang, {"表的每一行代表的距离 j − i", "The distance j − i each table row stands for"}), std::move(table), table_notes));
    return out;
}

Step clipped_index() {
    return {
        "clipped-index",
        {"截断的索引：参考与简化写法", "Clipped index: reference and tutorial form"},
        {"tensor2tensor 的 _generate_relative_positions_matrix 计算 clip(j − i, −k, k) + k，读一张 (2k+1) × d 的表："
         "超过 k 的距离被截断，远处的配对共用两端的同一个嵌入（拖动 k 看看）。"
         "常见的简化写法（教程中的代码）写的是 (i − j) + max_len − 1，不截断，表有 2·max_len − 1 行；它读表的顺序与参考互为镜像。"
         "本工具按参考实现计算，勾选 tutorial 显示简化写法作对比。",
         "tensor2tensor's _generate_relative_positions_matrix computes clip(j − i, −k, k) + k and reads a "
         "(2k+1) × d table: distances beyond k are clipped, so distant pairs share the embedding at either end "
         "(drag k to see it). A common simplified version found in tutorials writes (i − j) + max_len − 1, unclipped, with a table of "
         "2·max_len − 1 rows, and reads that table in the mirror order of the reference. The widget follows the "
         "reference; tick tutorial to show the simplified version for comparison."},
        {"L", "clip", "tutorial"},
        views_of(read_inputs, clipped_index_views),
        {
         R"tex(\mathrm{idx}(i,j) = \operatorname{clip}(j - i,\ -k,\ k) + k \in \{0, \dots, 2k\})tex",
         R"tex(\mathrm{idx}^{\mathrm{tutorial}}(i,j) = (i - j) + \mathrm{max\_len} - 1)tex"},
    };
}

// [SECTION] step 4: lookup and position scores
std::vector<ViewData> lookup_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L, d = in.d, k = in.k, i = in.i, j = in.j;
    const int row = c.index(i, j);
    const auto ai = static_cast<std::size_t>(i);

    // The table as a heatmap with the row the selected pair reads outlined.
    HeatmapView table;
    table.values = to_rows(c.demo.table);
    for (int r = 0; r < c.demo.table.rows(); ++r)
        table.row_labels.push_back(say(lang, {"第 {r} 行：j − i = {dist}", "row {r}: j − i = {dist}"},
                                       {{"r", pos(r)}, {"dist", integer(shaw_reference_row_distance(r, k))}}));
    table.col_labels = index_labels(d);
    table.row_axis = say(lang, {"表的行", "table row"});
    table.col_axis = say(lang, {"分量", "component"});
    table.is_signed = true;
    table.decimals = 3;
    table.highlight_row = row;
    table.explain = [A = table.values, k, row, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= A.rows() || col >= A.cols()) return "";
        const std::vector<Arg> args = {{"r", pos(r)}, {"dist", integer(shaw_reference_row_distance(r, k))}, {"c", pos(col)}, {"v", n4(A(r, col))}};
        if (r == row)
            return say(lang, {"第 {r} 行（j − i = {dist}）第 {c} 个分量 = {v}；所选配对读的就是这一行",
                              "Row {r} (j − i = {dist}), component {c} = {v}; the selected pair reads this row"}, args);
        return say(lang, {"第 {r} 行（j − i = {dist}）第 {c} 个分量 = {v}", "Row {r} (j − i = {dist}), component {c} = {v}"}, args);
    };

    TableView slice;
    slice.values.resize(2, d);
    slice.values.row(0) = c.demo.Q.row(i);
    slice.values.row(1) = c.a[ai].row(j);
    slice.row_labels = {"q" + sub(i), "a" + sub(i) + "," + sub(j)};
    slice.col_labels = table.col_labels;
    slice.decimals = 3;
    std::string terms;
    double sum = 0.0;
    for (int x = 0; x < d; ++x) {
        sum += c.demo.Q(i, x) * c.a[ai](j, x);
        terms += (x ? " + " : "") + std::string("(") + n4(c.demo.Q(i, x)) + ")(" + n4(c.a[ai](j, x)) + ")";
    }
    const std::vector<std::string> slice_notes = {
        say(lang, {"i = {i}, j = {j}: j − i = {dist} → 表的第 {row} 行。", "i = {i}, j = {j}: j − i = {dist} → table row {row}."},
            {{"i", pos(i)}, {"j", pos(j)}, {"dist", integer(j - i)}, {"row", pos(row)}}),
        say(lang, {"{term} = {terms} = {sum}", "{term} = {terms} = {sum}"}, {{"term", q_dot_a(i, j)}, {"terms", terms}, {"sum", n4(sum)}}),
    };

    const Eigen::MatrixXd P = shaw_position_scores(c.demo.Q, c.a);
    HeatmapView scores = ij_matrix(P, lang);
    scores.is_signed = true;
    scores.highlight_cells.push_back({i, j});
    scores.highlight_row = i;
    scores.select_mode = HeatmapView::SelectMode::Row;
    scores.select_param = "i";
    const Eigen::MatrixXi I = c.index;
    scores.explain = [P, I, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"pos_score[{i}][{j}] = Σ_d Q[{i}][d]·a[{i}][{j}][d] = {value}（表的第 {row} 行）",
                          "pos_score[{i}][{j}] = Σ_d Q[{i}][d]·a[{i}][{j}][d] = {value} (table row {row})"},
                   {{"i", pos(r)}, {"j", pos(col)}, {"value", n4(P(r, col))}, {"row", pos(I(r, col))}});
    };
    const std::vector<std::string> score_notes = {
        say(lang, {"查表把 L × L 的索引变成 L × L × d 的张量：{L} × {L} × {d} = {count} 个数，全部取自 {rows} × {d} 的表。",
                   "The lookup turns the L × L index into an L × L × d tensor: {L} × {L} × {d} = {count} numbers, all taken from {rows} × {d} table entries."},
            {{"L", pos(L)}, {"d", pos(d)}, {"count", pos(L * L * d)}, {"rows", pos(static_cast<int>(c.demo.table.rows()))}}),
        say(lang, {"einsum 中 l 同时出现在 Q 和 a 中并保留：每个查询 i 只与自己那一片 a[i] 相乘，再对 d 个分量求和。",
                   "In the einsum, l appears in both Q and a and is kept: query i meets only its own slice a[i], and the sum runs over the d components."}),
    };
    return {make_view(say(lang, {"位置分数 q_i·a_ij（einsum bhld,lmd→bhlm，点击一行选 i）", "Position scores q_i·a_ij (einsum bhld,lmd→bhlm; click a row for i)"}),
                      std::move(scores), score_notes),
            make_view(say(lang, {"相对位置表（(2k+1) × d），框出所选配对读的行", "Relative position table ((2k+1) × d), the selected pair's row outlined"}),
                      std::move(table)),
            make_view(say(lang, {"所选配对的 q_i 与 a_ij", "q_i and a_ij of the selected pair"}), std::move(slice), slice_notes)};
}

Step lookup_and_position_scores() {
    return {
        "lookup-position-scores",
        {"查表与位置分数", "Lookup and position scores"},
        {"用 L × L 的索引去查表，得到 L × L × d 的张量：第 (i, j) 格是向量 a_ij。"
         "位置分数是 q_i·a_ij，对所有头和批次写成 einsum('bhld,lmd->bhlm')：查询位置 l 在两个输入中都出现并被保留，并对 d 个分量求和。"
         "选一对 (i, j) 查看它的 a_ij 与点积的每一项。",
         "Looking the L × L index up in the table gives an L × L × d tensor whose cell (i, j) is the vector a_ij. "
         "The position score is q_i·a_ij; for all heads and batches it is the einsum('bhld,lmd->bhlm'): the query "
         "position l appears in both inputs and is kept, and the sum runs over the d components. Pick a pair (i, j) to see its a_ij and "
         "every term of the dot product."},
        {"L", "clip", "d_k", "seed", "i", "j"},
        computed_views(lookup_views),
        {
         R"tex(a_{ij} = A\big[\mathrm{idx}(i,j)\big] \in \mathbb{R}^{d})tex",
         R"tex(q_i \cdot a_{ij} = \sum_{c=1}^{d} q_{i,c}\, a_{ij,c})tex"},
    };
}

// [SECTION] step 5: content plus position, then softmax
std::vector<ViewData> softmax_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L;
    const Eigen::MatrixXd C = c.content, P = c.position, E = c.logits, A = c.weights;
    HeatmapView logits = ij_matrix(E, lang);
    logits.is_signed = true;
    logits.explain = [C, P, E, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"e{ij} = {content} + {position} = {score}", "e{ij} = {content} + {position} = {score}"},
                   {{"ij", sub(r) + "," + sub(col)}, {"content", n4(C(r, col))}, {"position", n4(P(r, col))}, {"score", n4(E(r, col))}});
    };
    HeatmapView weights = ij_matrix(A, lang);
    weights.decimals = 2;
    weights.explain = [A, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"α{ij} = exp(e{ij}) / Σ_j exp(e{i}j) = {value}", "α{ij} = exp(e{ij}) / Σ_j exp(e{i}j) = {value}"},
                   {{"ij", sub(r) + "," + sub(col)}, {"i", sub(r)}, {"value", n4(A(r, col))}});
    };
    double worst = 0.0;
    for (int r = 0; r < L; ++r) worst = std::max(worst, std::fabs(A.row(r).sum() - 1.0));
    const Eigen::MatrixXd content_only = softmax_rows(C);
    const std::vector<std::string> notes = {
        say(lang, {"每一行之和与 1 的最大偏差 = {dev}", "Largest deviation of a row sum from 1 = {dev}"}, {{"dev", exact(worst)}}),
        say(lang, {"去掉位置项后权重的最大变化 = {change}。", "Removing the position term changes the weights by up to {change}."},
            {{"change", exact((content_only - A).cwiseAbs().maxCoeff())}}),
    };
    return {make_view(say(lang, {"分数 e_ij（内容 + 位置）", "Scores e_ij (content + position)"}), std::move(logits)),
            make_view(say(lang, {"注意力权重 softmax_j(e_ij)", "Attention weights softmax_j(e_ij)"}), std::move(weights), notes)};
}

Step content_plus_position() {
    return {
        "content-plus-position",
        {"内容加位置，再 softmax", "Content plus position, then softmax"},
        {"把内容分数与位置分数相加、除以 √d_k，再对每一行做 softmax，就得到注意力权重。"
         "每一行的权重之和为 1；注释给出去掉位置项后权重会变化多少。",
         "Add the content and position scores, divide by √d_k and apply softmax to each row to get the attention "
         "weights. Every row sums to 1; a note says how much the weights would change without the position term."},
        {"L", "clip", "d_k", "seed"},
        computed_views(softmax_views),
        {
         R"tex(\alpha_{ij} = \frac{\exp e_{ij}}{\sum_m \exp e_{im}}, \qquad e_{ij} = \frac{q_i \cdot k_j + q_i \cdot a_{ij}}{\sqrt{d_k}})tex"},
    };
}

// [SECTION] step 6: why dot the position vector with q
std::vector<ViewData> why_dot_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L, k = in.k;
    const Eigen::MatrixXd P = c.position;
    HeatmapView shaw = ij_matrix(P, lang);
    shaw.is_signed = true;
    shaw.explain = [P, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"{term} / √d = {value}：同一距离，不同的 q 给出不同的值", "{term} / √d = {value}: same distance, a different q gives a different value"},
                   {{"term", q_dot_a(r, col)}, {"value", n4(P(r, col))}});
    };
    const double spread_p = diagonal_spread(P).maxCoeff();

    // A scalar per distance instead: the table's first column read as one number per row.
    Eigen::MatrixXd S(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) S(i, j) = c.demo.table(c.index(i, j), 0);
    HeatmapView scalar = ij_matrix(S, lang);
    scalar.is_signed = true;
    scalar.explain = [S, L, k, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"b({dist}) = {value}：与查询内容无关", "b({dist}) = {value}: the same whatever the query says"},
                   {{"dist", integer(std::max(-k, std::min(k, col - r)))}, {"value", n4(S(r, col))}});
    };
    const double spread_s = diagonal_spread(S).maxCoeff();
    return {make_view(say(lang, {"Shaw：q_i·a_ij / √d（依赖内容）", "Shaw: q_i·a_ij / √d (content-dependent)"}), std::move(shaw),
                      {say(lang, {"沿对角线（同一距离）的最大极差 = {spread}：位置项随查询内容变化。",
                                  "Largest spread along a diagonal (one distance) = {spread}: the position term varies with the query's content."},
                           {{"spread", exact(spread_p)}})}),
            make_view(say(lang, {"对照：每个距离一个标量 b(clip(j − i))", "For contrast: one scalar per distance, b(clip(j − i))"}), std::move(scalar),
                      {say(lang, {"沿对角线的最大极差 = {spread}：标量偏置（如 T5）对每个查询都一样，是 Toeplitz 矩阵。",
                                  "Largest spread along a diagonal = {spread}: a scalar bias (as in T5) is the same for every query, a Toeplitz matrix."},
                           {{"spread", exact(spread_s)}})})};
}

Step why_dot_with_q() {
    return {
        "why-dot-with-q",
        {"为什么与 q 做点积", "Why dot the position vector with q"},
        {"a_ij 与 q_i 在同一个 d_k 维空间里，点积 q_i·a_ij 得到一个可以直接和 q_i·k_j 相加的标量。"
         "更重要的是，这个位置项依赖查询的内容：同一距离上，不同的查询得到不同的值，模型可以学到“这类词关注左边的词”。"
         "如果每个距离只加一个标量（如 T5），所有查询看到的都是同一个偏置，矩阵是 Toeplitz 的。",
         "a_ij lives in the same d_k-dimensional space as q_i, and the dot product q_i·a_ij is a scalar that adds "
         "directly to q_i·k_j. More importantly, this position term depends on the query's content: at one distance, "
         "different queries get different values, so the model can learn \"this kind of word looks to its left\". "
         "Adding one scalar per distance instead (as T5 does) gives every query the same bias: a Toeplitz matrix."},
        {"L", "clip", "d_k", "seed"},
        computed_views(why_dot_views),
        {
         R"tex(\underbrace{q_i \cdot a_{ij}}_{\text{depends on } q_i} \qquad \text{vs.} \qquad \underbrace{b_{j-i}}_{\text{one scalar per distance}})tex"},
    };
}

// [SECTION] step 7: the value side a^V
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
            if (mass > 0.0) parts.push_back(n4(mass) + "·a^V[j − i = " + integer(row - k) + "]");
        }
        return say(lang, {"Σ_j α{i}j a^V{i}j[{x}] = {value}；按距离合并权重：{parts}",
                          "Σ_j α{i}j a^V{i}j[{x}] = {value}; weights merged by distance: {parts}"},
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
        say(lang, {"按公式 z_i = Σ_j α_ij (v_j + a^V_ij) 逐对相加，与左边两项之和的最大差 = {diff}",
                   "Adding z_i = Σ_j α_ij (v_j + a^V_ij) pair by pair differs from the sum of the two terms by at most {diff}"},
            {{"diff", exact(max_abs(direct - Z))}}),
        say(lang, {"a^V 项的最大绝对值 = {largest}，内容项的最大绝对值 = {content}。", "The a^V term reaches {largest} in absolute value, the content term {content}."},
            {{"largest", n4(max_abs(T))}, {"content", n4(max_abs(AV))}}),
        say(lang, {"V 与值侧的表（{rows} × {d}）由随机种子生成，与 Q、K 的表相互独立。",
                   "V and the value-side table ({rows} × {d}) are random, drawn from the random seed, separate from the key-side table."},
            {{"rows", pos(2 * k + 1)}, {"d", pos(d)}}),
    };
    return {make_view(say(lang, {"内容部分 Σ_j α_ij v_j", "Content part Σ_j α_ij v_j"}), std::move(content)),
            make_view(say(lang, {"值侧的相对项 Σ_j α_ij a^V_ij", "Value-side relative term Σ_j α_ij a^V_ij"}), std::move(term)),
            make_view(say(lang, {"输出 z_i = Σ_j α_ij (v_j + a^V_ij)", "Output z_i = Σ_j α_ij (v_j + a^V_ij)"}), std::move(total), notes)};
}

Step value_side() {
    return {
        "value-side",
        {"值一侧的相对项 a^V", "The value-side term a^V"},
        {"Shaw 等人的公式 (3) 在值一侧也加了相对位置：z_i = Σ_j α_ij (x_j W^V + a^V_ij)。a^V 来自第二张 (2k+1) × d 的表，"
         "用与键一侧相同的截断索引去查。于是输出不只是邻居内容的加权平均，还带着“注意力落在哪些距离上”的信息："
         "同一距离的权重先合并，再乘上那一行的向量（悬停可以看到合并后的权重）。"
         "tensor2tensor 的实现同时有键和值两侧；一些后来的实现（例如 Music Transformer）以及常见的简化写法只保留键一侧。",
         "Equation 3 of Shaw et al. adds relative positions on the value side as well: z_i = Σ_j α_ij (x_j W^V + a^V_ij). "
         "a^V comes from a second (2k+1) × d table, read with the same clipped index as the key side. The output is "
         "then not just a weighted average of the neighbours' contents: it also carries where the attention fell, "
         "because the weights of one distance are merged and multiply that row's vector (hover to see the merged "
         "weights). tensor2tensor implements both sides; some later implementations (Music Transformer, for one) and the common simplified "
         "version found in tutorials keep only the key side."},
        {"L", "clip", "d_k", "seed"},
        computed_views(value_side_views),
        {
         R"tex(z_i = \sum_j \alpha_{ij} \left( x_j W^V + a^V_{ij} \right))tex",
         R"tex(a^V_{ij} = A^V\big[\operatorname{clip}(j - i,\ -k,\ k) + k\big])tex"},
    };
}

// [SECTION] the lesson
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "shaw";
    lesson.title = {"Shaw 相对位置表示", "Shaw's relative position representations"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // the L×L×d lookups; DeBERTa's 2k × d tables and bucket curve
        const Inputs in = params().read(p);
        const long long span = deberta_attention_span(in.bucket_size, in.max_position);
        return std::vector<long long>{std::max<long long>({in.L * in.L, 2 * span, 4LL * in.max_position + 1}),
                                      std::max(in.d, in.d_model) + 1LL};
    };
    lesson.steps = {score_with_relative_term(), relative_matrix_and_sign(), clipped_index(), lookup_and_position_scores(),
                    content_plus_position(), why_dot_with_q(), value_side(), transformer_xl_terms(),
                    deberta_disentangled()};
    attach_questions(&lesson, questions_shaw());
    lesson.references = {"shaw2018", "dai2019", "he2021-deberta"};
    return lesson;
}

}  // namespace

const Lesson* lesson_shaw() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
