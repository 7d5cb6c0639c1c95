// PE Lab — core/maps/position_map_filter.cpp
// Box-filtered images of the position maps from prefix sums of the distance profile (see
// position_map_filter.h for the method and its precision).
//
// Index of this file:
// [SECTION] filter and window
// [SECTION] double-double arithmetic
// [SECTION] prefix sums of a map
// [SECTION] a pixel's runs of cells
// [SECTION] the image
#include "core/maps/position_map_filter.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelab {

// [SECTION] filter and window ----------------------------------------------------------------

const std::vector<std::string>& map_filter_names() {
    static const std::vector<std::string> names = {"box", "point"};
    return names;
}

bool parse_map_filter(const std::string& text, MapFilter* out) {
    const int i = map_name_index(map_filter_names(), text);
    if (i >= 0) *out = MapFilter(i);
    return i >= 0;
}

bool map_window_valid(int L, const MapCellWindow& w, std::string* why) {
    auto fail = [&](const std::string& text) {
        if (why) *why = text;
        return false;
    };
    if (!std::isfinite(w.col0) || !std::isfinite(w.row0) || !std::isfinite(w.span)) return fail("window values must be finite numbers");
    if (!(w.span > 0)) return fail("window span must be > 0 cells");
    if (w.col0 < 0 || w.row0 < 0) return fail("window must start at column and row >= 0");
    const std::string Ls = std::to_string(L);
    if (w.col0 + w.span > double(L)) return fail("window columns end past the map (column + span must be <= L = " + Ls + ")");
    if (w.row0 + w.span > double(L)) return fail("window rows end past the map (row + span must be <= L = " + Ls + ")");
    return true;
}

// [SECTION] double-double arithmetic -----------------------------------------------------------

namespace {

// Knuth's TwoSum: s + err == a + b exactly.
inline DoubleDouble two_sum(double a, double b) {
    const double s = a + b, bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}
inline DoubleDouble dd_add(const DoubleDouble& x, const DoubleDouble& y) {
    DoubleDouble s = two_sum(x.hi, y.hi);
    s.lo += x.lo + y.lo;
    const double hi = s.hi + s.lo;
    return {hi, s.lo - (hi - s.hi)};
}
// x − y rounded to double (the difference of two prefix sums: exact to ~2⁻¹⁰⁶ of their size, then rounded once).
inline double dd_diff(const DoubleDouble& x, const DoubleDouble& y) {
    const DoubleDouble d = two_sum(x.hi, -y.hi);
    return d.hi + (d.lo + (x.lo - y.lo));
}

}  // namespace

// [SECTION] prefix sums of a map ----------------------------------------------------------------

std::shared_ptr<const PositionMapSums> position_map_sums(const PositionMapSpec& s, const std::vector<double>* log_norm,
                                                         const std::vector<double>* profile) {
    auto out = std::make_shared<PositionMapSums>();
    PositionMapSums& m = *out;
    m.L = s.L;
    m.softmax = position_map_shows_softmax(s);
    m.profile = profile ? *profile : position_map_full_profile(s);
    const size_t n = m.profile.size();  // 2L − 1
    for (double x : m.profile) m.masked = m.masked || std::isnan(x);

    // The summed sequence g: f itself, or e = exp(f − M) for the row softmax; 0 where masked.
    std::vector<double>& g = m.summed;
    g.assign(n, 0.0);
    if (m.softmax) {
        m.log_norm = log_norm ? *log_norm : position_map_row_log_normalizers(s);
        double M = -INFINITY;
        for (double x : m.profile)
            if (!std::isnan(x)) M = std::max(M, x);
        m.shift = M;
        for (size_t k = 0; k < n; ++k) g[k] = std::isnan(m.profile[k]) ? 0.0 : std::exp(m.profile[k] - M);
        m.row_factor.resize(m.log_norm.size());
        for (size_t i = 0; i < m.log_norm.size(); ++i) m.row_factor[i] = std::exp(M - m.log_norm[i]);
    } else {
        for (size_t k = 0; k < n; ++k) g[k] = std::isnan(m.profile[k]) ? 0.0 : m.profile[k];
    }
    // S1[t] = Σ_{u<t} g[u] (t = 0..2L−1), S2[k] = Σ_{t<k} S1[t] (k = 0..2L).
    m.s1.assign(n + 1, DoubleDouble{});
    for (size_t t = 0; t < n; ++t) m.s1[t + 1] = dd_add(m.s1[t], two_sum(g[t], 0.0));
    if (m.softmax) {
        // Q[t] = Σ_{u≥t} e[u]: a range far out in a decaying tail is a tiny difference of two prefix sums but a
        // small difference of two suffix sums, so each range uses whichever pair is smaller (relative precision).
        m.suffix.assign(n + 1, DoubleDouble{});
        for (size_t t = n; t-- > 0;) m.suffix[t] = dd_add(m.suffix[t + 1], two_sum(g[t], 0.0));
    } else {
        m.s2.assign(n + 2, DoubleDouble{});
        for (size_t k = 0; k <= n; ++k) m.s2[k + 1] = dd_add(m.s2[k], m.s1[k]);
    }
    if (m.masked) {
        // Counts of unmasked cells: integers below (2L)² < 2⁵³, exact in double.
        std::vector<double> c1(n + 1, 0.0);
        for (size_t t = 0; t < n; ++t) c1[t + 1] = c1[t] + (std::isnan(m.profile[t]) ? 0.0 : 1.0);
        m.mask_s2.assign(n + 2, 0.0);
        for (size_t k = 0; k <= n; ++k) m.mask_s2[k + 1] = m.mask_s2[k] + c1[k];
    }
    return out;
}

// [SECTION] a pixel's runs of cells ------------------------------------------------------------------

namespace {

// `count` consecutive cells from `first`, each weighted `weight` (the length of the cell inside the pixel).
struct CellRun {
    long long first = 0, count = 0;
    double weight = 0;
};

// The cells of the pixel interval [a, b) (cells are [c, c + 1)), as at most three runs: the partly covered
// first cell, the whole cells, the partly covered last cell. Returns how many runs.
int pixel_runs(double a, double b, long long L, CellRun runs[3]) {
    a = std::max(a, 0.0);
    b = std::min(b, double(L));
    const long long c0 = std::min((long long)std::floor(a), L - 1);
    long long c1 = (long long)std::ceil(b) - 1;  // the last cell that the interval enters
    c1 = std::clamp(c1, c0, L - 1);
    if (c0 == c1) {
        runs[0] = {c0, 1, b - a};
        return 1;
    }
    int k = 0;
    const double first = double(c0 + 1) - a, last = b - double(c1);
    if (first > 0) runs[k++] = {c0, 1, first};
    if (c1 - c0 - 1 > 0) runs[k++] = {c0 + 1, c1 - c0 - 1, 1.0};
    if (last > 0) runs[k++] = {c1, 1, last};
    return k;
}

// Σ_{i=i0}^{i0+nr−1} Σ_{j=j0}^{j0+nc−1} g(i − j) (index offset L − 1): a single cell reads g, a single row or
// column two first-order prefix sums, a rectangle four second-order ones.
double block_sum(const PositionMapSums& m, long long off, long long i0, long long nr, long long j0, long long nc) {
    const long long k = i0 - j0 + off;  // the Δ index of the corner cell (i0, j0)
    if (nr == 1 && nc == 1) return m.summed[size_t(k)];
    if (nr == 1) return dd_diff(m.s1[size_t(k + 1)], m.s1[size_t(k - nc + 1)]);  // Δ from k − nc + 1 to k
    if (nc == 1) return dd_diff(m.s1[size_t(k + nr)], m.s1[size_t(k)]);          // Δ from k to k + nr − 1
    const auto& s2 = m.s2;
    return dd_diff(s2[size_t(k + nr + 1)], s2[size_t(k + 1)]) - dd_diff(s2[size_t(k + nr - nc + 1)], s2[size_t(k - nc + 1)]);
}
double block_count(const std::vector<double>& m2, long long off, long long i0, long long nr, long long j0, long long nc) {
    const long long a = i0 + nr - j0 + 1 + off, b = i0 - j0 + 1 + off, c = i0 + nr - j0 - nc + 1 + off, d = i0 - j0 - nc + 1 + off;
    return (m2[size_t(a)] - m2[size_t(b)]) - (m2[size_t(c)] - m2[size_t(d)]);
}

// Σ e[t] for t in [lo, hi) (softmax), from the prefix or the suffix sums, whichever are smaller there.
double range_sum(const PositionMapSums& m, long long lo, long long hi) {
    if (hi == lo + 1) return m.summed[size_t(lo)];
    const DoubleDouble &p = m.s1[size_t(hi)], &q = m.suffix[size_t(lo)];
    return p.hi <= q.hi ? dd_diff(p, m.s1[size_t(lo)]) : dd_diff(q, m.suffix[size_t(hi)]);
}

// The value shown at cell (i, j) from the profile: f(i − j), or its row softmax; NaN where masked.
double cell_value(const PositionMapSums& m, long long i, long long j) {
    const double f = m.profile[size_t(i - j + m.L - 1)];
    if (!m.softmax || std::isnan(f)) return f;
    return std::exp(f - m.log_norm[size_t(i)]);
}

}  // namespace

// [SECTION] the image --------------------------------------------------------------------------

void position_map_pixel_rows(const PositionMapSums& m, const MapCellWindow& w, int pixels, MapFilter filter, int row_begin,
                             int row_end, double* out) {
    // Every pixel is read from the prefix sums alone (nothing carries from one pixel to the next), so any band
    // of rows gives the same doubles as the whole image: `out` holds image row y at (y − row_begin)·pixels.
    const long long L = m.L, off = L - 1;
    const double h = w.span / double(pixels);
    std::fill(out, out + size_t(row_end - row_begin) * size_t(pixels), std::numeric_limits<double>::quiet_NaN());
    if (filter == MapFilter::point || h < 1.0) {
        for (int y = row_begin; y < row_end; ++y) {
            const long long i = std::clamp((long long)std::floor(w.row0 + (y + 0.5) * h), 0LL, L - 1);
            double* line = out + size_t(y - row_begin) * size_t(pixels);
            for (int x = 0; x < pixels; ++x) {
                const long long j = std::clamp((long long)std::floor(w.col0 + (x + 0.5) * h), 0LL, L - 1);
                line[x] = cell_value(m, i, j);
            }
        }
        return;
    }
    // Each pixel column's runs once per band (pixel edges at col0 + x·h, so neighbours share them exactly).
    std::vector<CellRun> col_runs(size_t(pixels) * 3);
    std::vector<int> col_count(static_cast<size_t>(pixels), 0);
    for (int x = 0; x < pixels; ++x)
        col_count[size_t(x)] = pixel_runs(w.col0 + x * h, w.col0 + (x + 1) * h, L, &col_runs[size_t(x) * 3]);
    for (int y = row_begin; y < row_end; ++y) {
        double* line = out + size_t(y - row_begin) * size_t(pixels);
        CellRun rows[3];
        const int nrow = pixel_runs(w.row0 + y * h, w.row0 + (y + 1) * h, L, rows);
        double row_weight = 0;
        for (int r = 0; r < nrow; ++r) row_weight += rows[r].weight * double(rows[r].count);
        for (int x = 0; x < pixels; ++x) {
            const CellRun* cols = &col_runs[size_t(x) * 3];
            const int ncol = col_count[size_t(x)];
            // The weight of the unmasked cells: the product of the pixel's extents, or the mask's block sums.
            double weight = 0;
            if (m.masked) {
                for (int r = 0; r < nrow; ++r)
                    for (int c = 0; c < ncol; ++c)
                        weight += rows[r].weight * cols[c].weight *
                                  block_count(m.mask_s2, off, rows[r].first, rows[r].count, cols[c].first, cols[c].count);
            } else {
                double col_weight = 0;
                for (int c = 0; c < ncol; ++c) col_weight += cols[c].weight * double(cols[c].count);
                weight = row_weight * col_weight;
            }
            if (!(weight > 0)) continue;  // only masked cells: stays NaN
            double sum = 0;
            if (!m.softmax) {
                for (int r = 0; r < nrow; ++r)
                    for (int c = 0; c < ncol; ++c)
                        sum += rows[r].weight * cols[c].weight * block_sum(m, off, rows[r].first, rows[r].count, cols[c].first, cols[c].count);
            } else {
                // Row by row: exp(M − log Z_i)·Σ over the column runs of weight·Σ e(i − j).
                for (int r = 0; r < nrow; ++r) {
                    for (long long i = rows[r].first; i < rows[r].first + rows[r].count; ++i) {
                        double row_sum = 0;
                        for (int c = 0; c < ncol; ++c) {
                            const long long j0 = cols[c].first, nc = cols[c].count;
                            row_sum += cols[c].weight * range_sum(m, i - j0 - nc + 1 + off, i - j0 + 1 + off);
                        }
                        sum += rows[r].weight * m.row_factor[size_t(i)] * row_sum;
                    }
                }
            }
            line[x] = sum / weight;
        }
    }
}

std::vector<double> position_map_pixels(const PositionMapSums& m, const MapCellWindow& w, int pixels, MapFilter filter) {
    std::vector<double> out(size_t(pixels) * size_t(pixels));
    position_map_pixel_rows(m, w, pixels, filter, 0, pixels, out.data());
    return out;
}

std::vector<double> position_map_pixels(const PositionMapSpec& s, const MapCellWindow& w, int pixels, MapFilter filter) {
    return position_map_pixels(*position_map_sums(s), w, pixels, filter);
}

}  // namespace pelab
