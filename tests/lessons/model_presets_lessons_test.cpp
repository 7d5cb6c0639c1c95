// PE Lab — tests/lessons/model_presets_lessons_test.cpp
// preset=NAME on the lesson "long-context": picking a model preset sets the keys it gives (d,
// base, scaling, factor, original_max, seq_len, Llama 3's and YaRN's parameters) through apply_query, the
// one door of URLs, argv and the widget's edits; a key given explicitly in the same query wins; a scaling
// the lesson cannot draw (Phi-3's LongRoPE) is refused with a notice and the previous one kept.
#include <gtest/gtest.h>
#include <string>

#include "core/rope/model_presets.h"
#include "core/maps/position_map.h"
#include "lessons/lesson.h"
#include "lessons/state.h"

namespace {

using namespace pelab;

AppState opened(const KeyValues& kv, std::vector<ParamIssue>* issues = nullptr, const char* lesson = "long-context") {
    AppState state = default_state(Lang::en);
    KeyValues all = {{"lesson", lesson}};
    all.insert(all.end(), kv.begin(), kv.end());
    std::vector<ParamIssue> found = apply_query(all, &state);
    if (issues) *issues = found;
    return state;
}

TEST(PresetsOnLessons, LlamaThreeOneSetsTheLongContextKeys) {
    std::vector<ParamIssue> issues;
    const AppState s = opened({{"preset", "llama-3.1-8b"}}, &issues);
    EXPECT_TRUE(issues.empty()) << issues.front().message;
    const ModelPreset* p = find_model_preset("llama-3.1-8b");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(s.params.geti("d"), p->rotary_dim);
    EXPECT_EQ(s.params.getd("base"), p->base);
    EXPECT_EQ(s.params.gets("scaling"), "llama3");
    EXPECT_EQ(s.params.getd("factor"), p->factor);
    EXPECT_EQ(s.params.geti("original_max"), p->original_max);
    EXPECT_EQ(s.params.geti("seq_len"), p->extended_context);
    EXPECT_EQ(s.params.getd("low_freq_factor"), p->low_freq_factor);
    EXPECT_EQ(s.params.getd("high_freq_factor"), p->high_freq_factor);
    EXPECT_EQ(s.params.gets("preset"), "llama-3.1-8b");
}

TEST(PresetsOnLessons, ExplicitKeysWinAndLaterEditsApply) {
    AppState s = opened({{"preset", "deepseek-v3"}, {"base", "20000"}});
    EXPECT_EQ(s.params.getd("base"), 20000.0);            // explicit
    EXPECT_EQ(s.params.geti("d"), 64);                     // qk_rope_head_dim, from the preset
    EXPECT_EQ(s.params.getd("factor"), 40.0);              // needs the widened range (up to 64)
    EXPECT_EQ(s.params.gets("scaling"), "yarn");
    // The widget's edit of the preset alone (as app_apply sends it) sets the new model's keys.
    apply_query({{"preset", "gpt-neox-20b"}}, &s);
    EXPECT_EQ(s.params.geti("d"), 24);
    EXPECT_EQ(s.params.getd("base"), 10000.0);
    EXPECT_EQ(s.params.gets("scaling"), "none");
}

TEST(PresetsOnLessons, NoPresetLeavesTheDefaults) {
    const AppState plain = opened({});
    const AppState none = opened({{"preset", "none"}});
    EXPECT_EQ(plain.params.geti("d"), none.params.geti("d"));
    EXPECT_EQ(plain.params.getd("base"), none.params.getd("base"));
    EXPECT_EQ(plain.params.gets("scaling"), none.params.gets("scaling"));
}

TEST(PresetsOnLessons, ALongRopePresetKeepsTheDrawnScalingWithANotice) {
    std::vector<ParamIssue> issues;
    const AppState s = opened({{"preset", "phi-3-mini-128k"}}, &issues);
    ASSERT_FALSE(issues.empty());
    EXPECT_EQ(issues.front().key, "scaling");
    EXPECT_NE(s.params.gets("scaling"), "longrope");
    EXPECT_EQ(s.params.geti("d"), 96);
    EXPECT_EQ(s.params.geti("original_max"), 4096);
}

// The rope lesson: a preset sets the spectrum step's width and context and the lesson's base and
// layout, but not the small demo width d of steps 1–7 (a model's 128 would bury those figures).
TEST(PresetsOnLessons, RopeLessonTakesTheModelsSpectrumWidthAndContext) {
    std::vector<ParamIssue> issues;
    const AppState s = opened({{"preset", "llama-3.1-8b"}}, &issues, "rope");
    EXPECT_TRUE(issues.empty()) << issues.front().message;
    const ModelPreset* p = find_model_preset("llama-3.1-8b");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(s.params.geti("d_spectrum"), p->rotary_dim);
    EXPECT_EQ(s.params.geti("max_dist"), p->extended_context);
    EXPECT_EQ(s.params.getd("base"), p->base);
    EXPECT_EQ(s.params.gets("layout"), p->layout);
    const AppState plain = opened({}, nullptr, "rope");
    EXPECT_EQ(s.params.geti("d"), plain.params.geti("d"));  // no_preset_value
}

// The map page draws at most 65,536 positions: a longer context is brought down to the cap (the page's note
// says so) instead of being refused; an explicit L still wins; the DeepSeek mscales reach the map's scaling.
TEST(PresetsOnLessons, MapPageCapsTheContextAndKeepsExplicitKeys) {
    std::vector<ParamIssue> issues;
    const AppState s = opened({{"map", "rope"}, {"preset", "deepseek-v3"}}, &issues, "rope");
    EXPECT_TRUE(issues.empty()) << issues.front().message;
    ASSERT_NE(s.host, nullptr);  // the map page opened over the rope lesson
    const ModelPreset* p = find_model_preset("deepseek-v3");
    ASSERT_NE(p, nullptr);
    ASSERT_GT(p->extended_context, kPositionMapMaxL);
    EXPECT_EQ(s.params.geti("L"), kPositionMapMaxL);
    EXPECT_EQ(s.params.geti("d"), p->rotary_dim);
    EXPECT_EQ(s.params.gets("scaling"), "yarn");
    EXPECT_EQ(s.params.getd("factor"), p->factor);
    EXPECT_EQ(s.params.getd("mscale"), p->mscale);
    EXPECT_EQ(s.params.getd("mscale_all_dim"), p->mscale_all_dim);
    const AppState shorter = opened({{"map", "rope"}, {"preset", "deepseek-v3"}, {"L", "1024"}}, nullptr, "rope");
    EXPECT_EQ(shorter.params.geti("L"), 1024);
}

}  // namespace
