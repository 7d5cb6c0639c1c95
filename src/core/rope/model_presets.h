// PE Lab — core/rope/model_presets.h
// Position settings of released open models, taken from their published configuration files and reference
// code: head dimension, rotary dimension (and the position-free dimensions of MLA), the RoPE base of each
// layer type, the pairing layout, the scaling and its parameters, and the trained and extended context.
// Every value carries its source (repository, file, revision or date) in the preset itself; a value that
// could not be sourced with confidence is left out and the preset says so (e.g. Phi-3's per-pair LongRoPE
// factor lists). The model hub is not reachable from where these were gathered, so sources are the model
// makers' repositories, HF transformers' configuration files and conversion scripts, and copies of the hub
// config.json files found in other public repositories (named as such).
// Part of `core`: standard library only.
//
// [SECTION] the preset
// [SECTION] the table and look-up
// [SECTION] what a preset sets on a quantity
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// [SECTION] the preset

// One published value and where it comes from.
struct PresetSource {
    std::string what;    // which values, e.g. "head_dim, rope_theta"
    std::string where;   // repository · file · revision or date (and what the value is read from)
};

struct ModelPreset {
    std::string name;            // CLI/URL name, e.g. "llama-3.1-8b"
    std::string display;         // the model's own name, e.g. "Llama 3.1 8B"
    int head_dim = 0;            // per-head query/key width (for MLA: the rotating part's partner, see nope_dim)
    int rotary_dim = 0;          // how many of those numbers rotate (even); d of the frequencies θ_i
    int nope_dim = 0;            // MLA only: the query/key numbers without position (qk_nope_head_dim)
    double base = 10000.0;       // rope_theta of the (global / only) layers
    double local_base = 0.0;     // a second base for local (sliding-window) layers; 0 when the model has one
    int sliding_window = 0;      // window of the local layers (0: none)
    std::string layout;          // "half" (HF rotate_half) or "interleaved" (pairs 2i, 2i+1)
    std::string scaling;         // none | linear | yarn | llama3 | longrope (of the global layers)
    double factor = 1.0;         // scaling factor s (1 when none)
    int original_max = 0;        // original_max_position_embeddings (0: not part of the scaling)
    double beta_fast = 0.0, beta_slow = 0.0;              // YaRN (0: not used)
    double low_freq_factor = 0.0, high_freq_factor = 0.0; // Llama 3 (0: not used)
    double mscale = 0.0, mscale_all_dim = 0.0;            // DeepSeek YaRN (0: not used)
    std::vector<int> mrope_section;                       // Qwen2-VL (empty: not M-RoPE)
    int trained_context = 0;     // context the base model was trained at (0: not sourced)
    int extended_context = 0;    // max_position_embeddings after extension (= trained when not extended)
    std::vector<PresetSource> sources;
    std::string left_out;        // English: what was not sourced and so is missing ("" when nothing)
};

// [SECTION] the table and look-up

// The presets in a fixed order (older models first), from the table core/rope/model_presets.txt.
const std::vector<ModelPreset>& model_presets();
// The table's text (its format is described atop model_presets.txt) as presets; on a malformed line,
// `error` names it ("line N: ...") and the presets before it are returned.
std::vector<ModelPreset> parse_model_presets(const std::string& text, std::string* error);
// The preset of that name, or nullptr.
const ModelPreset* find_model_preset(const std::string& name);
// The names, in order, e.g. for a choice key: "none" first, then every preset's name.
std::vector<std::string> model_preset_choices();
// "llama-2-7b|llama-3.1-8b|..." for messages.
std::string model_preset_names_joined();

// The θ_i of the preset's global layers through core (rope_scaled_inv_freq for none/linear/yarn/llama3);
// empty for longrope (its factor lists are not part of the preset).
std::vector<double> preset_inv_freq(const ModelPreset& preset);
// The same for its local layers (base local_base, no scaling); empty when the model has one base.
std::vector<double> preset_local_inv_freq(const ModelPreset& preset);

// One line of settings for `pelab-cli list`, e.g. "head_dim 128, rotary_dim 128, base 500000, ...".
std::string preset_summary(const ModelPreset& preset);

// [SECTION] what a preset sets on a quantity

// The key=value pairs the preset gives to a quantity with these parameter specs: the preset's values are named
// d (= rotary_dim), base, scaling, factor, original_max, max_position and seq_len (= extended context),
// beta_fast, beta_slow, low_freq_factor, high_freq_factor, mscale, mscale_all_dim, layout; a key takes the
// value of its own name unless its spec names another (ParamSpec::preset_value, e.g. a map's L takes seq_len)
// or none. Keys named in `explicit_keys` are left to the caller's values (any key given explicitly overrides
// the preset). With `clamp_to_range`, a number beyond its key's range is brought into it (a page that cannot
// show a model's whole context shows what it can, and its notes say so); without, it passes through and the
// strict parser refuses it (the CLI).
KeyValues preset_key_values(const ModelPreset& preset, const std::vector<ParamSpec>& specs,
                            const std::vector<std::string>& explicit_keys, bool clamp_to_range = false);

// The door every input goes through: when kv holds preset=NAME and the specs have a "preset" key, returns kv
// with the preset's pairs placed before the explicit ones (which win); otherwise kv unchanged. An unknown
// name is left in place so the strict parser refuses it (naming the valid presets). *issue is set (and kv
// returned unchanged) when the preset cannot serve this quantity, e.g. Phi-3's LongRoPE without the factor
// lists given explicitly.
KeyValues expand_preset(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamIssue* issue,
                        bool clamp_to_range = false);

}  // namespace pelab
