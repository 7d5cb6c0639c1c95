// PE Lab — lessons/open_models/presets_scaled.cpp
// Step "presets-scaled" of lesson "open-models": the released models that scale their positions for a longer
// context (llama3 = the band rule, LongRoPE, YaRN, linear), in a table built by preset_group_table (lesson.cpp):
// head, rotary and position-free dimensions, bases, window, scaling factor, trained and extended context, with the
// equations of the four scaling rules as Hugging Face's modeling_rope_utils.py applies them. Every number comes from
// core (model_presets.h).
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
Step presets_scaled() {
    Step s = {
        "presets-scaled",
        {"延长上下文的模型", "Models that extend their context"},
        {"把上下文延长到训练长度 L₀ 以外的模型，各用一种规则放慢频率对：线性缩放、分段规则、YaRN 或 LongRoPE，公式依次列在上面。"
         "表中的行是“模型 · 缩放方法”；倍数 s 是上下文延长的倍数，训练长度与扩展后长度是缩放前后的上下文。"
         "无位置维度是每个头里不带位置的数（DeepSeek-V3 的 MLA 把 RoPE 解耦到另一小段里），局部层底数和窗口属于 Gemma 3 27B 的滑动窗口层。"
         "YaRN 的 β_fast、β_slow 以圈数划出过渡段：D(β) 是在 L₀ 内转 β 圈的那一对的下标，过渡段从 D(β_fast) 向下取整起，到 D(β_slow) 向上取整止。",
         "Every model here runs beyond its training length L₀ and slows its pairs by one rule: linear scaling, the band rule, "
         "YaRN or LongRoPE, whose equations are listed above in that order. Each row is \"model · scaling\"; factor s is how many "
         "times longer the context becomes, and trained and extended are the context before and after scaling. No-position dims "
         "are the numbers of each head that carry no position (DeepSeek-V3's MLA decouples RoPE into a small part of its own); "
         "local base and window belong to Gemma 3 27B's sliding-window layers. YaRN's β_fast and β_slow bound its blend by turns: "
         "D(β) is the index of the pair that turns β times within L₀, and the blend runs from D(β_fast) rounded down to "
         "D(β_slow) rounded up."},
        {},
        [](const ParamSet&, Lang lang) { return std::vector<ViewData>{preset_group_table(true, lang)}; },
        {{R"tex(\text{线性：}\ \theta_i'=\theta_i/s,\qquad \text{LongRoPE：}\ \theta_i'=\theta_i/f_i)tex", R"tex(\text{linear: }\ \theta_i'=\theta_i/s,\qquad \text{LongRoPE: }\ \theta_i'=\theta_i/f_i)tex"},
         {R"tex(\text{分段规则：}\ \theta_i'=(1-\gamma_i)\,\theta_i/s+\gamma_i\,\theta_i,\quad \gamma_i=\mathrm{clip}\Bigl(\frac{L_0/\lambda_i-\varphi_{lo}}{\varphi_{hi}-\varphi_{lo}},\,0,\,1\Bigr))tex", R"tex(\text{band rule: }\ \theta_i'=(1-\gamma_i)\,\theta_i/s+\gamma_i\,\theta_i,\quad \gamma_i=\mathrm{clip}\Bigl(\frac{L_0/\lambda_i-\varphi_{lo}}{\varphi_{hi}-\varphi_{lo}},\,0,\,1\Bigr))tex"},
         {R"tex(\text{YaRN：}\ \theta_i'=\rho_i\,\theta_i/s+(1-\rho_i)\,\theta_i,\quad \rho_i=\mathrm{clip}\Bigl(\frac{i-i_{lo}}{i_{hi}-i_{lo}},\,0,\,1\Bigr))tex", R"tex(\text{YaRN: }\ \theta_i'=\rho_i\,\theta_i/s+(1-\rho_i)\,\theta_i,\quad \rho_i=\mathrm{clip}\Bigl(\frac{i-i_{lo}}{i_{hi}-i_{lo}},\,0,\,1\Bigr))tex"},
         R"tex(i_{lo}=\lfloor D(\beta_{\mathrm{fast}})\rfloor,\quad i_{hi}=\lceil D(\beta_{\mathrm{slow}})\rceil,\quad D(\beta)=\frac{r\,\ln\bigl(L_0/(2\pi\beta)\bigr)}{2\ln b})tex"},
    };
    s.takeaway = {"这 {n} 个模型都跑在训练长度以外，所以都放慢频率对、让转角留在训练范围：线性每对都除以 s，分段规则和 YaRN 只除慢对，LongRoPE 逐对。",
                  "All {n} models run past their trained length, so each slows pairs to keep angles as in training: linear all by "
                  "s, the band rule and YaRN only the slow ones, LongRoPE one factor per pair."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs&, Lang) {
        int n = 0;
        for (const ModelPreset& p : pelab::model_presets()) n += p.scaling != "none" ? 1 : 0;
        return std::vector<Arg>{{"n", integer(n)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
