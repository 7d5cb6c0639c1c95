// PE Lab — lessons/absolute_pe/same_width.cpp
// Step "same-width" of absolute-pe: adding and concatenating compared at one total width D — adding lets content
// and position each use all D dimensions; concatenating splits D, or widens the model and its W_q. Its view,
// then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the same total width
#include <string>
#include <vector>

#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the same total width
namespace {

std::vector<ViewData> same_width_views(const Inputs& in, Lang lang) {
    // The same total width D = d_model: adding gives content and position all D dimensions (shared); concatenating
    // splits D (half each here), or keeps the content width D and grows the model to D + D/2.
    const long long D = in.d_model, half = D / 2;
    TableView width;
    width.values.resize(3, 4);
    width.values << D, D, D, D * D,
                    D, D - half, half, D * D,
                    D + half, D, half, (D + half) * (D + half);
    width.row_labels = {say(lang, {"相加（宽度 D）", "add (width D)"}), say(lang, {"拼接，总宽度同为 D", "concatenate, same total width D"}),
                        say(lang, {"拼接，内容仍占 D 维", "concatenate, content keeps D"})};
    width.col_labels = {say(lang, {"模型宽度", "model width"}), say(lang, {"内容可用的维数", "dimensions for content"}),
                        say(lang, {"位置可用的维数", "dimensions for position"}), say(lang, {"W_q 的参数", "parameters of W_q"})};
    width.corner = say(lang, {"方法", "method"});
    width.integer = true;
    // The deciding cells, computed from the numbers against adding's row: where a concatenation gives content or
    // position fewer than D dimensions, widens the model or grows W_q (red), and adding's full D for each (green).
    for (int r = 0; r < 3; ++r) {
        if (width.values(r, 0) > D) width.marks.push_back({r, 0, false, say(lang, {"模型变宽", "wider model"})});
        for (int c = 1; c <= 2; ++c) {
            if (width.values(r, c) < D)
                width.marks.push_back({r, c, false, say(lang, {"少于 D 维", "fewer than D"})});
            else if (r == 0)
                width.marks.push_back({r, c, true, say(lang, {"全部 D 维", "all D"})});
        }
        if (width.values(r, 3) > D * D) width.marks.push_back({r, 3, false, say(lang, {"参数更多", "more parameters"})});
    }
    const std::vector<std::string> width_notes = {
        say(lang, {"D = {D}：相加时内容和位置各自都能用全部 {D} 维（代价是两者共用同一空间）；同样宽度的拼接只给内容 {content} 维、给位置 {position} 维。",
                   "D = {D}: adding lets content and position each use all {D} dimensions (at the price of sharing one space); "
                   "concatenating at the same width leaves {content} for content and {position} for position."},
            {{"D", pos_text(static_cast<int>(D))}, {"content", pos_text(static_cast<int>(D - half))}, {"position", pos_text(static_cast<int>(half))}}),
        say(lang, {"若拼接时内容仍要 {D} 维，模型就变宽到 {wide} 维，每个 W_q 的参数从 {narrow_params} 增加到 {wide_params}（{ratio} 倍）。",
                   "Keeping {D} dimensions for content when concatenating widens the model to {wide}, and each W_q grows from "
                   "{narrow_params} to {wide_params} parameters ({ratio} times)."},
            {{"D", pos_text(static_cast<int>(D))}, {"wide", pos_text(static_cast<int>(D + half))}, {"narrow_params", count_text(D * D, lang)},
             {"wide_params", count_text((D + half) * (D + half), lang)}, {"ratio", num(static_cast<double>((D + half) * (D + half)) / (D * D))}}),
    };
    return {make_view(say(lang, {"同样的总宽度：相加与拼接", "The same total width: adding and concatenating"}), std::move(width), width_notes)};
}

}  // namespace

Step same_width() {
    Step s = {
        "same-width",
        {"同样宽度下的相加与拼接", "Adding and concatenating at one width"},
        {"表格按滑块 d_model = D 算出三种做法给内容和位置的维数，以及 W_q 的参数。"
         "相加让内容和位置都能用全部 D 维，代价是两者共用同一个空间；拼接要么把 D 分给两者，要么让模型变宽、参数变多。",
         "The table computes, with D set by the d_model slider, the dimensions each choice gives content and position, "
         "and the parameters of W_q. Adding lets content and position each use all D dimensions, at the price of "
         "sharing one space; concatenating either splits D between them or makes the model wider, with more parameters."},
        {"d_model"},
        views_of(read_inputs, same_width_views),
        {{R"tex(W_q\in\mathbb{R}^{D\times D}\ \text{（相加）},\qquad W_q\in\mathbb{R}^{\frac32 D\times\frac32 D}\ \text{（拼接，内容仍占}\ D\ \text{维）})tex", R"tex(W_q\in\mathbb{R}^{D\times D}\ \text{(add)},\qquad W_q\in\mathbb{R}^{\frac32 D\times\frac32 D}\ \text{(concatenate, content keeps}\ D))tex"}},
    };
    s.takeaway = {"D = {D}：相加时内容和位置共用全部 {D} 维；拼接各给 {content}、{position} 维，或加宽到 {wide} 维、W_q 变 {ratio} 倍。",
                  "At D = {D}, adding gives content and position {D} dimensions each, shared; concatenating gives {content} and "
                  "{position}, or a {wide}-wide model with {ratio}× the W_q."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const long long D = in.d_model, half = D / 2;
        return std::vector<Arg>{{"D", pos_text(in.d_model)}, {"content", pos_text(static_cast<int>(D - half))},
                                {"position", pos_text(static_cast<int>(half))}, {"wide", pos_text(static_cast<int>(D + half))},
                                {"ratio", num(static_cast<double>((D + half) * (D + half)) / static_cast<double>(D * D))}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
