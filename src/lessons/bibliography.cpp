// PE Lab — lessons/bibliography.cpp
// The one bibliography (lessons/bibliography.h): the papers, each written once, then the table of sources a
// lesson cites by key, each a paper with the implementation followed. A model preset's sources come from the
// preset itself (core/rope/model_presets.cpp names the file of every value), so they are not repeated here.
//
// [SECTION] papers
// [SECTION] sources by key
// [SECTION] lookup
#include "lessons/bibliography.h"

#include <map>
#include <memory>

#include "core/rope/model_presets.h"

namespace pelab {

namespace {

// [SECTION] papers
struct Paper {
    const char* authors;
    int year;
    const char* title;
    const char* where;
};

const Paper kVaswani2017 = {"Vaswani, Shazeer, Parmar, Uszkoreit, Jones, Gomez, Kaiser, Polosukhin",
    2017, "Attention Is All You Need", "arXiv:1706.03762 (NeurIPS 2017)"};
const Paper kDevlin2019 = {"Devlin, Chang, Lee, Toutanova",
    2019, "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding", "arXiv:1810.04805 (NAACL 2019)"};
const Paper kShaw2018 = {"Shaw, Uszkoreit, Vaswani",
    2018, "Self-Attention with Relative Position Representations", "arXiv:1803.02155 (NAACL 2018)"};
const Paper kDai2019 = {"Dai, Yang, Yang, Carbonell, Le, Salakhutdinov",
    2019, "Transformer-XL: Attentive Language Models Beyond a Fixed-Length Context", "arXiv:1901.02860 (ACL 2019)"};
const Paper kRaffel2020 = {"Raffel, Shazeer, Roberts, Lee, Narang, Matena, Zhou, Li, Liu",
    2020, "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer", "arXiv:1910.10683 (JMLR 21(140))"};
const Paper kSu2021 = {"Su, Lu, Pan, Murtadha, Wen, Liu",
    2021, "RoFormer: Enhanced Transformer with Rotary Position Embedding", "arXiv:2104.09864 (Neurocomputing 568, 2024)"};
const Paper kSun2023 = {"Sun, Dong, Patra, Ma, Huang, Benhaim, Chaudhary, Song, Wei",
    2023, "A Length-Extrapolatable Transformer", "arXiv:2212.10554 (ACL 2023)"};
const Paper kPress2022 = {"Press, Smith, Lewis",
    2022, "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation", "arXiv:2108.12409 (ICLR 2022)"};
const Paper kChen2023 = {"Chen, Wong, Chen, Tian",
    2023, "Extending Context Window of Large Language Models via Positional Interpolation", "arXiv:2306.15595"};
const Paper kKazemnejad2023 = {"Kazemnejad, Padhi, Natesan Ramamurthy, Das, Reddy",
    2023, "The Impact of Positional Encoding on Length Generalization in Transformers", "arXiv:2305.19466 (NeurIPS 2023)"};
const Paper kRuoss2023 = {"Ruoss, Delétang, Genewein, Grau-Moya, Csordás, Bennani, Legg, Veness",
    2023, "Randomized Positional Encodings Boost Length Generalization of Transformers", "arXiv:2305.16843 (ACL 2023)"};
const Paper kBloc972023 = {"bloc97",
    2023, "NTK-Aware Scaled RoPE allows LLaMA models to have extended (8k+) context size without any fine-tuning and "
    "minimal perplexity degradation", "r/LocalLLaMA (Reddit post)"};
const Paper kPeng2023 = {"Peng, Quesnelle, Fan, Shippole",
    2023, "YaRN: Efficient Context Window Extension of Large Language Models", "arXiv:2309.00071 (ICLR 2024)"};
const Paper kLlama2024 = {"Llama Team, AI @ Meta (Dubey et al.)",
    2024, "The Llama 3 Herd of Models", "arXiv:2407.21783"};
const Paper kDao2022 = {"Dao, Fu, Ermon, Rudra, Ré",
    2022, "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness", "arXiv:2205.14135 (NeurIPS 2022)"};
const Paper kDosovitskiy2021 = {"Dosovitskiy, Beyer, Kolesnikov, Weissenborn, Zhai, Unterthiner, Dehghani, Minderer, Heigold, Gelly, Uszkoreit, "
    "Houlsby",
    2021, "An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale", "arXiv:2010.11929 (ICLR 2021)"};
const Paper kHe2022 = {"He, Chen, Xie, Li, Dollár, Girshick",
    2022, "Masked Autoencoders Are Scalable Vision Learners", "arXiv:2111.06377 (CVPR 2022)"};
const Paper kHeo2024 = {"Heo, Park, Han, Yun",
    2024, "Rotary Position Embedding for Vision Transformer", "arXiv:2403.13298 (ECCV 2024)"};
const Paper kHe2021Deberta = {"He, Liu, Gao, Chen",
    2021, "DeBERTa: Decoding-enhanced BERT with Disentangled Attention", "arXiv:2006.03654 (ICLR 2021)"};
const Paper kLiu2021 = {"Liu, Lin, Cao, Hu, Wei, Zhang, Lin, Guo",
    2021, "Swin Transformer: Hierarchical Vision Transformer using Shifted Windows", "arXiv:2103.14030 (ICCV 2021)"};
const Paper kBlack2022GptNeox = {"Black, Biderman, Hallahan, Anthony, Gao, Golding, He, Leahy, McDonell, Phang, Pieler, Prashanth, Purohit, "
    "Reynolds, Tow, Wang, Weinbach",
    2022, "GPT-NeoX-20B: An Open-Source Autoregressive Language Model", "arXiv:2204.06745 (ACL 2022 BigScience Workshop)"};
const Paper kGemma2025 = {"Gemma Team (Kamath, Ferret, Pathak, et al.)",
    2025, "Gemma 3 Technical Report", "arXiv:2503.19786"};
const Paper kHaviv2022 = {"Haviv, Ram, Press, Izsak, Levy",
    2022, "Transformer Language Models without Positional Encodings Still Learn Positional Information", "arXiv:2203.16634"};
const Paper kNakanishi2025 = {"Nakanishi",
    2025, "Scalable-Softmax Is Superior for Attention", "arXiv:2501.19399"};
const Paper kDing2024Longrope = {"Ding, Zhang, Zhang, Xu, Shang, Xu, Yang, Yang",
    2024, "LongRoPE: Extending LLM Context Window Beyond 2 Million Tokens", "arXiv:2402.13753 (ICML 2024)"};
const Paper kWang2024Qwen2Vl = {"Wang, Bai, Tan, Wang, Fan, Bai, Chen, Liu, Wang, Ge, Fan, Dang, Du, Ren, Men, Liu, Zhou, Zhou, Lin",
    2024, "Qwen2-VL: Enhancing Vision-Language Model's Perception of the World at Any Resolution", "arXiv:2409.12191"};
const Paper kDeepSeekV2 = {"DeepSeek-AI",
    2024, "DeepSeek-V2: A Strong, Economical, and Efficient Mixture-of-Experts Language Model", "arXiv:2405.04434"};
const Paper kDeepSeekV3 = {"DeepSeek-AI",
    2024, "DeepSeek-V3 Technical Report", "arXiv:2412.19437"};
const Paper kHfRopeUtils = {"Hugging Face",
    2025, "transformers: RoPE utilities", "GitHub"};

// [SECTION] sources by key
Reference cite(const Paper& paper, const char* code) { return {paper.authors, paper.year, paper.title, paper.where, code}; }

const std::map<std::string, Reference>& sources() {
    static const std::map<std::string, Reference> table = {
        {"vaswani2017", cite(kVaswani2017, "tensorflow/tensor2tensor · tensor2tensor/layers/common_attention.py · get_timing_signal_1d")},
        {"vaswani2017-hf", cite(kVaswani2017, "huggingface/transformers · src/transformers/models/distilbert/modeling_distilbert.py · "
    "create_sinusoidal_embeddings")},
        {"devlin2019", cite(kDevlin2019, "huggingface/transformers · src/transformers/models/bert/modeling_bert.py · BertEmbeddings.position_embeddings")},
        {"shaw2018", cite(kShaw2018, "tensorflow/tensor2tensor · tensor2tensor/layers/common_attention.py · _generate_relative_positions_matrix, "
    "_relative_attention_inner")},
        {"dai2019", cite(kDai2019, "kimiyoung/transformer-xl · pytorch/mem_transformer.py · RelPartialLearnableMultiHeadAttn")},
        {"raffel2020", cite(kRaffel2020, "huggingface/transformers · src/transformers/models/t5/modeling_t5.py · T5Attention._relative_position_bucket, "
    "T5Attention.compute_bias")},
        {"su2021", cite(kSu2021, "huggingface/transformers · src/transformers/models/llama/modeling_llama.py · rotate_half, apply_rotary_pos_emb")},
        {"sun2023", cite(kSun2023, "microsoft/torchscale · torchscale/component/xpos_relative_position.py · XPOS")},
        {"press2022", cite(kPress2022, "ofirpress/attention_with_linear_biases · fairseq/models/transformer.py · get_slopes, buffered_future_mask")},
        {"kazemnejad2023", cite(kKazemnejad2023, "McGill-NLP/length-generalization · the NoPE decoder and its scratchpad tasks")},
        {"ruoss2023", cite(kRuoss2023, "google-deepmind/randomized_positional_encodings · models/positional_encodings.py")},
        {"chen2023", cite(kChen2023, "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_linear_scaling_rope_parameters")},
        {"bloc97-2023", cite(kBloc972023, "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_dynamic_ntk_parameters")},
        {"peng2023", cite(kPeng2023, "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_yarn_parameters")},
        {"llama2024", cite(kLlama2024, "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_llama3_parameters")},
        {"dao2022", cite(kDao2022, "Dao-AILab/flash-attention · flash_attn/flash_attn_interface.py · flash_attn_func")},
        {"dosovitskiy2021", cite(kDosovitskiy2021, "facebookresearch/mae · util/pos_embed.py · interpolate_pos_embed")},
        {"he2022", cite(kHe2022, "facebookresearch/mae · util/pos_embed.py · get_2d_sincos_pos_embed")},
        {"heo2024", cite(kHeo2024, "naver-ai/rope-vit · deit/models_v2_rope.py · compute_axial_cis, apply_rotary_emb")},
        {"he2021-deberta", cite(kHe2021Deberta, "huggingface/transformers · src/transformers/models/deberta_v2/modeling_deberta_v2.py · make_log_bucket_position, "
    "build_relative_position, DisentangledSelfAttention.disentangled_attention_bias")},
        {"liu2021", cite(kLiu2021, "microsoft/Swin-Transformer · models/swin_transformer.py · WindowAttention.relative_position_index")},
        {"black2022-gpt-neox", cite(kBlack2022GptNeox, "huggingface/transformers · src/transformers/models/gpt_neox/modeling_gpt_neox.py · GPTNeoXAttention.forward "
    "(query_rot = query[..., :rotary_ndims], query_pass)")},
        {"gemma3-hf", cite(kGemma2025, "huggingface/transformers · src/transformers/models/gemma3/configuration_gemma3.py · Gemma3TextConfig "
    "(rope_theta 1e6, rope_local_base_freq 1e4, sliding_window_pattern 6)")},
        {"gemma3-deepmind", cite(kGemma2025, "google-deepmind/gemma · gemma/gm/nn/_gemma.py · Gemma3_4B / Gemma3_12B / Gemma3_27B (sliding_window_size 1024, "
    "local_base_frequency 10_000, global_base_frequency 1_000_000)")},
        {"haviv2022", cite(kHaviv2022, "huggingface/transformers · src/transformers/models/llama4/configuration_llama4.py · Llama4TextConfig "
    "(no_rope_layer_interval 4: layer l has no RoPE when (l + 1) % 4 == 0)")},
        {"nakanishi2025", cite(kNakanishi2025, "huggingface/transformers · src/transformers/models/llama4/modeling_llama4.py · Llama4TextAttention.forward "
    "(attn_temperature_tuning; attn_scale 0.1, floor_scale 8192 from configuration_llama4.py)")},
        {"ding2024-longrope", cite(kDing2024Longrope, "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_longrope_parameters, "
    "dynamic_rope_update (longrope_frequency_update)")},
        {"wang2024-qwen2-vl", cite(kWang2024Qwen2Vl, "huggingface/transformers · src/transformers/models/qwen2_vl/modeling_qwen2_vl.py · get_rope_index, "
    "apply_multimodal_rotary_pos_emb")},
        {"deepseek-v2", cite(kDeepSeekV2, "huggingface/transformers · src/transformers/models/deepseek_v3/modeling_deepseek_v3.py · DeepseekV3Attention "
    "(kv_a_proj_with_mqa, softmax scale times yarn_get_mscale²)")},
        {"deepseek-v3-hf", cite(kDeepSeekV3, "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_yarn_parameters (mscale, "
    "mscale_all_dim)")},
        {"deepseek-v3", cite(kDeepSeekV3, "deepseek-ai/DeepSeek-V3 · inference/model.py · precompute_freqs_cis")},
        {"hf-rope-utils", cite(kHfRopeUtils, "huggingface/transformers · modeling_rope_utils.py · _compute_llama3_parameters, "
     "_compute_linear_scaling_rope_parameters, _compute_yarn_parameters")},
    };
    return table;
}

// A model preset's published configuration (key "model:NAME").
Reference model_configuration(const ModelPreset& p) {
    Reference r;
    r.authors = p.display;
    r.year = 2026;  // the repositories as read on 2026-11-26 (the date the preset's values were taken)
    r.title = p.display + ": published configuration files (position settings), read 2026-11-26";
    r.where = "GitHub (the model makers' repositories and huggingface/transformers)";
    for (const PresetSource& source : p.sources) r.code += (r.code.empty() ? "" : "; ") + source.where;
    return r;
}

}  // namespace

// [SECTION] lookup
const Reference* find_reference(const std::string& key) {
    static const std::map<std::string, Reference> models = [] {
        std::map<std::string, Reference> out;
        for (const ModelPreset& p : model_presets()) out["model:" + p.name] = model_configuration(p);
        return out;
    }();
    const std::map<std::string, Reference>& table = key.rfind("model:", 0) == 0 ? models : sources();
    const auto it = table.find(key);
    return it == table.end() ? nullptr : &it->second;
}

std::vector<Reference> references_for(const std::vector<std::string>& keys) {
    std::vector<Reference> out;
    for (const std::string& key : keys)
        if (const Reference* r = find_reference(key)) out.push_back(*r);
    return out;
}

}  // namespace pelab
