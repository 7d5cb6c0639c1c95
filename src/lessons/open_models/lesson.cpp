// PE Lab — lessons/open_models/lesson.cpp
// Lesson "open-models": how the open models people download in 2025–2026 place position, in 7 steps — partial
// rotation (GPT-NeoX, Phi), two RoPE bases in one model (Gemma 3), layers without position encoding and
// Llama 4's attention temperature, LongRoPE (Phi-3), multimodal RoPE (Qwen2-VL), decoupled RoPE in multi-head
// latent attention (DeepSeek-V2/V3), and a table of released models' position settings. Every number shown
// comes from core (open_models.h, rope.h, rope_scaling.h and the model presets).
// This file joins the parameter rows of the three step files into the lesson's one table and lists the steps.
//
// [SECTION] parameters (declared once, by the step files)
// [SECTION] the lesson
#include <algorithm>

#include "core/model_presets.h"
#include "lessons/questions/question_tables.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

// [SECTION] parameters (declared once, by the step files)
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table = [] {
        std::vector<ParamRow<Inputs>> rows;
        for (auto group : {rows_steps_1_3, rows_steps_4_6, rows_step_7}) {
            std::vector<ParamRow<Inputs>> part = group();
            rows.insert(rows.end(), part.begin(), part.end());
        }
        return ParamTable<Inputs>(std::move(rows));
    }();
    return table;
}

Inputs read_inputs(const ParamSet& p) { return params().read(p); }

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "open-models";
    lesson.title = {"当今开源模型中的位置编码", "Position in current open models"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {
        return std::vector<long long>{std::max({largest_array_steps_1_3(p), largest_array_steps_4_6(p),
                                                largest_array_step_7(p), 1LL})};
    };
    lesson.steps = {
        partial_rotation(),
        two_bases(),
        layers_without_position(),
        longrope(),
        multimodal_rope(),
        decoupled_rope_mla(),
        model_presets(),
    };
    attach_questions(&lesson, questions_open_models_1_3());
    attach_questions(&lesson, questions_open_models_4_6());
    attach_questions(&lesson, questions_open_models_7());
    lesson.references = {"black2022-gpt-neox", "gemma3-hf", "gemma3-deepmind", "haviv2022", "nakanishi2025",
                         "ding2024-longrope", "wang2024-qwen2-vl", "deepseek-v2", "deepseek-v3-hf"};
    for (const ModelPreset& preset : pelab::model_presets()) lesson.references.push_back("model:" + preset.name);
    lesson.references.push_back("deepseek-v3");
    lesson.references.push_back("hf-rope-utils");
    return lesson;
}

}  // namespace
}  // namespace open_models_lesson

const Lesson* lesson_open_models() {
    static const Lesson lesson = open_models_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
