// PE Lab — tests/lessons/model_presets_lessons_test.cpp
// preset=NAME on the lesson "long-context" (issue 13): picking a model preset sets the keys it gives (d,
// base, scaling, factor, original_max, seq_len, Llama 3's and YaRN's parameters) through apply_query, the
// one door of URLs, argv and the widget's edits; a key given explicitly in the same query wins; a scaling
// the lesson cannot draw (Phi-3's LongRoPE) is refused with a notice and the previous one kept.
#include <gtest/gtest.h>
#include <string>

#include "core/model_presets.h"
#include "lessons/lesson.h"
#include "lessons/state.h"

namespace {

using namespace pelab;

AppState opened(const KeyValues& kv, std::vector<ParamIssue>* issues = nullptr) {
    AppState state = default_state(Lang::en);
    KeyValues all = {{"lesson", "long-context"}};
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

}  // namespace
