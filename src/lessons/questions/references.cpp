// PE Lab — lessons/questions/references.cpp
// Every curriculum lesson's sources: the papers it follows (authors, year, title as published, arXiv id or
// venue) and the reference implementation its numbers match (repository · file · function). Paper titles
// and names are not translated, so one table serves both languages.
//
// [SECTION] the papers
// [SECTION] the table
#include <map>
#include <string>
#include <utility>

#include "lessons/questions/question_tables.h"

namespace pelab {

namespace {

// [SECTION] the papers (each written once; lessons share them)
// A paper already listed, followed through another reference implementation.
Reference with_code(Reference paper, std::string code) {
    paper.code = std::move(code);
    return paper;
}

const Reference kVaswani2017 = {
    "Vaswani, Shazeer, Parmar, Uszkoreit, Jones, Gomez, Kaiser, Polosukhin",
    2017,
    "Attention Is All You Need",
    "arXiv:1706.03762 (NeurIPS 2017)",
    "tensorflow/tensor2tensor · tensor2tensor/layers/common_attention.py · get_timing_signal_1d"};
const Reference kVaswani2017Hf = with_code(
    kVaswani2017,
    "huggingface/transformers · src/transformers/models/distilbert/modeling_distilbert.py · "
    "create_sinusoidal_embeddings");
const Reference kDevlin2019 = {
    "Devlin, Chang, Lee, Toutanova",
    2019,
    "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
    "arXiv:1810.04805 (NAACL 2019)",
    "huggingface/transformers · src/transformers/models/bert/modeling_bert.py · BertEmbeddings.position_embeddings"};
const Reference kShaw2018 = {
    "Shaw, Uszkoreit, Vaswani",
    2018,
    "Self-Attention with Relative Position Representations",
    "arXiv:1803.02155 (NAACL 2018)",
    "tensorflow/tensor2tensor · tensor2tensor/layers/common_attention.py · _generate_relative_positions_matrix, "
    "_relative_attention_inner"};
const Reference kDai2019 = {
    "Dai, Yang, Yang, Carbonell, Le, Salakhutdinov",
    2019,
    "Transformer-XL: Attentive Language Models Beyond a Fixed-Length Context",
    "arXiv:1901.02860 (ACL 2019)",
    "kimiyoung/transformer-xl · pytorch/mem_transformer.py · RelPartialLearnableMultiHeadAttn"};
const Reference kRaffel2020 = {
    "Raffel, Shazeer, Roberts, Lee, Narang, Matena, Zhou, Li, Liu",
    2020,
    "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer",
    "arXiv:1910.10683 (JMLR 21(140))",
    "huggingface/transformers · src/transformers/models/t5/modeling_t5.py · T5Attention._relative_position_bucket, "
    "T5Attention.compute_bias"};
const Reference kSu2021 = {
    "Su, Lu, Pan, Murtadha, Wen, Liu",
    2021,
    "RoFormer: Enhanced Transformer with Rotary Position Embedding",
    "arXiv:2104.09864 (Neurocomputing 568, 2024)",
    "huggingface/transformers · src/transformers/models/llama/modeling_llama.py · rotate_half, apply_rotary_pos_emb"};
const Reference kSun2023 = {
    "Sun, Dong, Patra, Ma, Huang, Benhaim, Chaudhary, Song, Wei",
    2023,
    "A Length-Extrapolatable Transformer",
    "arXiv:2212.10554 (ACL 2023)",
    "microsoft/torchscale · torchscale/component/xpos_relative_position.py · XPOS"};
const Reference kPress2022 = {
    "Press, Smith, Lewis",
    2022,
    "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation",
    "arXiv:2108.12409 (ICLR 2022)",
    "ofirpress/attention_with_linear_biases · fairseq/models/transformer.py · get_slopes, buffered_future_mask"};
const Reference kChen2023 = {
    "Chen, Wong, Chen, Tian",
    2023,
    "Extending Context Window of Large Language Models via Positional Interpolation",
    "arXiv:2306.15595",
    "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_linear_scaling_rope_parameters"};
const Reference kBloc97 = {
    "bloc97",
    2023,
    "NTK-Aware Scaled RoPE allows LLaMA models to have extended (8k+) context size without any fine-tuning and "
    "minimal perplexity degradation",
    "r/LocalLLaMA (Reddit post)",
    "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_dynamic_ntk_parameters"};
const Reference kPeng2023 = {
    "Peng, Quesnelle, Fan, Shippole",
    2023,
    "YaRN: Efficient Context Window Extension of Large Language Models",
    "arXiv:2309.00071 (ICLR 2024)",
    "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_yarn_parameters"};
const Reference kLlama2024 = {
    "Llama Team, AI @ Meta (Dubey et al.)",
    2024,
    "The Llama 3 Herd of Models",
    "arXiv:2407.21783",
    "huggingface/transformers · src/transformers/modeling_rope_utils.py · _compute_llama3_parameters"};
const Reference kDao2022 = {
    "Dao, Fu, Ermon, Rudra, Ré",
    2022,
    "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
    "arXiv:2205.14135 (NeurIPS 2022)",
    "Dao-AILab/flash-attention · flash_attn/flash_attn_interface.py · flash_attn_func"};
const Reference kDosovitskiy2021 = {
    "Dosovitskiy, Beyer, Kolesnikov, Weissenborn, Zhai, Unterthiner, Dehghani, Minderer, Heigold, Gelly, Uszkoreit, "
    "Houlsby",
    2021,
    "An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale",
    "arXiv:2010.11929 (ICLR 2021)",
    "facebookresearch/mae · util/pos_embed.py · interpolate_pos_embed"};
const Reference kHe2022 = {
    "He, Chen, Xie, Li, Dollár, Girshick",
    2022,
    "Masked Autoencoders Are Scalable Vision Learners",
    "arXiv:2111.06377 (CVPR 2022)",
    "facebookresearch/mae · util/pos_embed.py · get_2d_sincos_pos_embed"};
const Reference kHeo2024 = {
    "Heo, Park, Han, Yun",
    2024,
    "Rotary Position Embedding for Vision Transformer",
    "arXiv:2403.13298 (ECCV 2024)",
    "naver-ai/rope-vit · deit/models_v2_rope.py · compute_axial_cis, apply_rotary_emb"};
const Reference kHe2021Deberta = {
    "He, Liu, Gao, Chen",
    2021,
    "DeBERTa: Decoding-enhanced BERT with Disentangled Attention",
    "arXiv:2006.03654 (ICLR 2021)",
    "huggingface/transformers · src/transformers/models/deberta_v2/modeling_deberta_v2.py · make_log_bucket_position, "
    "build_relative_position, DisentangledSelfAttention.disentangled_attention_bias"};
const Reference kLiu2021 = {
    "Liu, Lin, Cao, Hu, Wei, Zhang, Lin, Guo",
    2021,
    "Swin Transformer: Hierarchical Vision Transformer using Shifted Windows",
    "arXiv:2103.14030 (ICCV 2021)",
    "microsoft/Swin-Transformer · models/swin_transformer.py · WindowAttention.relative_position_index"};

}  // namespace

// [SECTION] the table
const std::vector<Reference>& references_of(const std::string& lesson_id) {
    static const std::map<std::string, std::vector<Reference>> table = {
        {"f-delta", {kVaswani2017, kSu2021}},
        {"attention-grid", {kVaswani2017, kDosovitskiy2021}},
        {"absolute-pe", {kVaswani2017, kVaswani2017Hf, kDevlin2019}},
        {"shaw", {kShaw2018, kDai2019, kHe2021Deberta}},
        {"t5-bias", {kRaffel2020}},
        {"rope", {kSu2021, kSun2023}},
        {"long-context", {kPress2022, kChen2023, kBloc97, kPeng2023, kLlama2024}},
        {"cost", {kPress2022, kRaffel2020, kSu2021, kDao2022}},
        {"vit-2d", {kDosovitskiy2021, kHe2022, kHeo2024, kLiu2021}},
        {"open-models", joined({references_open_models_1_3(), references_open_models_4_6(), references_open_models_7()})},
    };
    static const std::vector<Reference> none;
    const auto it = table.find(lesson_id);
    return it == table.end() ? none : it->second;
}

}  // namespace pelab
