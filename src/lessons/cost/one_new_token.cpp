// PE Lab — lessons/cost/one_new_token.cpp
// Step "one-new-token" of lesson "cost": while generating text with a KV cache, the position work for one new
// token per head: the N·d methods touch only the new token's own row (RoPE rotates its q and k, 2d numbers),
// a bias method adds one bias per cached key (N). Counted from core's position_work_items. Its question: what
// RoPE rotates per generated token (a prediction: nothing outside the covered figure gives it away).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
// The numbers one new token's position part touches per head, with N − 1 tokens already cached: the N·d
// methods work on the new token's row only (position_work_items at N = 1), a bias method on the new query's
// row of N scores (the work at N divided by its N rows). The recap shows them too.
double new_token_items(PositionMethod m, const Inputs& in) {
    if (work_group(m) == 0) return position_work_items(m, 1, in.d);
    return position_work_items(m, in.N, in.d) / in.N;
}

namespace {

std::vector<ViewData> one_new_token_views(const Inputs& in, Lang lang) {
    BarsView bars;
    bars.value_axis = say(lang, {"每个新词元、每个头处理的数", "numbers per new token and head"});
    // Per new token the work grows with d (the N·d methods) or with N (the N² methods): the legend says so here.
    bars.group_labels = {say(lang, {"每个新词元 ∝ d", "per new token ∝ d"}), say(lang, {"每个新词元 ∝ N", "per new token ∝ N"})};
    std::vector<double> items;
    for (PositionMethod m : all_position_methods()) {
        bars.labels.push_back(method_label(m, lang));
        items.push_back(new_token_items(m, in));
        bars.values.push_back(items.back());
        bars.groups.push_back(work_group(m));
    }
    const int N = in.N;
    bars.explain = [items, N, lang](int i) {
        return say(lang, {"缓存里已有 {cached} 个词元时，新词元的位置部分每个头处理 {items} 个数。",
                          "With {cached} tokens already cached, the new token's position part touches {items} numbers per head."},
                   {{"cached", integer(N - 1)}, {"items", integer(std::llround(items[static_cast<std::size_t>(i)]))}});
    };
    const std::vector<std::string> notes = {
        say(lang,
            {"生成文本时，前面词元的键和值留在 [[kv-cache|KV 缓存]]里。RoPE 在键进入缓存之前按它的位置旋转一次，之后不再改动，"
             "所以每个新词元只旋转自己的 q 和 k（每个头 {rotated} 个数）；偏置类方法则要为新查询对缓存里的每个键加一个偏置"
             "（N = {N} 时每个头 {N} 个）。",
             "When generating text, the keys and values of earlier tokens stay in a [[kv-cache|KV cache]]. RoPE rotates each key "
             "once, at its position, before it enters the cache and never again, so each new token rotates only its "
             "own q and k ({rotated} numbers per head); a bias method adds one bias per cached key for the new query "
             "({N} per head at N = {N})."},
            {{"rotated", integer(2LL * in.d)}, {"N", integer(in.N)}}),
    };
    return {make_view(say(lang, {"生成一个新词元时位置部分的工作量", "Position work for one new token"}), std::move(bars), notes)};
}

}  // namespace

// [SECTION] the step and its question
Step one_new_token() {
    Step s = {
        "one-new-token",
        {"生成时的一个新词元", "One new token while generating"},
        {
        "模型生成文本时，位置 i 的新词元要关注前面所有位置 j 的键，这些键和值留在 [[kv-cache|KV 缓存]]里。"
        "横条数出 N 个位置中最后一个词元、每个头的位置部分要处理多少个数，由与前几步相同的工作量公式得到。"
        "N 远大于 d 时，哪种方法每个新词元更费事，就在这里分出高下。",
        "While a model generates text, the new token at position i attends to the keys of all earlier positions j, "
        "kept with their values in a [[kv-cache|KV cache]]. The bars count the numbers the position part of the last of N tokens "
        "touches per head, from the same work counts as the previous steps. With N much larger than d, this is "
        "where the methods part ways."},
        {"N", "d"},
        views_of(read_inputs, one_new_token_views),
        {{R"tex(\text{RoPE：} s_{ij} = (R_i\,q_i)^{\top} (R_j\,k_j), \quad R_i = \text{按位置 } i \text{ 的旋转})tex",
          R"tex(\text{RoPE: } s_{ij} = (R_i\,q_i)^{\top} (R_j\,k_j), \quad R_i = \text{rotation by position } i)tex"},
         {R"tex(\text{偏置：} s_{ij} = q_i^{\top} k_j + b(i - j))tex", R"tex(\text{bias: } s_{ij} = q_i^{\top} k_j + b(i - j))tex"}},
    };
    // Covered until answered (a prediction): it says what the bars show.
    s.takeaway = {"每个新词元 RoPE 只旋转自己的 q 和 k，2d = {rotated} 个数，因为缓存的键存入时已转好；偏置要给 N = {N} 个缓存的键各加一个值。",
                  "Per new token RoPE rotates only its own q and k, 2d = {rotated} numbers, as cached keys were rotated "
                  "once when stored; a bias adds one value for each of the N = {N} cached keys."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"rotated", integer(2LL * in.d)}, {"N", integer(in.N)}};
    });
    s.questions = {
        {{"生成文本时，前面词元的键和值留在缓存里（KV 缓存）。每来一个新词元，RoPE 要旋转哪些向量？",
          "While generating text, earlier tokens' keys and values stay in a cache (the KV cache). Which vectors does "
          "RoPE rotate for each new token?"},
         {{"KV 缓存里的每个键都要重新旋转", "Every key in the KV cache, again"},
          {"只旋转新词元自己的 q 和 k", "Only the new token's own q and k"},
          {"不旋转任何向量", "None at all"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int N = in.N, d = in.d;
             return say(lang,
                        {"键在进入 KV 缓存前已按自己的位置旋转过一次，之后不再改变。所以每个新词元每个头只旋转 2d = {rotated} 个数；"
                         "偏置类方法则要给 N = {N} 个缓存的键各加一个偏置。",
                         "A key is rotated once, at its position, before it enters the KV cache, and never again. So "
                         "each new token rotates only 2d = {rotated} numbers per head, while a bias method adds one bias "
                         "to each of the N = {N} cached keys."},
                        {{"rotated", integer(2LL * d)}, {"N", integer(N)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the bars: they, their note and the takeaway are covered until then
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
