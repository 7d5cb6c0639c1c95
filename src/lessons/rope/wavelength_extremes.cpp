// PE Lab — lessons/rope/wavelength_extremes.cpp
// Lesson "rope", step "wavelength-extremes": the fastest and the slowest pairs — the shortest wavelength 2π
// (pair 0), the longest 2π·base^((d−2)/d) (not base·2π), and pair 0 resolving nearby offsets (not distant
// ones), against two simplified versions found in tutorials. A table of the first and last pairs.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
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
constexpr int kExtremePairs = 3;  // the first and the last three pairs (every pair when there are at most six)

std::vector<ViewData> wavelength_extremes_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    std::vector<int> shown;
    for (int i = 0; i < pairs; ++i)
        if (pairs <= 2 * kExtremePairs || i < kExtremePairs || i >= pairs - kExtremePairs) shown.push_back(i);
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(shown.size()), 3);
    for (std::size_t r = 0; r < shown.size(); ++r) {
        const int i = shown[r];
        const double lambda = 2 * kPi / in.theta(i);
        table.values.row(static_cast<Eigen::Index>(r)) << in.theta(i), lambda, in.max_dist / lambda;
        table.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    table.col_labels = {"θᵢ = base^(−2i/d)", say(lang, {"波长 2π/θᵢ", "wavelength 2π/θᵢ"}),
                        say(lang, {"上下文内转过的圈数", "turns within the context"})};
    table.corner = say(lang, {"对", "pair"});
    table.decimals = 5;
    const double longest = 2 * kPi / in.theta(pairs - 1);
    // The deciding cells: the shortest wavelength (2π), the longest against the quoted base·2π, and every pair
    // that does not complete one turn within the context max_dist.
    const int last_row = static_cast<int>(shown.size()) - 1;
    table.marks.push_back({0, 1, std::fabs(table.values(0, 1) - 2 * kPi) < 1e-9, say(lang, {"最短 = 2π", "shortest = 2π"})});
    const bool below_quoted = table.values(last_row, 1) < in.base * 2 * kPi;
    table.marks.push_back({last_row, 1, below_quoted,
                           below_quoted ? say(lang, {"最长，小于 base·2π", "longest, below base·2π"}) : say(lang, {"最长", "longest"})});
    for (int r = 0; r <= last_row; ++r)
        if (table.values(r, 2) < 1) table.marks.push_back({r, 2, false, say(lang, {"不满一圈", "under one turn"})});
    std::vector<std::string> notes = {
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
    const std::string title =
        static_cast<int>(shown.size()) == pairs
            ? say(lang, {"每一对的频率与波长（共 {pairs} 对）", "Frequency and wavelength of each pair ({pairs} pairs)"}, {{"pairs", integer(pairs)}})
            : say(lang, {"最快与最慢的各 {k} 对（共 {pairs} 对）", "The {k} fastest and the {k} slowest of {pairs} pairs"},
                  {{"k", integer(kExtremePairs)}, {"pairs", integer(pairs)}});
    return {make_view(title, std::move(table), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step wavelength_extremes() {
    Step s{
        "wavelength-extremes",
        {"最短与最长的波长", "The shortest and the longest wavelength"},
        {"θᵢ = base^(−2i/d) 中 i 最大只到 d/2 − 1，所以最后一对的指数停在 (d−2)/d。"
         "常见的简化写法还说低维管远距离、高维管近距离；按公式恰好相反：第 0 对转得最快，分辨近处的偏移。"
         "表格列出最快和最慢的几对：频率、波长和它们在上下文长度内转过的圈数。",
         "In θᵢ = base^(−2i/d), i stops at d/2 − 1, so the last pair's exponent stops at (d−2)/d. A common simplified "
         "version found in tutorials also says low dimensions track long range and high ones short range; the "
         "formula says the opposite: pair 0 turns fastest and resolves nearby offsets. The table lists the fastest "
         "and the slowest pairs: frequency, wavelength and the turns they make within the context length."},
        {"d_spectrum", "base", "max_dist"},
        views_of(read_spectrum_inputs, wavelength_extremes_views),
        {R"tex(\lambda_0=2\pi,\qquad \lambda_{d/2-1}=2\pi\,\mathrm{base}^{(d-2)/d}<2\pi\,\mathrm{base})tex"},
    };
    s.takeaway = {"最长波长是 2π·base^((d−2)/d) = {longest}，不是 base·2π = {wrong}：i 只到 d/2 − 1。最短是 2π。",
                  "The longest wavelength is 2π·base^((d−2)/d) = {longest}, below the often-quoted base·2π = {wrong}, "
                  "because i stops at d/2 − 1; the shortest is pair 0's 2π."};
    s.takeaway_args = args_of(read_spectrum_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"longest", num(2 * kPi / in.theta(in.theta.size() - 1))}, {"wrong", num(in.base * 2 * kPi)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
