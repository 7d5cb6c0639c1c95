// PE Lab — lessons/open_models/open_models_lesson.h
// Private to lesson "open-models" (this folder): the inputs, the parameter table, the helpers a step shares
// with the lesson's memory guard or with each other, and the seventeen steps, each in the file named for its id
// (partial_rotation.cpp, two_bases.cpp, nope_layers.cpp, nope_temperature.cpp, llama3_scaling.cpp, longrope.cpp,
// longrope_scale.cpp, m_rope.cpp, m_rope_image.cpp, mla_cache.cpp, absorption.cpp, decoupled_rope.cpp,
// mla_yarn.cpp, model_presets.cpp, presets_unscaled.cpp, presets_scaled.cpp, recap.cpp).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs
// [SECTION] parameters and shared helpers
// [SECTION] the steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "core/rope/model_presets.h"
#include "core/rope/open_models.h"
#include "core/rope/rope_scaling.h"
#include "lessons/lesson.h"

namespace pelab {
namespace open_models_lesson {

// [SECTION] inputs
struct Inputs {
    // -- partial-rotation, two-bases, nope-layers: partial rotation, two bases, layers without position encoding
    int d = 0;                 // head dimension (even)
    double base = 0;           // rope_theta of the partial rotation (and of LongRoPE and the MLA check)
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

    // -- longrope, m-rope, decoupled-rope: LongRoPE, M-RoPE, decoupled RoPE in MLA
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

    // -- model-presets
    std::string preset;  // the selected model preset's name (core/rope/model_presets.h)

    // -- end of inputs
};

// [SECTION] parameters and shared helpers
// The lesson's one parameter table (lesson.cpp); a key appears in it once.
const ParamTable<Inputs>& params();
// The lesson's inputs from a parameter set (clamped, defaulted): what every step's views start from.
Inputs read_inputs(const ParamSet& p);
// nope-layers: the stride between the points of the temperature curve (the memory guard counts them).
long long temperature_stride(int length);
// m-rope: the sequence the step shows (the memory guard counts its tokens); see lesson.cpp.
MropeSequence shown_sequence(const Inputs& in, bool* adjusted);

// longrope, longrope-scale: the illustrative LongRoPE case at the learner's inputs (lesson.cpp).
struct LongRopeCase {
    LongRopeParams params;       // at the learner's seq_len
    double scale = 1;            // s = max_position / original_max
    Eigen::VectorXd plain, short_theta, long_theta, in_use;
    bool long_in_use = false;
    double attention = 1;
};
LongRopeCase longrope_case(const Inputs& in);

// m-rope, m-rope-image: the section as whole numbers (each at least 1) and the M-RoPE case the steps draw.
std::vector<int> shown_section(const Inputs& in);
struct MropeCase {
    MropeSequence seq;
    bool adjusted = false;
    std::vector<int> section;
    int d = 0;
    Eigen::MatrixXi ids;
    Eigen::VectorXd q, k;  // q = k = all ones: every pair (1, 1), so a cell is Σ 2·cos(angle difference)
    Eigen::MatrixXd scores;
};
MropeCase mrope_case(const Inputs& in);
// m-rope-image, recap: the inputs with at least one frame (the 2-D pattern needs an image).
Inputs with_an_image(const Inputs& in);

// m-rope-image, recap: the token just below the middle image token of frame 0, scored by M-RoPE and by flat 1-D
// RoPE (where it lies a whole row of merged tokens away); NaN when the merged grid has one row.
struct MropeBelow {
    double mrope = 0, flat = 0;
    int row_tokens = 0;  // merged tokens per row: the distance of the token below in the flat order
};
MropeBelow mrope_below(const MropeCase& c, double base);

// mla-cache, absorption, decoupled-rope, mla-yarn: the MLA head shapes from the inputs (qk_rope_head_dim made even).
MlaConfig mla_config(const Inputs& in);
// absorption, decoupled-rope: a toy MLA head with random up-projections (one fixed draw), to check structure, not
// size: W_q, W_k map a latent of `latent` numbers to the rotating width r; c_q, c_k are latents, q_r, k_r rotating
// parts. The steps read the offset Δ = m − n (query minus key) and the rotation between the two, R_(−Δ).
struct MlaToy {
    int r = 0, latent = 0;
    Eigen::VectorXd theta;
    Eigen::MatrixXd Wq, Wk;
    Eigen::VectorXd cq, ck, qr, kr;
};
MlaToy mla_toy(const Inputs& in);

// llama3-scaling, recap: Llama 3.1 8B's pairs under its band rule (core/rope/model_presets.h): how many are divided by s,
// kept, or blended between. Zero counts when the preset is missing.
struct Llama3Counts {
    int divided = 0, kept = 0, between = 0;
};
Llama3Counts llama3_counts(const ModelPreset& p);

// model-presets, presets-unscaled, presets-scaled: the model the learner selected (key preset), and the table of
// the released models with (scaled = true) or without context scaling, columns without a value left out.
const ModelPreset& selected_preset(const Inputs& in);
ViewData preset_group_table(bool scaled, Lang lang);
// A preset's scaling in the lesson's words ("band rule", "YaRN", "LongRoPE", "linear"; core spells them as
// the configuration files do: llama3, yarn, longrope, linear).
std::string scaling_words(const std::string& scaling, Lang lang);

// [SECTION] the steps, in lesson order
Step partial_rotation();        // partial_rotation.cpp
Step two_bases();               // two_bases.cpp
Step layers_without_position(); // nope_layers.cpp
Step nope_temperature();        // nope_temperature.cpp
Step llama3_scaling();          // llama3_scaling.cpp
Step longrope();                // longrope.cpp
Step longrope_scale();          // longrope_scale.cpp
Step multimodal_rope();         // m_rope.cpp
Step mrope_image();             // m_rope_image.cpp
Step mla_cache();               // mla_cache.cpp
Step rope_absorption();         // absorption.cpp
Step decoupled_rope_mla();      // decoupled_rope.cpp
Step mla_yarn();                // mla_yarn.cpp
Step model_presets();           // model_presets.cpp
Step presets_unscaled();        // presets_unscaled.cpp
Step presets_scaled();          // presets_scaled.cpp
Step recap();                   // recap.cpp

}  // namespace open_models_lesson
}  // namespace pelab
