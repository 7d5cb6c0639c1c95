// PE Lab — lessons/open_models/presets_unscaled.cpp
// Step "presets-unscaled" of lesson "open-models": the released models that do not scale their positions
// (scaling none in core/model_presets.txt), in a table built by preset_group_table (lesson.cpp): head and rotary
// dimensions, base, sliding window, trained and largest context. Every number comes from core (model_presets.h).
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
Step presets_unscaled() {
    Step s = {
        "presets-unscaled",
        {"不做上下文缩放的模型", "Models without context scaling"},
        {"不缩放位置的模型之间，差别在于每个头有多少维旋转、用哪个 base，以及是否只看一个滑动窗口。"
         "表中数值出自各模型发布的配置文件：头维度是每个头的数的个数，旋转维度是其中按 RoPE 转动的个数（即 rotary_dim），"
         "窗口是滑动窗口层只看的最近词元数，训练长度是训练时的上下文，最大长度是配置允许的最长序列（max_position_embeddings）。",
         "Among the models that do not scale their positions, what differs is how much of each head turns, which base it "
         "uses, and whether it looks only through a sliding window. The values come from each model's published configuration "
         "files: head dim is the count of numbers in a head, rotary dim how many of them turn by RoPE (rotary_dim), window the "
         "recent tokens a sliding-window layer sees, trained the context length in training, and max length the longest "
         "sequence the configuration allows (max_position_embeddings)."},
        {},
        [](const ParamSet&, Lang lang) { return std::vector<ViewData>{preset_group_table(false, lang)}; },
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
