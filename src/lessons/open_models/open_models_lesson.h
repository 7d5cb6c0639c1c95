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
    int d = 0;                 // head dimension (even)
    double base = 0;           // rope_theta of step 1's partial rotation
    int rotary_dim = 0;        // rotating numbers of q and k (even); clamped to d by the step
    int L = 0;                 // sequence length of the L×L matrices
    int seed = 0;              // the random q and k
    double local_base = 0;     // Gemma 3: rope_local_base_freq of the sliding-window layers
    double global_base = 0;    // Gemma 3: rope_theta of the global layers
    int window = 0;            // Gemma 3: sliding_window
    int context = 0;           // the context length the global layers serve
    double attn_scale = 0;     // Llama 4: attn_scale of the NoPE layers' temperature
    double floor_scale = 0;    // Llama 4: floor_scale
    int temperature_length = 0;  // the last position on the temperature curve

    // -- steps 4–6 (steps_4_6.cpp): LongRoPE, M-RoPE, decoupled RoPE in MLA
    int original_max = 0;               // training length (LongRoPE and DeepSeek's YaRN)
    int max_position = 0;               // LongRoPE's extended length
    int seq_len = 0;                    // current sequence length (LongRoPE's switch)
    double short_end = 0;               // the illustrative short list's last factor
    int text_before = 0, grid_t = 0, grid_h = 0, grid_w = 0, merge = 0, text_after = 0;  // M-RoPE's sequence
    std::vector<double> section;        // M-RoPE: pairs following the t, h, w rows
    double mrope_base = 0;              // M-RoPE's base (its own: small, so the image pattern shows)
    int heads = 0, kv_lora_rank = 0, qk_rope_head_dim = 0, qk_nope_head_dim = 0, v_head_dim = 0;  // MLA
    double factor = 0, mscale = 0, mscale_all_dim = 0;  // DeepSeek's YaRN settings
    int bytes_per_number = 0;           // cache element size in bytes

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
// The lesson's inputs from a parameter set (clamped, defaulted): what every step's views start from.
Inputs read_inputs(const ParamSet& p);
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
