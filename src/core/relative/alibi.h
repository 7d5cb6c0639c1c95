// PE Lab — core/relative/alibi.h
// ALiBi (Press, Smith & Lewis, "Train Short, Test Long"): a fixed, per-head linear penalty on the attention
// logits. Slopes follow the reference `get_slopes` of ofirpress/attention_with_linear_biases
// (fairseq/models/transformer.py), including its rule for head counts that are not powers of 2.
// Conventions: rows i are query positions, columns j key positions, 0..L−1.
// Part of `core`: Eigen + std only.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

namespace pelab {

// The reference get_slopes(n): for n = 2^a, start = 2^(−2^(−(log2 n − 3))) = 2^(−8/n) and slope_h = start^(h+1);
// otherwise the slopes of the closest smaller power of 2, followed by every other slope of twice that power
// (get_slopes(2p)[0::2]) until n slopes — the result is then no longer sorted. Empty for n < 1.
std::vector<double> alibi_slopes(int heads);

enum class AlibiMode { causal, symmetric };
const char* alibi_mode_name(AlibiMode mode);
bool parse_alibi_mode(const std::string& text, AlibiMode* out);

// The bias of one head, L×L: causal −m·(i − j) for j ≤ i and −inf above the diagonal (masked future keys);
// symmetric −m·|i − j| everywhere.
Eigen::MatrixXd alibi_bias(int L, double slope, AlibiMode mode);

// What the reference code actually adds (causal): m·j in every row (the same row repeated, "all rows
// identical") plus the −inf future mask. Row i differs from alibi_bias by the constant −m·i, which softmax ignores.
Eigen::MatrixXd alibi_reference_rows(int L, double slope);

// Row-wise softmax that treats −inf as weight 0 (a fully masked row gives all zeros).
Eigen::MatrixXd alibi_row_softmax(const Eigen::MatrixXd& logits);

}  // namespace pelab
