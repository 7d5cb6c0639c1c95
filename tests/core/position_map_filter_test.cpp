// PE Lab — tests/core/position_map_filter_test.cpp
// Box-filtered position maps (core/maps/position_map_filter.h) against brute-force summation over every cell
// (each cell weighted by the length of its overlap with the pixel, in plain double), for every map and the
// row-softmax variants: a small map (L = 37 on 16 pixels), a non-integer number of cells per pixel
// (L = 4097 on 64 pixels), a window deep inside L = 65,536; masked pixels of causal ALiBi; pixels smaller than
// a cell and filter=point, which show the cell under the pixel centre; the image computed by bands of rows is
// the whole image bit for bit; window validation.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
#include "gtest/gtest.h"

namespace {

using namespace pelab;

struct MapCase {
    const char* name;
    PositionMapKind kind;
    bool softmax;
    AlibiMode mode;
};

PositionMapSpec spec_of(const MapCase& c, int L) {
    PositionMapSpec s;
    s.kind = c.kind;
    s.L = L;
    s.softmax = c.softmax;
    s.mode = c.mode;
    if (c.kind == PositionMapKind::rope) s.content = RopeContent::random;  // f has signs and no symmetry
    return s;
}

// The brute-force pixel means: every cell of every pixel, overlap weights, masked cells left out.
// `scale` receives each pixel's weighted mean of |value| (the size the summation error is relative to).
std::vector<double> brute_force(const PositionMapSpec& s, const MapCellWindow& w, int pixels, std::vector<double>* scale) {
    const std::vector<double> f = position_map_full_profile(s);
    const bool softmax = position_map_shows_softmax(s);
    const std::vector<double> log_z = softmax ? position_map_row_log_normalizers(s) : std::vector<double>();
    const long long L = s.L;
    const double h = w.span / pixels;
    std::vector<double> out(size_t(pixels) * pixels, NAN);
    scale->assign(out.size(), 0.0);
    auto overlap = [](double a, double b, long long c) { return std::min(b, double(c + 1)) - std::max(a, double(c)); };
    for (int y = 0; y < pixels; ++y) {
        const double ra = w.row0 + y * h, rb = w.row0 + (y + 1) * h;
        for (int x = 0; x < pixels; ++x) {
            const double ca = w.col0 + x * h, cb = w.col0 + (x + 1) * h;
            double sum = 0, abs_sum = 0, weight = 0;
            for (long long i = (long long)std::floor(ra); i < L && double(i) < rb; ++i) {
                const double wr = overlap(ra, rb, i);
                if (wr <= 0) continue;
                for (long long j = (long long)std::floor(ca); j < L && double(j) < cb; ++j) {
                    const double wc = overlap(ca, cb, j);
                    double v = f[size_t(i - j + L - 1)];
                    if (wc <= 0 || std::isnan(v)) continue;
                    if (softmax) v = std::exp(v - log_z[size_t(i)]);
                    sum += wr * wc * v;
                    abs_sum += wr * wc * std::fabs(v);
                    weight += wr * wc;
                }
            }
            if (weight > 0) {
                out[size_t(y) * pixels + x] = sum / weight;
                (*scale)[size_t(y) * pixels + x] = abs_sum / weight;
            }
        }
    }
    return out;
}

// Every pixel within 1e-12 of the pixel's mean |value| (relative), and masked exactly where brute force is.
void expect_matches_brute_force(const PositionMapSpec& s, const MapCellWindow& w, int pixels) {
    std::vector<double> scale;
    const std::vector<double> want = brute_force(s, w, pixels, &scale);
    const std::vector<double> got = position_map_pixels(s, w, pixels, MapFilter::box);
    ASSERT_EQ(got.size(), want.size());
    int failures = 0;
    for (size_t k = 0; k < want.size() && failures < 5; ++k) {
        if (std::isnan(want[k]) || std::isnan(got[k])) {
            EXPECT_EQ(std::isnan(want[k]), std::isnan(got[k])) << "pixel " << k << " masked in one only";
            failures += std::isnan(want[k]) != std::isnan(got[k]);
            continue;
        }
        const double tol = 1e-12 * std::max(scale[k], std::fabs(want[k]));
        if (!(std::fabs(got[k] - want[k]) <= tol)) {
            ADD_FAILURE() << "pixel (" << k / pixels << ", " << k % pixels << "): got " << got[k] << ", brute force " << want[k]
                          << ", |diff| " << std::fabs(got[k] - want[k]) << " > " << tol;
            ++failures;
        }
    }
}

class FilteredMap : public ::testing::TestWithParam<MapCase> {};

TEST_P(FilteredMap, SmallMapAgreesWithBruteForce) {
    expect_matches_brute_force(spec_of(GetParam(), 37), {0, 0, 37}, 16);  // 2.3125 cells per pixel
}

TEST_P(FilteredMap, FractionalCellsPerPixelAgreeWithBruteForce) {
    expect_matches_brute_force(spec_of(GetParam(), 4097), {0, 0, 4097}, 64);  // 64.015625 cells per pixel
}

TEST_P(FilteredMap, WindowDeepInsideALargeMapAgreesWithBruteForce) {
    const PositionMapSpec s = spec_of(GetParam(), 65536);
    expect_matches_brute_force(s, {30000.3, 12345.7, 300.5}, 16);  // below the diagonal
    expect_matches_brute_force(s, {40000.25, 39990.5, 77.75}, 16);  // across it
}

TEST_P(FilteredMap, PixelsSmallerThanACellShowTheCellUnderTheirCentre) {
    const PositionMapSpec s = spec_of(GetParam(), 65536);
    const std::vector<double> log_z = position_map_shows_softmax(s) ? position_map_row_log_normalizers(s) : std::vector<double>();
    const MapCellWindow w{30000.25, 29990.5, 15.5};
    const int pixels = 40;  // 0.3875 cells per pixel
    const std::vector<double> got = position_map_pixels(s, w, pixels, MapFilter::box);
    for (int y = 0; y < pixels; y += 3) {
        for (int x = 0; x < pixels; x += 3) {
            const long long i = (long long)std::floor(w.row0 + (y + 0.5) * w.span / pixels);
            const long long j = (long long)std::floor(w.col0 + (x + 0.5) * w.span / pixels);
            const double want = position_map_shown_value(s, log_z, i, j);  // the definition
            const double v = got[size_t(y) * pixels + x];
            if (std::isnan(want)) {
                EXPECT_TRUE(std::isnan(v));
            } else {
                EXPECT_NEAR(v, want, 1e-11 * std::max(1.0, std::fabs(want))) << "cell (" << i << ", " << j << ")";
            }
        }
    }
}

TEST_P(FilteredMap, PointFilterShowsTheCellUnderThePixelCentreWhenZoomedOut) {
    const PositionMapSpec s = spec_of(GetParam(), 4097);
    const std::vector<double> log_z = position_map_shows_softmax(s) ? position_map_row_log_normalizers(s) : std::vector<double>();
    const std::vector<double> got = position_map_pixels(s, {0, 0, 4097}, 64, MapFilter::point);
    for (int y = 0; y < 64; y += 7) {
        for (int x = 0; x < 64; x += 5) {
            const double h = 4097.0 / 64;
            const double want = position_map_shown_value(s, log_z, (long long)std::floor((y + 0.5) * h), (long long)std::floor((x + 0.5) * h));
            const double v = got[size_t(y) * 64 + x];
            if (std::isnan(want)) {
                EXPECT_TRUE(std::isnan(v));
            } else {
                EXPECT_NEAR(v, want, 1e-11 * std::max(1.0, std::fabs(want)));
            }
        }
    }
}

const MapCase kMaps[] = {
    {"sinusoidal", PositionMapKind::sinusoidal, false, AlibiMode::causal},
    {"rope", PositionMapKind::rope, false, AlibiMode::causal},
    {"rope_softmax", PositionMapKind::rope, true, AlibiMode::causal},
    {"alibi_causal", PositionMapKind::alibi, false, AlibiMode::causal},
    {"alibi_symmetric", PositionMapKind::alibi, false, AlibiMode::symmetric},
    {"alibi_causal_softmax", PositionMapKind::alibi, true, AlibiMode::causal},
    {"t5", PositionMapKind::t5, false, AlibiMode::causal},
    {"shaw", PositionMapKind::shaw, false, AlibiMode::causal},
};
INSTANTIATE_TEST_SUITE_P(AllMaps, FilteredMap, ::testing::ValuesIn(kMaps),
                         [](const ::testing::TestParamInfo<MapCase>& info) { return std::string(info.param.name); });

// The image by bands of rows (what the map view computes a few of per frame) is bit for bit the whole image, for
// every splitting: bands of one row, of 3 and 7 rows (an uneven last band), one band of every row, and uneven
// bands, from sums made of a profile given beforehand; each band writes its own rows and nothing past them. Values (Toeplitz), softmax and masked maps, box
// and point filters, and pixels smaller than a cell.
bool same_double(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

void expect_bands_equal_whole(const PositionMapSpec& s, const MapCellWindow& w, int pixels, MapFilter filter) {
    // The sums made from a profile computed beforehand (as the map view makes them) against the whole image's own.
    const std::vector<double> profile = position_map_full_profile(s);
    const std::shared_ptr<const PositionMapSums> sums = position_map_sums(s, nullptr, &profile);
    const std::vector<double> whole = position_map_pixels(s, w, pixels, filter);
    ASSERT_EQ(whole.size(), size_t(pixels) * size_t(pixels));
    std::vector<std::vector<int>> splittings;  // each: the band edges from 0 to pixels
    for (int rows : {1, 3, 7, pixels}) {
        std::vector<int> edges;
        for (int y = 0; y < pixels; y += rows) edges.push_back(y);
        edges.push_back(pixels);
        splittings.push_back(edges);
    }
    splittings.push_back({0, 0, 1, 2, 10, pixels / 2, pixels / 2, pixels - 1, pixels});  // uneven, empty bands too
    constexpr double kGuard = 12345.678;
    for (const std::vector<int>& edges : splittings) {
        std::vector<double> image(whole.size() + size_t(pixels), kGuard);  // one row of guard past the end
        for (size_t b = 0; b + 1 < edges.size(); ++b)
            position_map_pixel_rows(*sums, w, pixels, filter, edges[b], edges[b + 1], image.data() + size_t(edges[b]) * size_t(pixels));
        int failures = 0;
        for (size_t k = 0; k < whole.size() && failures < 5; ++k) {
            if (!same_double(image[k], whole[k])) {
                ADD_FAILURE() << "bands of " << edges[1] - edges[0] << " rows, pixel (" << k / pixels << ", " << k % pixels << "): "
                              << image[k] << " vs whole image " << whole[k];
                ++failures;
            }
        }
        for (size_t k = whole.size(); k < image.size(); ++k) EXPECT_EQ(image[k], kGuard) << "written past the last row";
    }
}

TEST(FilteredMapBands, EveryBandSplittingGivesTheWholeImageBitForBit) {
    struct BandCase {
        const char* name;
        PositionMapKind kind;
        bool softmax;
    };
    for (const BandCase& c : {BandCase{"rope", PositionMapKind::rope, false}, BandCase{"rope softmax", PositionMapKind::rope, true},
                              BandCase{"alibi causal", PositionMapKind::alibi, false},
                              BandCase{"alibi causal softmax", PositionMapKind::alibi, true}, BandCase{"t5", PositionMapKind::t5, false}}) {
        SCOPED_TRACE(c.name);
        PositionMapSpec s = spec_of({c.name, c.kind, c.softmax, AlibiMode::causal}, 4097);
        if (c.kind == PositionMapKind::alibi) {
            // Masked pixels above the diagonal, partly masked ones across it.
            const std::vector<double> px = position_map_pixels(s, {0, 0, 4097}, 50, MapFilter::box);
            ASSERT_TRUE(std::isnan(px[49]));
            ASSERT_FALSE(std::isnan(px[49 * 50]));
        }
        expect_bands_equal_whole(s, {0, 0, 4097}, 50, MapFilter::box);          // 81.94 cells per pixel
        expect_bands_equal_whole(s, {1000.25, 990.5, 777.75}, 23, MapFilter::box);  // across the diagonal
        expect_bands_equal_whole(s, {0, 0, 4097}, 50, MapFilter::point);
        expect_bands_equal_whole(s, {2000.5, 1990.25, 15.5}, 40, MapFilter::box);  // pixels smaller than a cell
    }
}

// Causal ALiBi: pixels wholly above the diagonal stay masked; pixels across it average their unmasked cells only.
TEST(FilteredMapMask, PixelsAboveTheDiagonalStayMaskedAndDiagonalPixelsAverageTheRest) {
    PositionMapSpec s;
    s.kind = PositionMapKind::alibi;
    s.mode = AlibiMode::causal;
    s.L = 37;
    const std::vector<double> px = position_map_pixels(s, {0, 0, 37}, 16, MapFilter::box);
    EXPECT_TRUE(std::isnan(px[15]));           // top right: rows 0..2.3, columns 34.7..37
    EXPECT_FALSE(std::isnan(px[15 * 16]));     // bottom left
    // Pixel (0, 0): rows and columns [0, 2.3125); unmasked cells (0,0), (1,0), (1,1), (2,0), (2,1), (2,2) with
    // weights 1, 1, 1, r, r, r² (r = 0.3125, the part of row and column 2 inside): Σ w·(−slope·(i − j)) / Σ w.
    const double slope = position_map_alibi_slope(s), r = 0.3125;
    const double num = -slope * (1.0 * 1 + r * 1 * 2 + r * 1 * 1 /* (2,1) */);
    const double den = 1 + 1 + 1 + r * 1 + r * 1 + r * r;
    EXPECT_NEAR(px[0], num / den, 1e-15);
}

TEST(FilteredMapWindow, BadWindowsAreRefusedWithAReason) {
    std::string why;
    EXPECT_TRUE(map_window_valid(100, {0, 0, 100}, &why));
    EXPECT_FALSE(map_window_valid(100, {0, 0, 0}, &why));
    EXPECT_NE(why.find("span"), std::string::npos);
    EXPECT_FALSE(map_window_valid(100, {-1, 0, 10}, &why));
    EXPECT_FALSE(map_window_valid(100, {95, 0, 10}, &why));
    EXPECT_NE(why.find("columns"), std::string::npos);
    EXPECT_FALSE(map_window_valid(100, {0, 90.5, 10}, &why));
    EXPECT_NE(why.find("rows"), std::string::npos);
    EXPECT_FALSE(map_window_valid(100, {NAN, 0, 10}, &why));
}

TEST(FilteredMapFilter, NamesParse) {
    MapFilter f = MapFilter::point;
    EXPECT_TRUE(parse_map_filter("box", &f));
    EXPECT_EQ(f, MapFilter::box);
    EXPECT_TRUE(parse_map_filter("point", &f));
    EXPECT_EQ(f, MapFilter::point);
    EXPECT_FALSE(parse_map_filter("gauss", &f));
}

}  // namespace
