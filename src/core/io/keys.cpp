// PE Lab — core/io/keys.cpp
// The shared key table (core/io/keys.h): one row per key, its spec (English help included), then its Chinese help
// and symbol. Ranges are the widest any user accepts; the defaults are those of the reference implementations
// where one exists (base 10000, T5's 32 buckets).
#include "core/io/keys.h"

#include <utility>

#include "core/rope/model_presets.h"
#include "core/rope/rope_scaling.h"

namespace pelab {

namespace {

ParamSpec even(ParamSpec s) {
    s.multiple_of = 2;
    return s;
}

ParamSpec with_log10_alias(ParamSpec s, const char* alias) {
    s.log10_alias = alias;
    return s;
}

ParamSpec vector_key(const char* name, const char* help) {
    ParamSpec s = make_spec(name, ParamKind::RealList, -100, 100, "1,0", help);
    s.list_min = 1;
    s.list_max = 1024;
    return s;
}

// A list of positive rescale factors (LongRoPE's short_factor / long_factor), 1 to 512 of them.
ParamSpec factor_list(const char* name, const char* help) {
    ParamSpec s = make_spec(name, ParamKind::RealList, 0.01, 10000, "1", help);
    s.list_min = 1;
    s.list_max = 512;
    return s;
}

// M-RoPE's section: three whole numbers (frequency pairs following t, h, w), summing to d/2.
ParamSpec section_list() {
    ParamSpec s = make_spec("section", ParamKind::RealList, 0, 512, "2,3,3",
                            "M-RoPE: frequency pairs following the t, h and w rows (3 whole numbers summing to d/2)");
    s.list_min = 3;
    s.list_max = 3;
    return s;
}

// The tuning numbers of YaRN's ramp and Llama 3's bands share one range here: positive, at most 1000.
ParamSpec ramp_tuning(const char* name, const char* def, const char* help) {
    return real_spec(name, 0.01, 1000, def, help);
}

ParamSpec with_alias(ParamSpec s, const char* alias) {
    s.aliases.push_back(alias);
    return s;
}

std::vector<SharedKey> build_table() {
    return {
        {int_spec("L", 1, 65536, "8", "sequence length (positions 0..L-1)"),
         "序列长度（位置 0..L−1）"},
        {int_spec("N", 1, 1024, "6", "number of tokens (positions 0..N-1)"),
         "词元个数（位置 0..N−1）"},
        {even(int_spec("d", 2, 1024, "64", "dimension d (even: d/2 frequency pairs)")),
         "维度 d（偶数：d/2 个频率对）"},
        {with_log10_alias(real_spec("base", 2, 1e9, "10000", "frequency base (10000 in the paper; rope_theta)"),
                          "log10_base"),
         "频率的底数（论文取 10000；即 rope_theta）"},
        {choice_spec("variant", {"vaswani", "tensor2tensor"}, "vaswani",
                     "sinusoidal layout: interleaved sin/cos (paper) or [sin | cos] halves (tensor2tensor/fairseq)"),
         "排布：sin/cos 交错（论文）或 [sin | cos] 前后两半（tensor2tensor/fairseq）"},
        {choice_spec("layout", {"interleaved", "half"}, "interleaved",
                     "RoPE pairing: interleaved (x2i, x2i+1) or half (xi, xi+d/2)"),
         "RoPE 的配对方式：相邻交错 (x₂ᵢ, x₂ᵢ₊₁) 或前后两半 (xᵢ, xᵢ₊d/2)"},
        {choice_spec("scaling", rope_scaling_names(), "none", "RoPE frequency scaling as in HF modeling_rope_utils"),
         "RoPE 频率缩放方式（同 HF modeling_rope_utils）"},
        {real_spec("factor", 1, 1024, "8", "context extension factor s"),
         "上下文扩展倍数 s", "s"},
        {int_spec("original_max", 1, 10000000, "8192", "training length (original_max_position_embeddings)"),
         "训练长度（original_max_position_embeddings）"},
        {int_spec("seq_len", 1, 100000000, "16384", "current sequence length"),
         "当前序列长度"},
        {ramp_tuning("beta_fast", "32", "YaRN: rotations where extrapolation ends"),
         "YaRN：外推区结束处的圈数", "β_fast"},
        {ramp_tuning("beta_slow", "1", "YaRN: rotations where interpolation starts"),
         "YaRN：插值区开始处的圈数", "β_slow"},
        {ramp_tuning("low_freq_factor", "1", "Llama 3: low-frequency factor"),
         "Llama 3：低频因子"},
        {ramp_tuning("high_freq_factor", "4", "Llama 3: high-frequency factor"),
         "Llama 3：高频因子"},
        {int_spec("heads", 1, 256, "8", "number of attention heads"),
         "注意力头数"},
        {choice_spec("mode", {"causal", "symmetric"}, "causal", "ALiBi: causal (masked future) or symmetric |i-j|"),
         "ALiBi：因果（遮住未来）或对称 |i−j|"},
        {int_spec("num_buckets", 4, 64, "32", "T5: number of buckets (32 in T5)"),
         "T5：桶的个数（T5 取 32）"},
        // The least max_distance any T5 setting accepts; each setting needs more (core/relative/t5.h: t5_max_exact).
        {int_spec("max_distance", 2, 65536, "128",
                  "T5: distance where the log buckets end (128 in T5); above max_exact, num_buckets/4 "
                  "(bidirectional) or num_buckets/2 (causal)"),
         "T5：对数桶结束的距离（T5 取 128）"},
        {make_spec("bidirectional", ParamKind::Bool, 0, 1, "1", "T5: 1 encoder (both directions), 0 causal decoder"),
         "T5：勾选为编码器（双向），不勾选为因果解码器"},
        {make_spec("softmax", ParamKind::Bool, 0, 1, "0", "1 shows each row's softmax over the keys"),
         "显示每一行对各个键的 softmax"},
        {int_spec("H", 1, 32, "2", "grid rows"),
         "网格行数"},
        {int_spec("W", 1, 32, "3", "grid columns"),
         "网格列数"},
        {int_spec("seed", 0, 1000000, "1", "random seed of the generated vectors and tables"),
         "生成随机向量与表格所用的随机种子"},
        {real_spec("m", -1e6, 1e6, "1", "position m"),
         "位置 m"},
        {vector_key("q", "query vector (the same at every position)"),
         "查询向量（每个位置相同）"},
        {vector_key("k", "key vector (the same at every position)"),
         "键向量（每个位置相同）"},
        // partial rotation (GPT-NeoX rotary_pct, Phi partial_rotary_factor)
        {even(int_spec("rotary_dim", 0, 1024, "0",
                       "rotating dimensions: the first rotary_dim numbers of q and k turn, the rest pass through "
                       "(even, 2..d; 0 = all d)")),
         nullptr},
        {real_spec("partial_rotary_factor", 0, 1, "1",
                   "HF partial_rotary_factor (GPT-NeoX rotary_pct): rotary_dim = int(d * factor)"),
         nullptr},
        // LongRoPE and DeepSeek's YaRN settings (HF modeling_rope_utils)
        {factor_list("short_factor", "LongRoPE: d/2 per-pair rescale factors used up to original_max"),
         nullptr},
        {factor_list("long_factor", "LongRoPE: d/2 per-pair rescale factors used beyond original_max"),
         nullptr},
        {int_spec("max_position", 1, 100000000, "131072",
                  "the model's largest position: LongRoPE's extended length (max_position_embeddings, scale s = "
                  "max_position / original_max); DeBERTa's last log-bucketed distance + 1 (max_relative_positions)"),
         nullptr},
        {real_spec("mscale", 0, 100, "0", "DeepSeek YaRN: mscale (0 = not given)"),
         "DeepSeek 的 YaRN：mscale（0 = 不给）"},
        {real_spec("mscale_all_dim", 0, 100, "0", "DeepSeek YaRN: mscale_all_dim (0 = not given)"),
         "DeepSeek 的 YaRN：mscale_all_dim（0 = 不给）"},
        // a released model's position settings (core/rope/model_presets.h)
        {choice_spec("preset", model_preset_choices(), "none",
                     "a released model's position settings (pelab-cli list shows each preset's values); keys "
                     "given explicitly override it"),
         "模型预设（一个已发布模型的位置设置）"},
        // M-RoPE (Qwen2-VL get_rope_index, apply_multimodal_rotary_pos_emb)
        {int_spec("text_before", 0, 1024, "2", "M-RoPE: text tokens before the image"),
         nullptr},
        {int_spec("grid_t", 0, 64, "1", "M-RoPE: temporal patches of the image or video (0 = no image)"),
         nullptr},
        {int_spec("grid_h", 1, 256, "4", "M-RoPE: patch rows before merging (image_grid_thw, a multiple of merge)"),
         nullptr},
        {int_spec("grid_w", 1, 256, "4", "M-RoPE: patch columns before merging (image_grid_thw, a multiple of merge)"),
         nullptr},
        {int_spec("merge", 1, 8, "2", "M-RoPE: spatial_merge_size (merge x merge patches make one token; 2 in Qwen2-VL)"),
         nullptr},
        {int_spec("text_after", 0, 1024, "2", "M-RoPE: text tokens after the image"),
         nullptr},
        {with_alias(section_list(), "mrope_section"),
         nullptr},
        // Llama 4's NoPE-layer temperature (Llama4TextConfig defaults)
        {int_spec("stride", 1, 1000000, "1", "distance between consecutive positions shown (0, stride, 2*stride, ...)"),
         nullptr},
        {real_spec("attn_scale", 0, 10, "0.1", "Llama 4: attn_scale of the NoPE layers' temperature (0.1)"),
         nullptr},
        {real_spec("floor_scale", 1, 100000000, "8192", "Llama 4: floor_scale of the NoPE layers' temperature (8192)"),
         nullptr},
        // DeepSeek multi-head latent attention (DeepseekV3Config)
        {int_spec("kv_lora_rank", 1, 8192, "512", "MLA: width of the cached latent c_KV (kv_lora_rank)"),
         nullptr},
        {even(int_spec("qk_rope_head_dim", 2, 1024, "64", "MLA: width of the decoupled rope key shared by all heads")),
         nullptr},
        {int_spec("qk_nope_head_dim", 0, 1024, "128", "MLA: per-head key numbers without rotation"),
         nullptr},
        {int_spec("v_head_dim", 1, 1024, "128", "MLA: per-head value numbers"),
         nullptr},
    };
}

}  // namespace

const std::vector<SharedKey>& shared_key_table() {
    static const std::vector<SharedKey> table = build_table();
    return table;
}

const std::vector<ParamSpec>& shared_keys() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> out;
        for (const SharedKey& row : shared_key_table()) out.push_back(row.spec);
        return out;
    }();
    return specs;
}

const SharedKey* find_shared_key(const std::string& name) {
    for (const SharedKey& row : shared_key_table())
        if (row.spec.name == name) return &row;
    return nullptr;
}

ParamSpec shared_key(const char* name) {
    if (const SharedKey* row = find_shared_key(name)) return row->spec;
    return int_spec(name, 0, 0, "0", "(not a shared key)");
}

ParamSpec narrowed(ParamSpec spec, double lo, double hi, const char* def) {
    spec.min = lo;
    spec.max = hi;
    spec.default_text = def;
    return spec;
}

ParamSpec with_default(ParamSpec spec, const char* def) {
    spec.default_text = def;
    return spec;
}

ParamSpec narrowed_key(const char* name, double lo, double hi, const char* def) {
    return narrowed(shared_key(name), lo, hi, def);
}

ParamSpec vector_sized_by(const char* name, const char* of, int max_len, const char* def) {
    ParamSpec s = narrowed(shared_key(name), -100, 100, def);
    s.list_min = 1;
    s.list_max = max_len;
    s.list_len_of = of;
    s.list_len_is_value = true;
    s.list_fallback = "1,0";
    return s;
}

void read_rope_scaling_keys(const ParamSet& p, RopeScalingParams* s) {
    if (p.has("scaling")) parse_rope_scaling(p.gets("scaling"), &s->kind);
    using R = RopeScalingParams;
    *s = read_fields<R>(p,
                        {{"factor", &R::factor}, {"beta_fast", &R::beta_fast}, {"beta_slow", &R::beta_slow},
                         {"low_freq_factor", &R::low_freq_factor}, {"high_freq_factor", &R::high_freq_factor},
                         {"mscale", &R::mscale}, {"mscale_all_dim", &R::mscale_all_dim}, {"original_max", &R::original_max}},
                        *s, /*present_only=*/true);
}

}  // namespace pelab
