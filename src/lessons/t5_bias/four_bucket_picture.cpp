// PE Lab — lessons/t5_bias/four_bucket_picture.cpp
// Lesson "t5-bias", step "four-bucket-picture": the simplified 4-bucket picture found in tutorials (|Δ| only)
// against HF's real function with num_buckets = 4.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// The offsets Δ = i − j on whose whole diagonal the two matrices agree, as runs of consecutive Δ in words
// ("Δ = 0", "Δ ≤ −5", "3 ≤ Δ ≤ 4"); both maps are Toeplitz, so a diagonal agrees or differs as a whole.
std::string agreeing_offsets(const Eigen::MatrixXi& A, const Eigen::MatrixXi& B, Lang lang) {
    const int L = static_cast<int>(A.rows());
    std::vector<int> same;
    for (int delta = -(L - 1); delta <= L - 1; ++delta) {
        bool agree = true;
        for (int i = std::max(0, delta); i < L && i - delta < L; ++i) agree = agree && A(i, i - delta) == B(i, i - delta);
        if (agree) same.push_back(delta);
    }
    std::vector<std::string> runs;
    for (size_t a = 0; a < same.size();) {
        size_t b = a;
        while (b + 1 < same.size() && same[b + 1] == same[b] + 1) ++b;
        const int lo = same[a], hi = same[b];
        if (lo == hi) runs.push_back("Δ = " + integer(lo));
        else if (lo == -(L - 1)) runs.push_back("Δ ≤ " + integer(hi));
        else if (hi == L - 1) runs.push_back("Δ ≥ " + integer(lo));
        else runs.push_back(integer(lo) + " ≤ Δ ≤ " + integer(hi));
        a = b + 1;
    }
    if (runs.empty()) return say(lang, {"没有", "none"});
    return join(runs, lang == Lang::zh ? "、" : ", ");
}

std::vector<ViewData> four_bucket_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    // This step's HF side always has 4 buckets: the max_distance it can use depends on that count.
    const int four_max_distance = usable_max_distance(4, in.bidirectional, in.given_max_distance);
    const Eigen::MatrixXi simple = t5_tutorial_simplified_matrix(L);
    const Eigen::MatrixXi hf = t5_bucket_matrix(L, 4, four_max_distance, in.bidirectional);
    HeatmapView s = bucket_heatmap(simple, lang);
    s.explain = [simple, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"|Δ| = {n} → 桶 {b}（≤1→0，2→1，3…4→2，>4→3）", "|Δ| = {n} → bucket {b} (≤1→0, 2→1, 3…4→2, >4→3)"},
                   {{"n", integer(std::abs(r - c))}, {"b", integer(simple(r, c))}});
    };
    HeatmapView h = bucket_heatmap(hf, lang);
    h.highlight_cells = differing_cells(simple, hf);
    std::vector<std::string> notes;
    const std::string md_note = max_distance_note(4, in.bidirectional, in.given_max_distance, lang);
    if (!md_note.empty()) notes.push_back(md_note);
    notes.push_back(say(lang, {"与简化示意不同的格子（已框出）：{n} / {cells}；只有 {same} 这几条对角线一致。",
                               "Cells that differ from the simplified picture (outlined): {n} / {cells}; they agree only where {same}."},
                        {{"n", integer(static_cast<long long>(h.highlight_cells.size()))}, {"cells", integer(L * L)},
                         {"same", agreeing_offsets(simple, hf, lang)}}));
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(4, four_max_distance, in.bidirectional);
    std::vector<std::string> parts;
    for (const T5BucketRange& r : ranges) parts.push_back(integer(r.bucket) + ": " + range_text(r, lang));
    notes.push_back(say(lang, {"4 个桶时真实函数的划分：{list}", "The real function's split with 4 buckets: {list}"},
                        {{"list", join(parts, lang == Lang::zh ? "；" : "; ")}}));
    notes.push_back(say(lang, {"示意图分不清键在查询之前还是之后，真实函数分得清。",
                               "The picture cannot tell a key before the query from one after it; the real function can."}));
    return {make_view(say(lang, {"常见的简化 4 桶示意（只看 |Δ|）", "A common simplified 4-bucket picture found in tutorials (|Δ| only)"}),
                      std::move(s)),
            make_view(say(lang, {"真实函数（Hugging Face），4 个桶", "Real (Hugging Face), 4 buckets"}), std::move(h),
                      std::move(notes))};
}

// The takeaway's numbers: how many cells the picture gets wrong, and what the real function does instead.
std::vector<Arg> four_bucket_args(const Inputs& in, Lang lang) {
    const int four_max_distance = usable_max_distance(4, in.bidirectional, in.given_max_distance);
    const long long differ = static_cast<long long>(
        differing_cells(t5_tutorial_simplified_matrix(in.L), t5_bucket_matrix(in.L, 4, four_max_distance, in.bidirectional)).size());
    return {{"n", integer(differ)},
            {"cells", integer(1LL * in.L * in.L)},
            {"split", in.bidirectional ? say(lang, {"保留方向：Δ = 0、> 0、< 0 各一个桶",
                                                    "keeps the sign: Δ = 0, > 0, < 0 a bucket each"})
                                       : say(lang, {"把之后的键全放进桶 0",
                                                    "puts every later key in bucket 0"})}};
}

}  // namespace

// [SECTION] the step
Step four_bucket_picture() {
    Step s = {
        "four-bucket-picture",
        {"简化的 4 桶示意与真实函数", "A simplified 4-bucket picture and the real function"},
        {"教程常画一种简化的 4 桶示意：只看 |Δ|，|Δ| ≤ 1、2、3…4、> 4 各一个桶。"
         "真实函数用 4 个桶时完全不同：它保留方向，每个方向只有 2 个桶，所以只有 Δ = 0 是精确的。"
         "右图框出两者不同的格子；示意图只用来理解“近处细、远处粗”，不要当作 T5 的实际输出。"
         "因果模式下，之后的键全部是桶 0，之前的键按距离分桶。",
         "Tutorials often draw a simplified 4-bucket picture that looks only at |Δ|: one bucket each for |Δ| ≤ 1, 2, "
         "3…4 and > 4. The real function with 4 buckets is quite different: it keeps the direction, leaving 2 buckets "
         "per direction, so only Δ = 0 is exact. The right heatmap outlines the cells where the two differ; read the "
         "picture as \"fine nearby, coarse far away\", not as T5's actual output. In causal mode later keys are all "
         "bucket 0, and earlier keys are bucketed by distance."},
        {"L", "max_distance", "bidirectional"},
        views_of(read_inputs, four_bucket_views),
        {
         {R"tex(\mathrm{bucket}^{\text{教程}}:\ |\Delta| \le 1 \to 0,\ \ 2 \to 1,\ \ 3..4 \to 2,\ \ {>}\,4 \to 3)tex",
          R"tex(\mathrm{bucket}^{\mathrm{tutorial}}:\ |\Delta| \le 1 \to 0,\ \ 2 \to 1,\ \ 3..4 \to 2,\ \ {>}\,4 \to 3)tex"},
         {R"tex(\mathrm{bucket}(\Delta) = 2\,[\Delta < 0] + [\Delta \ne 0]\quad (\text{双向}))tex",
          R"tex(\mathrm{bucket}(\Delta) = 2\,[\Delta < 0] + [\Delta \ne 0]\quad (\text{bidirectional}))tex"}},
    };
    s.takeaway = {"{cells} 个格子中有 {n} 个不同：示意图只看 |Δ|，而真实函数{split}。",
                  "{n} of {cells} cells differ: the picture uses only |Δ|; the real one {split}."};
    s.takeaway_args = args_of(read_inputs, four_bucket_args);
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
