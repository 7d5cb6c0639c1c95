// PE Lab — core/lab/lab_weights.h
// The lab's files: the weights file `pelab-lab-weights/1` and the token file of `pelab-cli lab grad`.
// Weights: {"format": "pelab-lab-weights/1", "config": {pe, d, heads, layers, max_positions, vocab, mlp,
// norm_eps, rope_base, t5_buckets, t5_max_distance}, "tensors": {name: {"shape": [...], "data": [row-major
// numbers]}}} with PyTorch's state_dict names (core/lab/lab_model.h: make_layout). The reader refuses, with one
// line naming the tensor or key and what was expected: a wrong format tag, a missing or unknown key, a
// missing or extra tensor, a wrong shape or element count, a non-finite number, a config beyond the budget of
// a model the lab opens, a file over kMaxWeightsBytes (both in core/lab/lab_model.h), and any text that is not JSON
// (with its line and column).
// Part of `core`: Eigen + std only (the JSON is read with core/io/json.h).
//
// [SECTION] weights
// [SECTION] packed weights
// [SECTION] either form
// [SECTION] token batches
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/lab/lab_model.h"

namespace pelab::lab {

// [SECTION] weights
inline constexpr const char* kWeightsFormat = "pelab-lab-weights/1";
// A file is read up to kMaxWeightsBytes, and its config within the budget of a model the lab opens
// (core/lab/lab_model.h: open_config_problem), which is wider than the ranges the lab trains in.

// The file's text. Numbers are the shortest decimals that read back to the same value of T, so a float
// model saved and loaded is bit-identical, and a double model too.
template <class T>
std::string weights_json(const Model<T>& model);

// Reads a weights file into *out (its config and every tensor). "" on success; else one line naming what is
// wrong, and *out is left as it was.
template <class T>
std::string read_weights(const std::string& text, Model<T>* out);

// [SECTION] packed weights
// The same model as a weights file, smaller, for the models the lab ships to the page (the lab's
// download): one line of JSON {"format": "pelab-lab-weights-packed/1", "config": {as above}, "count": N,
// "bits": 32|16}, then the N parameters in layout order, little-endian, as byte planes (byte 0 of every number,
// then byte 1, …): the planes holding signs and exponents repeat, so gzip shrinks them well.
// bits 32: the float parameters bit for bit (4 planes; gzip leaves about 0.86 of 4·N bytes).
// bits 16: each parameter rounded to the nearest IEEE 754 half-precision number (ties to even; 2 planes, about
// 0.9 of 2·N bytes after gzip): a relative change of at most 2⁻¹¹ per weight (more for weights below 6.1e-5,
// which half precision holds as subnormals), so the model read back is that rounded model, not the trained one;
// a weight beyond half range (|w| > 65504) cannot be packed so. A missing "bits" reads as 32.
inline constexpr const char* kPackedWeightsFormat = "pelab-lab-weights-packed/1";
// "" with *out the file's bytes, or why the model cannot be packed at `bits` (16 or 32).
std::string packed_weights(const Model<float>& model, int bits, std::string* out);
// The 32-bit form, which every model has.
std::string packed_weights(const Model<float>& model);
// "" on success; else one line naming what is wrong (the header, the config, the count, the bits, a
// non-finite number), and *out is left as it was.
std::string read_packed_weights(const std::string& bytes, Model<float>* out);
// IEEE 754 half precision: the nearest half to x (ties to even; beyond ±65504 an infinity), and a half's value.
std::uint16_t float_to_half(float x);
float half_to_float(std::uint16_t h);

// [SECTION] either form
// A float model from a file of either form, as a file a person picks may be (`pelab-cli lab eval|pack`, the
// desktop's load): read_packed_weights when its first line (looked for in its first 4096 bytes) names
// kPackedWeightsFormat, else read_weights. Both refuse a file over kMaxWeightsBytes. "" on success, else the
// reader's one line, and *out is left as it was.
std::string read_any_weights(const std::string& bytes, Model<float>* out);

// [SECTION] token batches
// `lab grad`'s input {"tokens": [[…], …], "targets": [[…], …]}: rows of equal length, tokens 0..11, targets
// 0..11 or −100 (not counted), the same shape for both, at least one counted target. The limits keep one
// forward pass small: at most kMaxGradRows rows of at most kMaxGradTokens tokens.
constexpr int kMaxGradRows = 64;
constexpr int kMaxGradTokens = 128;
// "" on success (batch_problem is checked against `config` too), else one line.
std::string read_token_batch(const std::string& text, const ModelConfig& config, Batch* out);

}  // namespace pelab::lab
