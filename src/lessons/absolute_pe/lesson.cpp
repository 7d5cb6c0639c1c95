// PE Lab — lessons/absolute_pe/lesson.cpp
// Lesson "absolute-pe" (Vaswani et al. 2017 §3.5; tensor2tensor; BERT): why positions are needed (attention without
// them is permutation-equivariant, and its weights only move), the three places position can enter, the sinusoidal formula and its
// worked example, the PE heatmap, the wavelengths, what the code costs, relative information inside the absolute
// code (PE(p+k) = M_k PE(p)), the Toeplitz Gram matrix, the paper's and tensor2tensor's layouts side by side,
// concatenation as a special case of adding, the two at one width, and a learnable table that has no rows
// beyond max_len; a recap puts the claims side by side.
// This file: the parameter table, the helpers the steps share and the lesson (its steps in order); each step
// lives in the file named after its id (why_positions.cpp, three_places.cpp, …), its prose beside its views
// and its questions.
// Every number shown comes from core (sinusoidal.h, attention_grid.h, rope.h, t5.h, f_delta.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters and inputs
// [SECTION] shared helpers
// [SECTION] the lesson
#include <algorithm>
#include <cmath>

#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] parameters and inputs
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::integer("tokens", 2, 8, "5", {"打乱演示中的 token 个数", "number of tokens in the shuffle demo"}), &Inputs::tokens},
        {Key::shared("seed").def("1").about({"生成随机 token、权重与表格所用的随机种子", "random seed of the tokens, weights and tables"}), &Inputs::seed},
        {Key::integer("pos", 0, 255, "2", {"示例的位置（从 0 开始）", "position of the worked example (0-based)"}), &Inputs::pos},
        {Key::shared("d").range(2, 16).def("4").about({"示例的模型维度（偶数）", "model dimension of the worked example (even)"}), &Inputs::d},
        {Key::shared("base").range(2, 1e6).def("10000").about({"频率的底数（论文取 10000）", "base of the frequencies (10000 in the paper)"}),
         &Inputs::base},
        {Key::shared("L").range(2, 256).def("128").about({"表格中的位置个数", "number of positions in the tables"}), &Inputs::L},
        {Key::choice("d_model", {"8", "16", "32", "64", "128"}, "64", {"表格的模型维度", "model dimension of the tables"}), &Inputs::d_model},
        {Key::list("dims", 0, 127, 1, 6, "2,6,12", {"画成曲线的维度（整数）", "dimensions drawn as curves (whole numbers)"}), &Inputs::dims_asked},
        {Key::integer("shift", -64, 64, "3", {"平移 Δ：编码向后移动的位置数", "shift Δ: how many positions the code moves on"}).sym("Δ"), &Inputs::shift},
        {Key::shared("variant").def("vaswani"), &Inputs::variant_name},
        {Key::integer("max_len", 1, 256, "96", {"可学习表格的行数", "rows of the learnable table"}), &Inputs::max_len},
    };
    return table;
}

Inputs read_inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    in.variant = pe_variant_from(in.variant_name);
    // Dimensions beyond d_model − 1 are clamped; repeats are dropped.
    for (double x : in.dims_asked) {
        const int dim = std::max(0, std::min(in.d_model - 1, static_cast<int>(std::floor(x))));
        if (std::find(in.dims.begin(), in.dims.end(), dim) == in.dims.end()) in.dims.push_back(dim);
    }
    if (in.dims.empty()) in.dims = {std::min(2, in.d_model - 1)};
    return in;
}

// [SECTION] shared helpers
void column_meaning(int j, int d, PeVariant v, bool* is_cos, int* freq) {
    if (v == PeVariant::tensor2tensor) {
        const int half = d / 2;
        *is_cos = j >= half;
        *freq = *is_cos ? j - half : j;
    } else {
        *is_cos = j % 2 == 1;
        *freq = j / 2;
    }
}

std::vector<std::string> pe_column_labels(int d, PeVariant v) {
    std::vector<std::string> out;
    for (int j = 0; j < d; ++j) {
        bool is_cos = false;
        int i = 0;
        column_meaning(j, d, v, &is_cos, &i);
        out.push_back(std::to_string(j) + (is_cos ? ": cos ω" : ": sin ω") + sub(i) + "p");
    }
    return out;
}

HeatmapView qk_view(const Eigen::MatrixXd& M, Lang lang) {
    HeatmapView h = index_matrix(M, say(lang, {"查询位置 q", "query q"}), say(lang, {"键位置 k", "key k"}));
    h.is_signed = true;
    h.qk_axes = true;
    return h;
}

std::string difference_note(Lang lang, double diff, const Text& plain, const Text& rounded, std::vector<Arg> args) {
    args.push_back({"diff", exact(diff)});
    return say(lang, diff != 0.0 && diff <= 1e-9 ? rounded : plain, args);
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "absolute-pe";
    lesson.title = {"绝对位置编码", "Absolute position encodings"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // PE tables: L (or max_len) positions × d_model; L×L products
        const Inputs in = params().read(p);
        const long long L = std::max(in.L, in.max_len), d = in.d_model;
        return std::vector<long long>{L, std::max(L, d)};
    };
    lesson.steps = {why_positions(),  shuffled_weights(), three_places(),   sinusoidal_formula(),       heatmap_and_wavelengths(),
                    wavelength_range(), sinusoid_cost(), relative_inside_absolute(), gram_toeplitz(),
                    two_layouts(),    add_or_concat(),  same_width(),               learnable_table(),
                    recap()};
    // The eight steps before the split: old step 4 is now wavelengths, wavelength-range and
    // sinusoid-cost; old 5 relative-inside-absolute and gram-toeplitz; old 7 add-or-concat and same-width.
    lesson.old_numbering = {"why-positions",            "three-places", "sinusoidal-formula", "wavelengths",
                            "relative-inside-absolute", "two-layouts",  "add-or-concat",      "learnable-table"};
    lesson.references = {"vaswani2017", "vaswani2017-hf", "devlin2019"};
    return lesson;
}

}  // namespace

}  // namespace absolute_pe

const Lesson* lesson_absolute_pe() {
    static const Lesson lesson = absolute_pe::make_lesson();
    return &lesson;
}

}  // namespace pelab
