// PE Lab — core/cost/cost.h
// Live measurements of what the *position part* of attention costs for each family of methods, in
// bytes held and in time, for a sequence of N tokens with head width d. The work is real (arrays are
// allocated, filled with seeded numbers and updated) and timed with std::chrono::steady_clock, so the
// numbers describe this machine (or this browser's WebAssembly engine) at this moment, not constants.
//
//   embedding_add   P (N×d) added to the token embeddings X (N×d)                table N·d,   work N·d
//   full_bias       a learned bias per (i, j) added to the N×N scores             table N²,    work N²
//   distance_bias   one learned value per relative distance j − i (2N−1 of them), table 2N−1,  work N²
//                   looked up for every (i, j) and added to the scores
//   t5_bias         T5: one learned value per bucket and head (num_buckets × H,   table nb·H,  work N²
//                   HF's _relative_position_bucket), looked up through the bucket
//                   of j − i for every (i, j) and added to one head's scores
//   alibi_bias      ALiBi: one slope m per head (H of them); the bias −m·|i − j|   table H,     work N²
//                   is computed from the positions for every (i, j) and added
//   rope_cached     rotate Q and K (N×d each) with precomputed cos/sin tables     table N·d,   work 2·N·d
//   rope_uncached   rotate Q and K, computing cos/sin on the fly from θ            table d/2,   work 2·N·d
// The bias methods are timed on one head's N×N scores (a model repeats that for each of its H heads); the
// tables are what the model stores (T5's is computed once per forward pass and shared by all layers).
//
// Single-threaded, double precision. Part of `core`: Eigen + std only (no threads).
#pragma once
#include <string>
#include <vector>

namespace pelab {

enum class PositionMethod { embedding_add, full_bias, distance_bias, t5_bias, alibi_bias, rope_cached, rope_uncached };

// Every method, in the order above.
const std::vector<PositionMethod>& all_position_methods();
const char* position_method_name(PositionMethod m);  // "embedding_add", "full_bias", ...

// The attention around the position part that T5 and ALiBi size their tables by: H heads, T5's bucket
// count and the distance where its log buckets end (T5: 32 and 128). Clamped to heads 1..256,
// num_buckets 4..64, max_distance ≥ 1 where used.
struct CostModel {
    int heads = 8;
    int num_buckets = 32;
    int max_distance = 128;
};

// Bytes of the position table the method keeps for N tokens and width d (8 bytes per double):
// N·d·8, N²·8, (2N−1)·8, num_buckets·H·8, H·8, N·d·8 (cos and sin, N·d/2 each), (d/2)·8.
double position_table_bytes(PositionMethod m, int N, int d, const CostModel& model = {});

// Elements the method updates per application (the bias methods: one head): N·d, N², N², N², N², 2·N·d,
// 2·N·d.
double position_work_items(PositionMethod m, int N, int d);

struct CostMeasurement {
    PositionMethod method = PositionMethod::embedding_add;
    int N = 0, d = 0;
    double table_bytes = 0.0;   // position_table_bytes
    double work_items = 0.0;    // position_work_items
    double seconds = 0.0;       // fastest application observed (steady_clock): the fastest sample's time
                                // divided by the applications in it
    double setup_seconds = 0.0; // building the table once (e.g. the cos/sin cache), steady_clock
    int runs = 0;               // applications timed
    int samples = 0;            // timed samples (one application each unless min_sample_seconds asks for more)
    double checksum = 0.0;      // sum of the result; keeps the work observable to the compiler
};

// Allocates the arrays, builds the table (timed as setup), then times samples of the position part until at
// least min_seconds have passed (at least 3 kept and at most max_runs samples) and keeps the fastest. A sample is
// one application, or, while one sample lasts less than min_sample_seconds (a clock too coarse to read it:
// browsers tick every 100 µs), twice as many as the last, and a sample that short is not kept. With
// min_sample_seconds = 0 every sample is one application. N ≥ 1, d ≥ 2 even; inputs are clamped to
// N ≤ 4096, d ≤ 1024.
CostMeasurement measure_position_cost(PositionMethod m, int N, int d, double min_seconds = 0.004, int max_runs = 200,
                                      const CostModel& model = {}, double min_sample_seconds = 0.0);

// The steady clock's tick here: the smallest step between two readings seen (measured once; about 100 µs in
// a browser that coarsens its timers, tens of nanoseconds natively).
double clock_tick_seconds();

}  // namespace pelab
