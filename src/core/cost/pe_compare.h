// PE Lab — core/cost/pe_compare.h
// Six position methods side by side at one size: how many position parameters each adds to a model of
// width d_model with `heads` heads, trained on L positions. Counts follow the papers' reference setups:
//   sinusoidal (Vaswani et al.)   0 (a fixed function of the position)
//   learned absolute (BERT/GPT-2) L · d_model (one row of nn.Embedding(L, d_model) per position)
//   Shaw clip (tensor2tensor)     2 · (2k + 1) · d_head per layer (a_K and a_V, shared by the heads)
//   T5 buckets                    num_buckets · heads (one table, shared by the layers)
//   ALiBi                         0 (slopes fixed by the head count)
//   RoPE                          0 (frequencies fixed by d and the base)
// Part of `core`: Eigen + std only.
#pragma once
#include <vector>

namespace pelab {

enum class PeFamily { sinusoidal, learned, shaw, t5, alibi, rope };
const std::vector<PeFamily>& all_pe_families();  // in the order above

struct PeSizes {
    int d_model = 512;
    int L = 512;         // training length (rows of a learned table)
    int heads = 8;       // d_head = d_model / heads
    int shaw_k = 16;     // Shaw's clipping distance k
    int num_buckets = 32;
};

// Position parameters the method adds (per layer for Shaw, per model otherwise, as listed above); a value
// below 0 in any size counts as 0, heads below 1 as 1.
long long pe_parameter_count(PeFamily family, const PeSizes& sizes);

}  // namespace pelab
