// PE Lab — tests/lessons/open_models_presets_lesson_test.cpp
// Lesson "open-models", its steps on released models: model-presets draws the selected preset's wavelengths 2π/θᵢ
// as core computes them (core/rope/model_presets.h) with its own trained and extended context as lines; the tables
// have one row per preset with its values and mark what sets a model apart and why a cell is empty; the notes'
// counts follow the preset; llama3-scaling counts Llama 3.1's pairs as its band rule treats them. The generic checks (texts,
// shapes, every parameter's range) live in battery_test.cpp.
#include <cmath>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/rope/model_presets.h"
#include "core/rope/rope.h"
#include "lesson_views.h"
#include "lessons/lesson.h"

namespace {

using namespace pelab;
using pelab_test::all_notes;
using pelab_test::step_views;

// A step of the lesson by its id (the steps were reordered, problem before fix; ids never change).
int presets_step(const char* id) { return step_number_of(*find_lesson("open-models"), id); }

TEST(OpenModelsPresets, EveryPresetDrawsItsWavelengthsAndContexts) {
    for (const ModelPreset& p : model_presets()) {
        SCOPED_TRACE(p.name);
        const auto v = step_views("open-models", presets_step("model-presets"), "preset=" + p.name);
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
    for (int step : {presets_step("presets-unscaled"), presets_step("presets-scaled")}) {
        const bool scaled = step == presets_step("presets-scaled");
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
            const Eigen::Index nope = column("no-position dims");
            for (Eigen::Index i = 0; i < table.values.rows(); ++i)
                if (table.row_labels[static_cast<std::size_t>(i)].find("DeepSeek-V3") != std::string::npos)
                    EXPECT_EQ(table.values(i, nope), 128.0);
        }
    }
    EXPECT_EQ(listed, model_presets().size());
}

// Each table marks what sets a model apart, computed from its numbers: a partial rotation, a base other
// than the one most of the table shares, a second base for local layers, a sliding window. An empty cell is "—"
// (no such setting) unless marked: "unknown" where the model has the setting but no source read gives it,
// "per pair" where LongRoPE has a list instead of one factor.
TEST(OpenModelsPresets, TheTablesMarkWhatSetsAModelApart) {
    auto marked = [](int step) {
        const auto v = step_views("open-models", step, "");
        const TableView& table = v[0].table();
        std::vector<std::string> out;  // "row label: word", in table order
        for (const CellMark& m : table.marks) {
            const std::string& label = table.col_labels[static_cast<std::size_t>(m.col)];
            const bool empty = std::isnan(table.values(m.row, m.col));
            if (m.word == "unknown" || m.word == "per pair") {
                EXPECT_FALSE(m.holds);
                EXPECT_TRUE(empty) << label;
            } else {
                EXPECT_TRUE(m.holds);
                EXPECT_FALSE(empty) << label;
            }
            if (m.word == "partial") EXPECT_EQ(label, "rotary dim");
            if (m.word == "larger base" || m.word == "smaller base") EXPECT_EQ(label, "base");
            if (m.word == "two bases") EXPECT_EQ(label, "local base");
            if (m.word == "sliding window") EXPECT_EQ(label, "window");
            if (m.word == "unknown") EXPECT_EQ(label, "trained");
            if (m.word == "per pair") EXPECT_EQ(label, "factor s");
            out.push_back(table.row_labels[static_cast<std::size_t>(m.row)] + ": " + m.word);
        }
        EXPECT_NE(all_notes(v).find("“—” alone: the model has no such setting"), std::string::npos) << all_notes(v);
        return out;
    };
    // Unscaled: GPT-NeoX turns 24 of 96, Mistral looks through a window of 4096 (its training length is not in the
    // sources read), Qwen2-VL's base is 10⁶ where the other four use 10⁴.
    EXPECT_EQ(marked(presets_step("presets-unscaled")),
              (std::vector<std::string>{"GPT-NeoX 20B: partial", "Mistral 7B v0.1: sliding window", "Mistral 7B v0.1: unknown",
                                        "Qwen2-VL 7B: larger base"}));
    // Scaled: Phi-3's LongRoPE has a factor per pair; DeepSeek-V3 turns 64 of 192; Gemma 3 has a local base and a
    // window, and its training length is not in the sources read; no base is shared by most (two models use 10⁴,
    // two 10⁶), so none is marked.
    EXPECT_EQ(marked(presets_step("presets-scaled")),
              (std::vector<std::string>{"Phi-3 mini 128k · LongRoPE: per pair", "DeepSeek-V3 · YaRN: partial",
                                        "Gemma 3 27B · linear: two bases", "Gemma 3 27B · linear: sliding window",
                                        "Gemma 3 27B · linear: unknown"}));
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
    const auto v = step_views("open-models", presets_step("model-presets"), "preset=llama-2-7b");
    EXPECT_NE(all_notes(v).find("Unscaled, " + std::to_string(beyond) + " pairs"), std::string::npos) << all_notes(v);
}

// llama3-scaling: Llama 3.1 8B's band rule (Hugging Face _compute_llama3_parameters, transcribed here): pairs whose
// wavelength exceeds L₀/φ_lo are divided by s, those below L₀/φ_hi kept, the others blended; the figure draws the
// wavelengths before and after with the two borders as lines, and the notes count the bands.
TEST(OpenModelsPresets, Llama31BandRuleCountsTheBands) {
    const ModelPreset* p = find_model_preset("llama-3.1-8b");
    ASSERT_NE(p, nullptr);
    const double L0 = p->original_max, lo = p->low_freq_factor, hi = p->high_freq_factor, s = p->factor;
    int divided = 0, kept = 0, between = 0;
    std::vector<double> after;
    for (int i = 0; i < p->rotary_dim / 2; ++i) {
        const double theta = std::pow(p->base, -2.0 * i / p->rotary_dim), lambda = kTwoPi / theta;
        double scaled = theta;
        if (lambda > L0 / lo) scaled = theta / s, ++divided;
        else if (lambda < L0 / hi) ++kept;
        else {
            const double g = (L0 / lambda - lo) / (hi - lo);
            scaled = (1 - g) * theta / s + g * theta;
            ++between;
        }
        after.push_back(kTwoPi / scaled);
    }
    const auto v = step_views("open-models", presets_step("llama3-scaling"), "");
    ASSERT_EQ(v.size(), 1u);
    const CurveView& c = v[0].curve();
    ASSERT_EQ(c.series.size(), 2u);
    ASSERT_EQ(c.series[1].size(), after.size());
    for (std::size_t i = 0; i < after.size(); ++i) EXPECT_NEAR(c.series[1][i] / after[i], 1.0, 1e-9) << i;
    EXPECT_EQ(c.hlines_y, (std::vector<double>{L0 / hi, L0 / lo}));
    EXPECT_EQ(divided, 29);
    EXPECT_EQ(kept, 29);
    EXPECT_NE(all_notes(v).find("The " + std::to_string(divided) + " pairs beyond"), std::string::npos) << all_notes(v);
    EXPECT_NE(all_notes(v).find("the " + std::to_string(kept) + " below"), std::string::npos) << all_notes(v);
    EXPECT_NE(all_notes(v).find("the " + std::to_string(between) + " between are blended"), std::string::npos) << all_notes(v);
}

// recap: one row per claim, each number the one its step shows (at the defaults).
TEST(OpenModelsPresets, TheRecapPutsTheClaimsSideBySide) {
    const Lesson* lesson = find_lesson("open-models");
    ASSERT_STREQ(lesson->steps.back().id, "recap");
    const auto v = step_views("open-models", presets_step("recap"), "");
    ASSERT_EQ(v.size(), 1u);
    const TableView& t = v[0].table();
    ASSERT_EQ(t.values.rows(), 6);
    ASSERT_EQ(t.values.cols(), 2);
    EXPECT_EQ(t.values(0, 0), 32);    // rotary_dim 32 of d = 128
    EXPECT_EQ(t.values(0, 1), 128);
    EXPECT_EQ(t.values(1, 0), 24);    // Gemma 3's bases in a window of 1024 (two-bases' table)
    EXPECT_EQ(t.values(1, 1), 36);
    EXPECT_NEAR(t.values(2, 0), 16, 1e-12);  // L = 16: query 15 gives token 0 1/16
    EXPECT_EQ(t.values(3, 0), 29);    // Llama 3.1 8B's pairs slowed by s, of its 64
    EXPECT_EQ(t.values(3, 1), 64);
    EXPECT_EQ(t.values(4, 0), 1);     // one row below in M-RoPE's ids, 4 merged tokens away in the flat order
    EXPECT_EQ(t.values(4, 1), 4);
    EXPECT_EQ(t.values(5, 0), 576);
    EXPECT_EQ(t.values(5, 1), 40960);
}

}  // namespace
