// PE Lab — lessons/open_models/open_models_lesson.h
// Private to lesson "open-models" (this folder): the inputs, the parameter rows each group of steps declares,
// and the seven steps. Steps 1–3 live in steps_1_3.cpp, steps 4–6 in steps_4_6.cpp, step 7 (model presets)
// in step_7.cpp; each file also declares the parameter rows its steps use and the largest array they build.
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs
// [SECTION] parameter rows and sizes, one group per file
// [SECTION] the steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace pelab {
namespace open_models_lesson {

// [SECTION] inputs
struct Inputs {
    // -- steps 1–3 (steps_1_3.cpp): partial rotation, two bases, layers without position encoding

    // -- steps 4–6 (steps_4_6.cpp): LongRoPE, M-RoPE, decoupled RoPE in MLA

    // -- step 7 (step_7.cpp): model presets
    std::string preset;  // the selected model preset's name (core/model_presets.h)

    // -- end of inputs
};

// [SECTION] parameter rows and sizes, one group per file
// The lesson's one table is the concatenation of these rows (lesson.cpp); a key appears in one group only.
std::vector<ParamRow<Inputs>> rows_steps_1_3();
std::vector<ParamRow<Inputs>> rows_steps_4_6();
std::vector<ParamRow<Inputs>> rows_step_7();
const ParamTable<Inputs>& params();
// The largest array (in doubles) the group's steps build for these parameters; the memory guard checks it.
long long largest_array_steps_1_3(const ParamSet& p);
long long largest_array_steps_4_6(const ParamSet& p);
long long largest_array_step_7(const ParamSet& p);

// [SECTION] the steps, in lesson order
Step partial_rotation();        // 1
Step two_bases();               // 2
Step layers_without_position(); // 3
Step longrope();                // 4
Step multimodal_rope();         // 5
Step decoupled_rope_mla();      // 6
Step model_presets();           // 7

}  // namespace open_models_lesson
}  // namespace pelab
