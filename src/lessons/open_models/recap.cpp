// PE Lab — lessons/open_models/recap.cpp
// Step "recap" of lesson "open-models", its last: the lesson's six claims, each linked to the step that shows it,
// and one table that puts them side by side, a row per claim with its key number and the number it is compared
// with, computed from core at the lesson's inputs (the same functions the steps call): partial rotation, two bases,
// NoPE, Llama 3.1's band rule, M-RoPE inside an image, MLA's cache with decoupled RoPE.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the table
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/rope/model_presets.h"
#include "core/rope/odometer.h"
#include "core/rope/open_models.h"
#include "core/rope/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the table
namespace {

// Each claim's two numbers.
struct RecapNumbers {
    double turning = 0, head = 0;               // partial-rotation: numbers that turn, of d
    double global_turns = 0, local_turns = 0;   // two-bases: pairs completing a turn within the window
    double last_inverse = 0, first_inverse = 0;  // nope-layers: 1 / weight on token 0, last query and first
    double divided = 0, pairs = 0;              // llama3-scaling: Llama 3.1 8B's pairs slowed by s, of all its pairs
    double below_2d = 0, below_flat = 0;        // m-rope-image: how far the token below lies, in M-RoPE ids and flat
    double mla = 0, mha = 0;                    // decoupled-rope: cached numbers per token per layer
};

RecapNumbers recap_numbers(const Inputs& in) {
    RecapNumbers n;
    n.turning = std::min(in.rotary_dim, in.d);
    n.head = in.d;
    const Eigen::VectorXd local = rope_default_inv_freq(in.d, in.local_base), global = rope_default_inv_freq(in.d, in.global_base);
    n.local_turns = in.d / 2 - pairs_short_of_a_turn(local, in.window);
    n.global_turns = in.d / 2 - pairs_short_of_a_turn(global, in.window);
    const Eigen::VectorXd first = causal_uniform_attention_to_first(in.L);
    // 1 / weight is the count of keys a query shares its weight among (m + 1), a whole number up to rounding.
    n.last_inverse = std::round(1.0 / first(in.L - 1));
    n.first_inverse = std::round(1.0 / first(0));
    if (const ModelPreset* p = find_model_preset("llama-3.1-8b")) {
        const Llama3Counts c = llama3_counts(*p);
        n.divided = c.divided;
        n.pairs = c.divided + c.kept + c.between;
    }
    // The middle image token of frame 0 and the one below it: their distance in M-RoPE's (h, w) ids and in the flat order.
    const MropeCase c = mrope_case(with_an_image(in));
    const int gh = c.seq.grid_h / c.seq.merge, gw = c.seq.grid_w / c.seq.merge;
    const int query = c.seq.text_before + (gh - 1) / 2 * gw + (gw - 1) / 2, below = query + gw;
    if ((gh - 1) / 2 + 1 < gh && below < c.ids.cols()) {
        n.below_2d = std::abs(c.ids(1, query) - c.ids(1, below)) + std::abs(c.ids(2, query) - c.ids(2, below));
        n.below_flat = below - query;
    } else {
        n.below_2d = n.below_flat = std::nan("");
    }
    const MlaConfig m = mla_config(in);
    n.mla = static_cast<double>(mla_cache_numbers(m));
    n.mha = static_cast<double>(mha_cache_numbers(m));
    return n;
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const RecapNumbers n = recap_numbers(in);
    TableView t;
    t.values = RowMatrix(6, 2);
    t.values << n.turning, n.head, n.global_turns, n.local_turns, n.last_inverse, n.first_inverse, n.divided, n.pairs, n.below_2d,
        n.below_flat, n.mla, n.mha;
    // Each row: the problem in words, then the change that answers it and what its two numbers are.
    // Each label short enough for the 960×540 embed's table width (no sideways scroll hides the numbers).
    t.row_labels = {
        say(lang, {"内容匹配不该随位置变 → 部分旋转（GPT-NeoX）：旋转的数 | 全部",
                   "content match should not move with position → partial rotation (GPT-NeoX): numbers turning | all"}),
        say(lang, {"一个底数难兼顾窗口与长上下文 → 两种底数（Gemma 3）：窗口内转满的对，全局 | 局部",
                   "one base can't fit window and context → two bases (Gemma 3): pairs turning in the window, global | local"}),
        say(lang, {"训练外的角度是新的 → NoPE 层（Llama 4）不转，靠掩码知顺序：1/第 0 个词元的权重，最后 | 首个查询",
                   "unseen angles → NoPE layers (Llama 4) don't rotate; the mask gives order: 1/weight on token 0, last | first"}),
        say(lang, {"训练外慢对遇到新角度 → Llama 3.1 只把慢对放慢 s 倍：放慢的对 | 全部对",
                   "slow pairs meet new angles past training → Llama 3.1 slows only them, s times: pairs slowed | all"}),
        say(lang, {"展平的图像把正下方推远 → M-RoPE（Qwen2-VL）：正下方词元的距离，二维 | 展平",
                   "flattening an image pushes the token below far away → M-RoPE (Qwen2-VL): its distance, 2-D | flat"}),
        say(lang, {"键值缓存太大 → MLA（DeepSeek）缓存一个潜向量加一个旋转的小键：缓存的数，MLA | 普通",
                   "a large key–value cache → MLA (DeepSeek) caches a latent and one small rotating key: numbers, MLA | ordinary"})};
    t.col_labels = {say(lang, {"数值", "value"}), say(lang, {"对照", "against"})};
    t.corner = say(lang, {"论点", "claim"});
    t.integer = true;
    std::vector<std::string> notes = {
        say(lang, {"每行：问题 → 模型的改动：数值 | 对照；两个数都按本课当前的参数算出，与各步相同。",
                   "Each row: the problem → the model's change: value | against; both numbers computed at the lesson's "
                   "current settings, the same as on the steps."}),
    };
    return {make_view(say(lang, {"六个论点，各自的两个数", "The six claims, each with its two numbers"}), std::move(t), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：每个模型只改 RoPE 的一处，各为一个问题", "Recap: each model changes one thing about RoPE, for one problem"},
        {"[[lesson:open-models/partial-rotation|部分旋转]]只转每个头的 r 个数：分数仍是相对的，另加一项与位置无关的内容分。"
         "[[lesson:open-models/two-bases|两种底数]]：底数越大每对转得越慢，全局层覆盖整个上下文，局部层分辨窗口内的距离。"
         "[[lesson:open-models/nope-layers|不加位置编码的层]]仍从因果掩码读出位置：查询 m 给第 0 个词元 1/(m + 1)。"
         "[[lesson:open-models/llama3-scaling|延长上下文]]只放慢训练中没转满一圈的慢对（Llama 3.1 分三段，LongRoPE 逐对）。"
         "[[lesson:open-models/m-rope-image|M-RoPE]] 给图像词元二维位置，正下方的词元只差一行，而不是一整行词元。"
         "[[lesson:open-models/decoupled-rope|解耦 RoPE]] 让 MLA 只缓存一个潜向量加一份共用的旋转键，因为 RoPE 使键的上投影无法并进查询。",
         "[[lesson:open-models/partial-rotation|Partial rotation]] turns only r of a head's d numbers: the score stays relative "
         "and gains a position-free content term. [[lesson:open-models/two-bases|Two bases]]: a larger base slows every pair, so "
         "global layers span the context while local layers resolve their window. [[lesson:open-models/nope-layers|Layers "
         "without position encoding]] still read position from the causal mask: query m gives token 0 1/(m + 1). "
         "[[lesson:open-models/llama3-scaling|Stretching the context]] slows only the pairs that never turned in training "
         "(Llama 3.1 in three bands, LongRoPE pair by pair). [[lesson:open-models/m-rope-image|M-RoPE]] gives image tokens 2-D "
         "positions, so the token below is one row away, not a whole row of tokens. "
         "[[lesson:open-models/decoupled-rope|Decoupled RoPE]] lets MLA cache one latent and one shared rotating key, because "
         "RoPE blocks folding the key's up-projection into the query."},
        {},
        views_of(read_inputs, recap_views),
    };
    s.takeaway = {"每处改动都对着一个问题：转什么、转多快、转不转、转多远、沿哪几个方向，以及缓存存多少（MLA {mla} 个数，普通注意力 {mha} 个）。",
                  "Each model changes RoPE where a problem bites: what turns, how fast, whether at all, how far, along which axes, "
                  "and what the cache must hold ({mla} numbers instead of {mha})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const MlaConfig m = mla_config(in);
        return std::vector<Arg>{{"mla", integer(mla_cache_numbers(m))}, {"mha", integer(mha_cache_numbers(m))}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
