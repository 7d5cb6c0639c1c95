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
        const auto v = step_views("open-models", 12, "preset=" + p.name);  // model-presets
        ASSERT_EQ(v.size(), 1u);
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

// The two table steps (presets-unscaled, presets-scaled) together list every preset once, in core's order within
// each; a column is found by its label, since a table leaves out the columns its models do not fill.
TEST(OpenModelsPresets, TheTableListsEveryPreset) {
    std::size_t listed = 0;
    for (int step : {13, 14}) {
        const bool scaled = step == 14;
        const auto v = step_views("open-models", step, "");
        ASSERT_EQ(v.size(), 1u);
        const TableView& table = v[0].table();
        EXPECT_LE(table.values.rows(), 8) << step;  // one screen's table
        auto column = [&](const std::string& label) {
            for (std::size_t c = 0; c < table.col_labels.size(); ++c)
                if (table.col_labels[c] == label) return static_cast<Eigen::Index>(c);
            ADD_FAILURE() << label;
            return Eigen::Index(0);
        };
        const Eigen::Index head = column("head dim"), rotary = column("rotary dim"), base = column("base"),
                           extended = column(scaled ? "extended" : "max length");
        Eigen::Index r = 0;
        for (const ModelPreset& p : model_presets()) {
            if ((p.scaling != "none") != scaled) continue;
            ASSERT_LT(r, table.values.rows()) << p.name;
            EXPECT_EQ(table.values(r, head), p.head_dim) << p.name;
            EXPECT_EQ(table.values(r, rotary), p.rotary_dim) << p.name;
            EXPECT_EQ(table.values(r, base), p.base) << p.name;
            EXPECT_EQ(table.values(r, extended), p.extended_context) << p.name;
            EXPECT_NE(table.row_labels[static_cast<std::size_t>(r)].find(p.display), std::string::npos);
            ++r;
        }
        EXPECT_EQ(r, table.values.rows());
        listed += static_cast<std::size_t>(r);
        EXPECT_NE(all_notes(v).find(std::to_string(r) + " models"), std::string::npos) << all_notes(v);
        if (scaled) {
            const Eigen::Index nope = column("nope dims");
            for (Eigen::Index i = 0; i < table.values.rows(); ++i)
                if (table.row_labels[static_cast<std::size_t>(i)].find("DeepSeek-V3") != std::string::npos)
                    EXPECT_EQ(table.values(i, nope), 128.0);
        }
    }
    EXPECT_EQ(listed, model_presets().size());
}

// Each table marks what sets a model apart, computed from its numbers (issue 24): a partial rotation, a base other
// than the one most of the table shares, a second base for local layers, a sliding window.
TEST(OpenModelsPresets, TheTablesMarkWhatSetsAModelApart) {
    auto marked = [](int step) {
        const auto v = step_views("open-models", step, "");
        const TableView& table = v[0].table();
        std::vector<std::string> out;  // "row label: word", in table order
        for (const CellMark& m : table.marks) {
            EXPECT_TRUE(m.holds);
            const std::string& label = table.col_labels[static_cast<std::size_t>(m.col)];
            if (m.word == "partial") EXPECT_EQ(label, "rotary dim");
            if (m.word == "larger base" || m.word == "smaller base") EXPECT_EQ(label, "base");
            if (m.word == "two bases") EXPECT_EQ(label, "local base");
            if (m.word == "sliding window") EXPECT_EQ(label, "window");
            out.push_back(table.row_labels[static_cast<std::size_t>(m.row)] + ": " + m.word);
        }
        return out;
    };
    // Unscaled: GPT-NeoX turns 24 of 96, Mistral looks through a window of 4096, Qwen2-VL's base is 10⁶ where the
    // other four use 10⁴.
    EXPECT_EQ(marked(13), (std::vector<std::string>{"GPT-NeoX 20B: partial", "Mistral 7B v0.1: sliding window",
                                                    "Qwen2-VL 7B: larger base"}));
    // Scaled: DeepSeek-V3 turns 64 of 192; Gemma 3 has a local base and a window; no base is shared by most (two
    // models use 10⁴, two 10⁶), so none is marked.
    EXPECT_EQ(marked(14), (std::vector<std::string>{"DeepSeek-V3 · yarn: partial", "Gemma 3 27B · linear: two bases",
                                                    "Gemma 3 27B · linear: sliding window"}));
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
    const auto v = step_views("open-models", 12, "preset=llama-2-7b");
    EXPECT_NE(all_notes(v).find("Unscaled, " + std::to_string(beyond) + " pairs"), std::string::npos) << all_notes(v);
}

}  // namespace
