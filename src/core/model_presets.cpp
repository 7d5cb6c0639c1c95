// PE Lab — core/model_presets.cpp
// The table of released models' position settings (model_presets.h) and what a preset sets on a quantity.
// Each value below is followed in `sources` by where it was read. Gathered 2026-11-26 with the session's
// code search over public repositories; "copy of the hub config.json" means a verbatim copy of the model's
// Hugging Face config.json found in another public repository (the hub itself was not reachable), and is
// named only where a first-party file does not give the value.
//
// [SECTION] the table
// [SECTION] look-up and frequencies
// [SECTION] what a preset sets on a quantity
#include "core/model_presets.h"

#include <algorithm>

#include "core/rope_scaling.h"

namespace pelab {

// [SECTION] the table
namespace {

std::vector<ModelPreset> build_presets() {
    std::vector<ModelPreset> out;
    {
        ModelPreset p;
        p.name = "gpt-neox-20b";
        p.display = "GPT-NeoX 20B";
        p.head_dim = 96;    // hidden-size 6144 / num-attention-heads 64
        p.rotary_dim = 24;  // rotary_pct 0.25 of 96
        p.base = 10000.0;
        p.layout = "half";
        p.scaling = "none";
        p.trained_context = 2048;
        p.extended_context = 2048;
        p.sources = {
            {"head_dim = hidden-size 6144 / num-attention-heads 64, rotary_pct 0.25, seq-length 2048",
             "EleutherAI/gpt-neox · configs/20B.yml · commit 252ddc5"},
            {"rotary_emb_base 10000 (and rotary_pct 0.25, the GPT-NeoX-20B defaults)",
             "huggingface/transformers · models/gpt_neox/configuration_gpt_neox.py · GPTNeoXConfig docstring"},
            {"layout half (rotate_half on the first rotary_ndims numbers)",
             "huggingface/transformers · models/gpt_neox/modeling_gpt_neox.py · apply_rotary_pos_emb"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "falcon-7b";
        p.display = "Falcon 7B";
        p.head_dim = 64;  // hidden_size 4544 / num_attention_heads 71
        p.rotary_dim = 64;
        p.base = 10000.0;
        p.layout = "half";
        p.scaling = "none";
        p.trained_context = 2048;
        p.extended_context = 2048;
        p.sources = {
            {"hidden_size 4544, num_attention_heads 71 (head_dim 64), defaults 'similar to tiiuae/falcon-7b'",
             "huggingface/transformers · models/falcon/configuration_falcon.py · FalconConfig (2023 version)"},
            {"max_position_embeddings 2048, rope_theta 10000.0",
             "huggingface/transformers · models/falcon/configuration_falcon.py · FalconConfig.__init__ defaults "
             "(v4.3x; read in copies of that file)"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "llama-2-7b";
        p.display = "Llama 2 7B";
        p.head_dim = 128;  // hidden_size 4096 / num_attention_heads 32
        p.rotary_dim = 128;
        p.base = 10000.0;
        p.layout = "half";
        p.scaling = "none";
        p.trained_context = 4096;
        p.extended_context = 4096;
        p.sources = {
            {"hidden_size 4096, num_attention_heads 32 (checkpoint meta-llama/Llama-2-7b-hf)",
             "huggingface/transformers · models/llama/configuration_llama.py · LlamaConfig (commit 008e574)"},
            {"context 4096 ('Llama 2 up to 4096'; model card: 4k)",
             "huggingface/transformers · configuration_llama.py docstring; meta-llama/llama-models · "
             "models/llama2/MODEL_CARD.md"},
            {"rope theta 10000.0", "meta-llama/llama · llama/model.py · precompute_freqs_cis(theta=10000.0)"},
            {"layout half in HF checkpoints (Meta's own code pairs interleaved; the HF conversion permutes q/k)",
             "huggingface/transformers · models/llama/modeling_llama.py · rotate_half"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "mistral-7b-v0.1";
        p.display = "Mistral 7B v0.1";
        p.head_dim = 128;  // hidden_size 4096 / num_attention_heads 32
        p.rotary_dim = 128;
        p.base = 10000.0;
        p.sliding_window = 4096;  // every layer: one base, a banded mask
        p.layout = "half";
        p.scaling = "none";
        p.extended_context = 131072;  // 4096 * 32
        p.sources = {
            {"precompute_freqs_cis(theta=10000.0); interleaved pairs (view_as_complex) in Mistral's own code; "
             "the band of sliding_window keys",
             "mistralai/mistral-inference · one_file_ref.py · commit 215fc80"},
            {"hidden_size 4096, num_attention_heads 32, sliding_window 4096, max_position_embeddings 4096*32 "
             "(defaults 'similar to Mistral-7B-v0.1')",
             "huggingface/transformers · models/mistral/configuration_mistral.py · MistralConfig (commit 001f85b)"},
            {"layout half in HF checkpoints", "huggingface/transformers · models/mistral/modeling_mistral.py · rotate_half"},
        };
        p.left_out = "the context length of training (not stated in the files read); the extended context is "
                     "max_position_embeddings";
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "llama-3.1-8b";
        p.display = "Llama 3.1 8B";
        p.head_dim = 128;  // dim 4096 / n_heads 32
        p.rotary_dim = 128;
        p.base = 500000.0;
        p.layout = "half";
        p.scaling = "llama3";
        p.factor = 8.0;
        p.original_max = 8192;
        p.low_freq_factor = 1.0;
        p.high_freq_factor = 4.0;
        p.trained_context = 8192;
        p.extended_context = 131072;
        p.sources = {
            {"dim 4096, n_heads 32, rope_theta 500000.0, use_scaled_rope True, CONTEXT_LENGTH 131072",
             "meta-llama/llama-models · models/llama3_1/api/sku_list.py · commit 1768925"},
            {"scale_factor 8, low_freq_factor 1, high_freq_factor 4, old_context_len 8192",
             "meta-llama/llama-models · models/llama3/reference_impl/model.py · apply_scaling"},
            {"the same rope_scaling as a config (factor 8.0, low 1.0, high 4.0, original 8192, llama3)",
             "copy of the hub config.json of meta-llama/Llama-3.1-8B-Instruct printed by AutoConfig (second source)"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "phi-3-mini-128k";
        p.display = "Phi-3 mini 128k";
        p.head_dim = 96;  // hidden_size 3072 / num_attention_heads 32
        p.rotary_dim = 96;
        p.base = 10000.0;
        p.layout = "half";
        p.scaling = "longrope";
        p.original_max = 4096;
        p.trained_context = 4096;
        p.extended_context = 131072;
        p.sources = {
            {"hidden_size 3072, num_attention_heads 32, original_max_position_embeddings 4096",
             "huggingface/transformers · models/phi3/configuration_phi3.py · Phi3Config (commit 008e574)"},
            {"max_position_embeddings 131072, original 4096, rope_theta 10000.0 (a Phi-3 128k config)",
             "copy of a Phi-3 128k hub config.json in a public test file (transformers_version 4.38.1)"},
        };
        p.left_out =
            "the per-pair short_factor and long_factor lists (48 each): they changed between releases and no "
            "first-party copy of the current ones could be read; give them explicitly";
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "qwen2.5-7b-instruct";
        p.display = "Qwen2.5 7B Instruct";
        p.head_dim = 128;  // hidden_size 3584 / num_attention_heads 28
        p.rotary_dim = 128;
        p.base = 1000000.0;
        p.layout = "half";
        p.scaling = "yarn";
        p.factor = 4.0;
        p.original_max = 32768;
        p.beta_fast = 32.0;
        p.beta_slow = 1.0;
        p.trained_context = 32768;
        p.extended_context = 131072;
        p.sources = {
            {"hidden_size 3584, num_attention_heads 28, rope_theta 1000000.0, max_position_embeddings 32768, no "
             "rope_scaling",
             "copies of the Qwen/Qwen2.5-7B-Instruct hub config.json in public repositories (transformers_version "
             "4.43.3)"},
            {"rope_scaling yarn, factor 4.0, original_max_position_embeddings 32768: the model card's recipe for "
             "texts beyond 32,768 tokens (context 131,072); not in config.json",
             "Qwen2.5-7B-Instruct model card, 'Processing Long Texts' (quoted in public framework docs and copies)"},
            {"beta_fast 32, beta_slow 1: the defaults when a yarn config gives none",
             "huggingface/transformers · modeling_rope_utils.py · _compute_yarn_parameters"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "qwen2-vl-7b";
        p.display = "Qwen2-VL 7B";
        p.head_dim = 128;  // 2 * sum(mrope_section)
        p.rotary_dim = 128;
        p.base = 1000000.0;
        p.layout = "half";
        p.scaling = "none";
        p.mrope_section = {16, 24, 24};
        p.trained_context = 32768;
        p.extended_context = 32768;
        p.sources = {
            {"rope_theta 1000000.0, max_position_embeddings 32768 (defaults 'similar to Qwen2-VL-7B-Instruct')",
             "huggingface/transformers · models/qwen2_vl/configuration_qwen2_vl.py · Qwen2VLTextConfig"},
            {"mrope_section [16, 24, 24] (so head_dim = 2 x 64 = 128), rope_theta 1000000.0",
             "copy of the Qwen2-VL-7B hub config.json in a public test file (transformers_version 4.41.2)"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "deepseek-v3";
        p.display = "DeepSeek-V3";
        p.head_dim = 192;   // qk_nope_head_dim 128 + qk_rope_head_dim 64
        p.rotary_dim = 64;  // qk_rope_head_dim
        p.nope_dim = 128;
        p.base = 10000.0;
        p.layout = "interleaved";
        p.scaling = "yarn";
        p.factor = 40.0;
        p.original_max = 4096;
        p.beta_fast = 32.0;
        p.beta_slow = 1.0;
        p.mscale = 1.0;
        p.mscale_all_dim = 1.0;
        p.trained_context = 4096;
        p.extended_context = 163840;
        p.sources = {
            {"original_seq_len 4096, rope_theta 10000.0, rope_factor 40, beta_fast 32, beta_slow 1, mscale 1.0; "
             "interleaved pairs (view_as_complex)",
             "deepseek-ai/DeepSeek-V3 · inference/model.py · ModelArgs, apply_rotary_emb"},
            {"qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128",
             "deepseek-ai/DeepSeek-V3 · inference/configs/config_671B.json (read in a fork, wwwjn/DeepSeek-V3); "
             "huggingface/transformers · configuration_deepseek_v3.py defaults (rope_interleave True)"},
            {"max_position_embeddings 163840, mscale_all_dim 1.0 (rope_scaling yarn, factor 40)",
             "copies of the DeepSeek-V3 hub config.json in two public repositories"},
        };
        out.push_back(p);
    }
    {
        ModelPreset p;
        p.name = "gemma-3-27b";
        p.display = "Gemma 3 27B";
        p.head_dim = 128;
        p.rotary_dim = 128;
        p.base = 1000000.0;
        p.local_base = 10000.0;
        p.sliding_window = 1024;
        p.layout = "half";
        p.scaling = "linear";
        p.factor = 8.0;
        p.extended_context = 131072;
        p.sources = {
            {"head_dim 128, sliding_window 1024, rope_theta 1000000 with linear factor 8.0 (global layers only), "
             "rope_local_base_freq 10000",
             "huggingface/transformers · models/gemma3/convert_gemma3_weights_orbax_to_hf.py · _VARIANTS[gemma3_27b]"},
            {"max_position_embeddings 131072 (Gemma3TextConfig default)",
             "huggingface/transformers · models/gemma3/configuration_gemma3.py · v4.51.3 (read in a copy)"},
        };
        p.left_out = "the context of pre-training before the linear extension (not stated in the files read)";
        out.push_back(p);
    }
    return out;
}

}  // namespace

const std::vector<ModelPreset>& model_presets() {
    static const std::vector<ModelPreset> table = build_presets();
    return table;
}

// [SECTION] look-up and frequencies
const ModelPreset* find_model_preset(const std::string& name) {
    for (const ModelPreset& p : model_presets())
        if (p.name == name) return &p;
    return nullptr;
}

std::vector<std::string> model_preset_choices() {
    std::vector<std::string> out = {"none"};
    for (const ModelPreset& p : model_presets()) out.push_back(p.name);
    return out;
}

std::string model_preset_names_joined() {
    std::string out;
    for (const ModelPreset& p : model_presets()) out += (out.empty() ? "" : "|") + p.name;
    return out;
}

namespace {

RopeScalingParams scaling_params_of(const ModelPreset& p) {
    RopeScalingParams s;
    parse_rope_scaling(p.scaling, &s.kind);
    s.d = p.rotary_dim;
    s.base = p.base;
    s.factor = p.factor;
    if (p.original_max > 0) s.original_max = p.original_max;
    s.seq_len = std::max(p.extended_context, 1);
    if (p.beta_fast > 0) s.beta_fast = p.beta_fast;
    if (p.beta_slow > 0) s.beta_slow = p.beta_slow;
    if (p.low_freq_factor > 0) s.low_freq_factor = p.low_freq_factor;
    if (p.high_freq_factor > 0) s.high_freq_factor = p.high_freq_factor;
    return s;
}

std::vector<double> to_std(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

}  // namespace

std::vector<double> preset_inv_freq(const ModelPreset& preset) {
    if (preset.scaling == "longrope") return {};
    return to_std(rope_scaled_inv_freq(scaling_params_of(preset)).inv_freq);
}

std::vector<double> preset_local_inv_freq(const ModelPreset& preset) {
    if (preset.local_base <= 0) return {};
    RopeScalingParams s;
    s.d = preset.rotary_dim;
    s.base = preset.local_base;
    return to_std(rope_scaled_inv_freq(s).inv_freq);
}

std::string preset_summary(const ModelPreset& p) {
    std::string s = "head_dim " + std::to_string(p.head_dim) + ", rotary_dim " + std::to_string(p.rotary_dim);
    if (p.nope_dim > 0) s += ", nope_dim " + std::to_string(p.nope_dim);
    s += ", base " + format_number(p.base);
    if (p.local_base > 0)
        s += " (local layers " + format_number(p.local_base) + ", window " + std::to_string(p.sliding_window) + ")";
    else if (p.sliding_window > 0)
        s += ", sliding window " + std::to_string(p.sliding_window);
    s += ", layout " + p.layout + ", scaling " + p.scaling;
    if (p.scaling != "none" && p.scaling != "longrope") s += " factor " + format_number(p.factor);
    if (p.original_max > 0) s += ", original_max " + std::to_string(p.original_max);
    if (p.low_freq_factor > 0)
        s += ", low_freq_factor " + format_number(p.low_freq_factor) + ", high_freq_factor " +
             format_number(p.high_freq_factor);
    if (p.beta_fast > 0) s += ", beta_fast " + format_number(p.beta_fast) + ", beta_slow " + format_number(p.beta_slow);
    if (p.mscale > 0) s += ", mscale " + format_number(p.mscale) + ", mscale_all_dim " + format_number(p.mscale_all_dim);
    if (!p.mrope_section.empty()) {
        s += ", mrope_section ";
        for (std::size_t i = 0; i < p.mrope_section.size(); ++i) s += (i ? "," : "") + std::to_string(p.mrope_section[i]);
    }
    s += ", trained context " + (p.trained_context > 0 ? std::to_string(p.trained_context) : std::string("not sourced"));
    s += ", extended context " + std::to_string(p.extended_context);
    return s;
}

// [SECTION] what a preset sets on a quantity
KeyValues preset_key_values(const ModelPreset& p, const std::vector<ParamSpec>& specs,
                            const std::vector<std::string>& explicit_keys, bool clamp_to_range) {
    // Every value the preset gives, by the name a quantity's key of that meaning has.
    KeyValues all = {
        {"d", std::to_string(p.rotary_dim)},
        {"base", format_number(p.base)},
        {"scaling", p.scaling},
        {"factor", format_number(p.factor)},
        {"seq_len", std::to_string(p.extended_context)},
        {"max_position", std::to_string(p.extended_context)},
        {"layout", p.layout},
    };
    if (p.original_max > 0) all.push_back({"original_max", std::to_string(p.original_max)});
    if (p.beta_fast > 0) all.push_back({"beta_fast", format_number(p.beta_fast)});
    if (p.beta_slow > 0) all.push_back({"beta_slow", format_number(p.beta_slow)});
    if (p.low_freq_factor > 0) all.push_back({"low_freq_factor", format_number(p.low_freq_factor)});
    if (p.high_freq_factor > 0) all.push_back({"high_freq_factor", format_number(p.high_freq_factor)});
    if (p.mscale > 0) all.push_back({"mscale", format_number(p.mscale)});
    if (p.mscale_all_dim > 0) all.push_back({"mscale_all_dim", format_number(p.mscale_all_dim)});
    KeyValues out;
    for (const ParamSpec& spec : specs) {
        const std::string& field = spec.preset_value.empty() ? spec.name : spec.preset_value;
        const auto value = std::find_if(all.begin(), all.end(), [&](const auto& kv) { return kv.first == field; });
        const bool given = std::find(explicit_keys.begin(), explicit_keys.end(), spec.name) != explicit_keys.end();
        if (value == all.end() || given) continue;
        std::string text = value->second;
        if (clamp_to_range && (spec.kind == ParamKind::Int || spec.kind == ParamKind::Real))
            text = format_number(std::clamp(std::stod(text), spec.min, spec.max));
        out.push_back({spec.name, text});
    }
    return out;
}

KeyValues expand_preset(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamIssue* issue,
                        bool clamp_to_range) {
    const bool takes_preset =
        std::any_of(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.name == "preset"; });
    if (!takes_preset) return kv;
    const ModelPreset* preset = nullptr;
    std::vector<std::string> explicit_keys;
    for (const auto& pair : kv) {
        explicit_keys.push_back(pair.first);
        if (pair.first == "preset") preset = find_model_preset(pair.second);
    }
    if (!preset) return kv;  // none, absent, or unknown (the strict parser names the valid ones)
    KeyValues from_preset = preset_key_values(*preset, specs, explicit_keys, clamp_to_range);
    if (preset->scaling == "longrope") {
        const bool lists_given = std::find(explicit_keys.begin(), explicit_keys.end(), "short_factor") != explicit_keys.end() &&
                                 std::find(explicit_keys.begin(), explicit_keys.end(), "long_factor") != explicit_keys.end();
        const bool scaling_overridden = std::find(explicit_keys.begin(), explicit_keys.end(), "scaling") != explicit_keys.end();
        const bool needs_lists = std::any_of(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.name == "short_factor"; });
        if (needs_lists && !lists_given && !scaling_overridden && issue) {
            *issue = {"preset", "preset: " + preset->name + " uses LongRoPE, but its per-pair factor lists are not part of "
                                "the preset (" + preset->left_out + "): short_factor=... long_factor=... (" +
                                std::to_string(preset->rotary_dim / 2) + " numbers each)"};
            return kv;
        }
    }
    from_preset.insert(from_preset.end(), kv.begin(), kv.end());
    return from_preset;
}

}  // namespace pelab
