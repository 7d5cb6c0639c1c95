// PE Lab — lessons/open_models/presets_unscaled.cpp
// Step "presets-unscaled" of lesson "open-models": the released models that do not scale their positions
// (scaling none in core/rope/model_presets.txt), in a table built by preset_group_table (lesson.cpp): head and rotary
// dimensions, base, sliding window, trained and largest context, with the equations of what sets them apart (the
// rotating share of a head, the window). Every number comes from core (model_presets.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the step
#include <string>
#include <vector>

#include "core/rope/model_presets.h"
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
        {"这些模型的位置不做缩放；每个头转多少个数、用哪个底数、是否只看一个滑动窗口，各不相同。"
         "表中数值出自各模型发布的配置文件：头维度 d 是每个头的数的个数，旋转维度 r 是其中按 RoPE 转动的个数，"
         "窗口 L_w 是滑动窗口层只看的最近词元数，训练长度是训练时的上下文，最大长度是配置允许的最长序列。",
         "The models in this table do not scale their positions; they differ in how much of each head turns, which base it "
         "uses, and whether a layer looks only through a sliding window. The "
         "values come from each model's published configuration files: head dim d is the count of numbers in a head, rotary dim "
         "r how many of them turn by RoPE, window L_w the recent tokens a sliding-window layer sees, trained the context length "
         "in training, and max length the longest sequence the configuration allows."},
        {},
        [](const ParamSet&, Lang lang) { return std::vector<ViewData>{preset_group_table(false, lang)}; },
        {{R"tex(\theta_i=b^{-2i/r}\ \ (i<r/2),\qquad \text{其余 } d-r \text{ 个数不旋转})tex", R"tex(\theta_i=b^{-2i/r}\ \ (i<r/2),\qquad \text{the other } d-r \text{ numbers do not turn})tex"},
         {R"tex(\text{滑动窗口：查询 } m \text{ 只看 } m-L_w<n\le m)tex", R"tex(\text{sliding window: query } m \text{ sees only } m-L_w<n\le m)tex"}},
    };
    s.takeaway = {"这 {n} 个模型只跑在配置本来的长度内，所以不缩放位置；差别在转哪些数（{partial} 只转 {head} 个中的 {rot} 个）、底数和窗口。",
                  "These {n} models run only at the lengths their configuration was built for, so nothing is scaled; they differ in "
                  "what turns ({partial}: {rot} of {head} numbers), in base and in window."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs&, Lang) {
        int n = 0;
        const ModelPreset* partial = nullptr;  // the unscaled model that turns the smallest share of its head
        for (const ModelPreset& p : pelab::model_presets()) {
            if (p.scaling != "none") continue;
            ++n;
            if (!partial || p.rotary_dim * partial->head_dim < partial->rotary_dim * p.head_dim) partial = &p;
        }
        return std::vector<Arg>{{"n", integer(n)}, {"partial", partial ? partial->display : std::string("—")},
                                {"rot", integer(partial ? partial->rotary_dim : 0)}, {"head", integer(partial ? partial->head_dim : 0)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
