// PE Lab — tests/lessons/position_map_filter_lesson_test.cpp
// The map page's box filter: filter=box|point reaches the drawn map's spec on step 1, and step 2
// (aliasing) draws the same map point-sampled and box-filtered, with numbers that follow L: cells per pixel of
// a 512-pixel figure, and for the trigonometric maps the fastest pairs' apparent frequency under sampling
// (folded into [0, π]) and the amplitude the box mean leaves (the squared Dirichlet factor, checked here by
// averaging cos over the block directly).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/maps/position_map.h"
#include "lessons/lesson.h"

namespace {

using namespace pelab;

ParamSet page_params(std::initializer_list<std::pair<std::string, std::string>> kv) {
    const Lesson& lesson = position_map_lesson();
    ParamSet p = defaults(lesson.params);
    EXPECT_TRUE(parse_params(lesson.params, KeyValues(kv), &p).empty());
    return p;
}

TEST(PositionMapFilterPage, FilterKeyReachesTheDrawnMap) {
    const Lesson& lesson = position_map_lesson();
    for (const char* f : {"box", "point"}) {
        const std::vector<ViewData> v = lesson.steps[0].views(page_params({{"map", "rope"}, {"L", "4097"}, {"filter", f}}), Lang::en);
        ASSERT_EQ(v[0].kind(), ViewKind::PositionMap);
        EXPECT_EQ(v[0].map().map->spec.filter, std::string(f) == "box" ? MapFilter::box : MapFilter::point);
    }
    EXPECT_EQ(defaults(lesson.params).gets("filter"), "box");
}

TEST(PositionMapFilterPage, AliasingStepShowsBothFiltersOfTheSameMap) {
    const Lesson& lesson = position_map_lesson();
    ASSERT_GE(lesson.steps.size(), 4u);
    for (const std::string& map : position_map_names()) {
        const ParamSet p = page_params({{"map", map}, {"L", "65536"}});
        const std::vector<ViewData> v = lesson.steps[1].views(p, Lang::en);
        ASSERT_GE(v.size(), 2u) << map;
        ASSERT_EQ(v[0].kind(), ViewKind::PositionMap);
        ASSERT_EQ(v[1].kind(), ViewKind::PositionMap);
        const PositionMapView& point = *v[0].map().map;
        const PositionMapView& box = *v[1].map().map;
        EXPECT_EQ(point.spec.filter, MapFilter::point) << map;
        EXPECT_EQ(box.spec.filter, MapFilter::box) << map;
        EXPECT_EQ(point.spec.kind, box.spec.kind);
        EXPECT_EQ(point.spec.L, 65536);
        EXPECT_EQ(box.spec.L, 65536);
        EXPECT_EQ(point.lo, box.lo);
        EXPECT_EQ(point.hi, box.hi);
        // The step shows both filters, so it does not offer the key.
        const std::vector<std::string> keys = lesson.steps[1].keys_shown(p);
        EXPECT_EQ(std::count(keys.begin(), keys.end(), "filter"), 0) << map;
        // 65,536 cells on 512 pixels: 128 per pixel, 16,384 per pixel square.
        ASSERT_FALSE(v[0].notes.empty());
        EXPECT_NE(v[0].notes[0].find("128 × 128 = 16384"), std::string::npos) << v[0].notes[0];
    }
}

TEST(PositionMapFilterPage, AliasingTableFollowsSamplingAndTheBoxMean) {
    const Lesson& lesson = position_map_lesson();
    const std::vector<ViewData> v = lesson.steps[1].views(page_params({{"map", "sinusoidal"}, {"L", "8192"}, {"d", "64"}}), Lang::en);
    ASSERT_EQ(v.size(), 3u);
    ASSERT_EQ(v[2].kind(), ViewKind::Table);
    const Eigen::MatrixXd& t = v[2].table().values;
    const long long h = 8192 / 512;  // 16 cells per pixel
    for (Eigen::Index k = 0; k < t.rows(); ++k) {
        const double theta = t(k, 0);
        EXPECT_NEAR(theta, std::pow(10000.0, -2.0 * double(k) / 64.0), 1e-12);
        // Apparent frequency: θ·h modulo 2π, folded into [0, π].
        double folded = std::fmod(theta * double(h), 2 * M_PI);
        if (folded > M_PI) folded = 2 * M_PI - folded;
        EXPECT_NEAR(t(k, 1), folded, 1e-12);
        EXPECT_NEAR(t(k, 2), 2 * M_PI / folded, 1e-9 * t(k, 2));
        // Box mean of cos(θ(i − j)) over an h×h block centred on the diagonal, by direct summation.
        double sum = 0;
        for (long long i = 0; i < h; ++i)
            for (long long j = 0; j < h; ++j) sum += std::cos(theta * double(i - j));
        EXPECT_NEAR(t(k, 3), sum / double(h * h), 1e-12);
    }
}

}  // namespace
