// PE Lab — tests/lessons/open_models_presets_lesson_test.cpp
// Lesson "open-models", its step model-presets: the figure draws the selected preset's wavelengths 2π/θᵢ
// as core computes them (core/model_presets.h) with its own trained and extended context as lines; the table
// has one row per preset with its values; the notes' counts follow the preset. The generic checks (texts,
// shapes, every parameter's range) live in battery_test.cpp.
#include <cmath>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/model_presets.h"
#include "core/rope.h"
#include "lesson_views.h"
#include "lessons/lesson.h"

namespace {

using namespace pelab;
using pelab_test::all_notes;
using pelab_test::step_views;

TEST(OpenModelsPresets, EveryPresetDrawsItsWavelengthsAndContexts) {
    for (const ModelPreset& p : model_presets()) {
        SCOPED_TRACE(p.name);
        const auto v = step_views("open-models", 7, "preset=" + p.name);
        ASSERT_EQ(v.size(), 2u);
        const CurveView& curve = v[0].curve();
        ASSERT_EQ(curve.x.size(), static_cast<std::size_t>(p.rotary_dim / 2));
        const Eigen::VectorXd plain = rope_default_inv_freq(p.rotary_dim, p.base);
        for (int i = 0; i < plain.size(); ++i) EXPECT_NEAR(curve.series[0][static_cast<std::size_t>(i)], kTwoPi / plain(i), 1e-9);
        if (p.scaling != "none" && p.scaling != "longrope") {
            ASSERT_GE(curve.series.size(), 2u);
            const std::vector<double> theta = preset_inv_freq(p);
            for (std::size_t i = 0; i < theta.size(); ++i) EXPECT_NEAR(curve.series[1][i], kTwoPi / theta[i], 1e-9 * curve.series[1][i]);
        }
        bool extended = false, trained = p.trained_context == 0;
        for (double y : curve.hlines_y) {
            extended = extended || y == p.extended_context;
            trained = trained || y == p.trained_context;
        }
        EXPECT_TRUE(extended);
        EXPECT_TRUE(trained);
        EXPECT_NE(all_notes(v).find(p.display), std::string::npos);
    }
}

TEST(OpenModelsPresets, TheTableListsEveryPreset) {
    const auto v = step_views("open-models", 7, "preset=deepseek-v3");
    const TableView& table = v[1].table();
    ASSERT_EQ(static_cast<std::size_t>(table.values.rows()), model_presets().size());
    for (std::size_t r = 0; r < model_presets().size(); ++r) {
        const ModelPreset& p = model_presets()[r];
        EXPECT_EQ(table.values(static_cast<Eigen::Index>(r), 0), p.head_dim) << p.name;
        EXPECT_EQ(table.values(static_cast<Eigen::Index>(r), 1), p.rotary_dim) << p.name;
        EXPECT_EQ(table.values(static_cast<Eigen::Index>(r), 3), p.base) << p.name;
        EXPECT_EQ(table.values(static_cast<Eigen::Index>(r), 8), p.extended_context) << p.name;
        EXPECT_NE(table.row_labels[r].find(p.display), std::string::npos);
    }
    EXPECT_NE(all_notes(v).find("DeepSeek-V3"), std::string::npos);
}

// The counts in the notes are those of the drawn wavelengths: Llama 2 7B (base 10000, d = 128, trained 4096).
TEST(OpenModelsPresets, NotesCountThePairsBeyondTheContext) {
    const ModelPreset* p = find_model_preset("llama-2-7b");
    ASSERT_NE(p, nullptr);
    const Eigen::VectorXd theta = rope_default_inv_freq(p->rotary_dim, p->base);
    int beyond = 0;
    for (int i = 0; i < theta.size(); ++i) beyond += kTwoPi / theta(i) > p->trained_context ? 1 : 0;
    EXPECT_GT(beyond, 0);
    EXPECT_LT(beyond, theta.size());
    const auto v = step_views("open-models", 7, "preset=llama-2-7b");
    EXPECT_NE(all_notes(v).find("Unscaled, " + std::to_string(beyond) + " pairs"), std::string::npos) << all_notes(v);
}

}  // namespace
