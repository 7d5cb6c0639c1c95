// PE Lab — core/maps/position_map_filter.h
// Box-filtered images of the long-sequence position maps (core/maps/position_map.h), in double: an N×N image of a
// square window of the L×L map in which every pixel is the mean of the cells it covers (cells partly inside
// weighted by the part inside, masked cells left out), exactly and in O(1) or O(rows) per pixel rather than
// O(cells). Zoomed out, a point-sampled map shows diagonal stripes that are not in the matrix (aliasing) and
// loses structures thinner than a pixel; the box mean shows neither. This is the reference `map_pixels`
// prints and the image the map view uploads once the learner stops zooming (computed a band of rows per frame).
//
// How (all five maps depend on Δ = i − j only):
//   values (every map without row softmax): the weighted block sum Σ_i Σ_j w_r(i)·w_c(j)·f(i − j) splits each
//     pixel's rows and columns into at most three runs of equal weight (a partly covered first cell, the whole
//     cells, a partly covered last cell); each pair of runs is an unweighted rectangle, whose sum is four reads
//     of the second-order prefix sum S2 of f (S1(x) = Σ_{Δ<x} f(Δ), S2(x) = Σ_{y<x} S1(y)):
//       Σ_{i=i0}^{i0+nr−1} Σ_{j=j0}^{j0+nc−1} f(i−j) = S2(i0+nr−j0+1) − S2(i0−j0+1) − S2(i0+nr−j0−nc+1) + S2(i0−j0−nc+1).
//     S1 and S2 are kept as double-double (≈ 106 bits): S2 reaches ~10¹² (T5 at L = 65,536: 2.7·10¹¹), so in
//     plain double a pixel's difference of two such sums would lose up to 4 of its 16 digits; in double-double
//     the difference is exact to ~10⁻²⁰ and only the final rounding to double remains.
//   row softmax (rope, alibi with softmax=1): p(i, j) = exp(f(i−j) − log Z_i) is not Toeplitz, so each pixel
//     sums its rows one by one: row i contributes exp(M − log Z_i)·Σ_j w_c(j)·e(i−j), e = exp(f − M) with M the
//     profile's maximum (the shift that keeps every e ≤ 1: no overflow; a row's factor exp(M − log Z_i) ≤ 1 when
//     the row holds the maximum), the column sum from a first-order double-double prefix sum of e, or from its
//     suffix sum where that is the smaller (far out in a decaying tail the prefix difference would leave only
//     ~10⁻³² of the row's mass; the suffix difference keeps the tail's own relative precision).
//   masked cells (causal ALiBi, j > i) count neither in the sum nor in the weight: the weight is the same block
//     sum of the 0/1 mask (integers, exact in double); a pixel whose cells are all masked is NaN, as a masked cell.
//   T5 and Shaw are box-filtered too (the mean of their integer values): a Shaw band of 2k + 1 cells or T5's
//     first buckets are far thinner than a pixel when zoomed out, and point sampling would show a band of
//     random width or miss it; the mean shows its true weight. The cell's own integer stays in the hover.
// A pixel covering less than one cell (span < pixels) shows the cell under its centre, as does filter=point.
// Part of `core`: Eigen + std only.
//
// [SECTION] filter and window
// [SECTION] prefix sums of a map
// [SECTION] the image
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/maps/position_map.h"

namespace pelab {

// [SECTION] filter and window

// MapFilter (box|point) is declared in core/maps/position_map.h, with the spec that carries it.
const std::vector<std::string>& map_filter_names();  // box|point, in enum order
bool parse_map_filter(const std::string& text, MapFilter* out);

// A square window of the map in cells: first column, first row, cells per side (fractional allowed).
struct MapCellWindow {
    double col0 = 0, row0 = 0, span = 0;
};
constexpr int kMapPixelsMax = 1024;  // pixels per side of an image

// True when `w` lies inside the L×L map with a positive span; else *why says what is wrong.
bool map_window_valid(int L, const MapCellWindow& w, std::string* why);

// [SECTION] prefix sums of a map

// Everything filtering needs, computed once per map in O(L·d) (the profile) plus O(L).
struct DoubleDouble {
    double hi = 0, lo = 0;
};
struct PositionMapSums {
    int L = 0;
    bool softmax = false;             // rows show exp(f − log Z_i)
    bool masked = false;              // some Δ are masked (causal ALiBi)
    std::vector<double> profile;      // f(Δ) at Δ + L − 1, NaN where masked
    std::vector<double> log_norm;     // softmax: log Z_i of every row
    double shift = 0;                 // softmax: M = max f
    std::vector<double> row_factor;   // softmax: exp(M − log Z_i)
    std::vector<double> summed;       // the summed sequence: f (0 where masked), or e = exp(f − M) for softmax
    std::vector<DoubleDouble> s1;     // values: S1 of f (0 where masked); softmax: S1 of e = exp(f − M)
    std::vector<DoubleDouble> suffix; // softmax: Σ_{u≥t} e[u]
    std::vector<DoubleDouble> s2;     // values: S2 of f (empty for softmax)
    std::vector<double> mask_s2;      // masked: S2 of the 0/1 "not masked" indicator (exact integers)
};
// `log_norm`: the rows' normalisers when already computed (softmax), else computed here. `profile`: the map's
// position_map_full_profile when already computed, else computed here (the O(L·d) part: the map view computes it
// in a frame of its own, the rest in the next).
std::shared_ptr<const PositionMapSums> position_map_sums(const PositionMapSpec& s, const std::vector<double>* log_norm = nullptr,
                                                         const std::vector<double>* profile = nullptr);

// [SECTION] the image

// pixels×pixels values, row-major (row = query i, top first), NaN = masked. `w` must be valid for sums.L and
// 1 ≤ pixels ≤ kMapPixelsMax. Box when filter = box and a pixel covers one cell or more, else point samples.
std::vector<double> position_map_pixels(const PositionMapSums& sums, const MapCellWindow& w, int pixels, MapFilter filter);
// The same from a spec (computes the sums).
std::vector<double> position_map_pixels(const PositionMapSpec& s, const MapCellWindow& w, int pixels, MapFilter filter);
// Image rows [row_begin, row_end) of the image above into `out` ((row_end − row_begin)·pixels values, row y at
// (y − row_begin)·pixels), bit for bit what position_map_pixels gives there (it is this over every row): every
// pixel depends on the sums alone, so the map view can compute the image a band of rows per frame.
// 0 ≤ row_begin ≤ row_end ≤ pixels.
void position_map_pixel_rows(const PositionMapSums& sums, const MapCellWindow& w, int pixels, MapFilter filter, int row_begin,
                             int row_end, double* out);

}  // namespace pelab
