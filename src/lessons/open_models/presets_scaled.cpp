// PE Lab — lessons/open_models/presets_scaled.cpp
// Step "presets-scaled" of lesson "open-models": the released models that scale their positions for a longer
// context (llama3, LongRoPE, YaRN, linear), in a table built by preset_group_table (lesson.cpp): head, rotary and
// position-free dimensions, bases, window, scaling factor, trained and extended context. Every number comes from
// core (model_presets.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the step
#include <string>
#include <vector>

#include "core/model_presets.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the step
Step presets_scaled() {
    Step s = {
        "presets-scaled",
        {"延长上下文的模型", "Models that extend their context"},
        {"每个把上下文延长到训练长度以外的模型，都用自己的一种方法缩放位置：llama3 缩放、LongRoPE、YaRN 或线性缩放。"
         "表中的行是“模型 · 缩放方法”；factor 是缩放倍数 s（LongRoPE 用逐对因子表，这里空着），训练长度与扩展后长度是缩放前后的上下文。"
         "无位置维度是每个头里不带位置的数（DeepSeek-V3 的 MLA 把 RoPE 解耦到另一小段里），局部层 base 和窗口属于 Gemma 3 的滑动窗口层。",
         "Every model that extends its context beyond its trained length scales its positions in a way of its own: llama3 "
         "scaling, LongRoPE, YaRN or linear scaling. Each row is \"model · scaling\"; factor is the scale s (LongRoPE uses "
         "per-pair lists instead, so it is empty), and trained and extended are the context before and after scaling. Nope dims "
         "are the numbers of each head that carry no position (DeepSeek-V3's MLA decouples RoPE into a small part of its own); "
         "local base and window belong to Gemma 3's sliding-window layers."},
        {},
        [](const ParamSet&, Lang lang) { return std::vector<ViewData>{preset_group_table(true, lang)}; },
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
