// PE Lab — tests/lessons/position_map_lesson_test.cpp
// The long-sequence page (lessons/position_maps/) and its URL state: `map=` opens it over a lesson,
// URLs keep lesson=<host>&map=..., `lesson=` returns; every step builds its views for every map at
// L = 65,536 and at small L; the shown keys follow the chosen map; exports stay bounded.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "lessons/state.h"
#include "lessons/view_export.h"

namespace {

using namespace pelab;

TEST(PositionMapState, MapKeyOpensThePageOverTheLessonAndRoundTrips) {
    AppState s = default_state(Lang::en);
    EXPECT_TRUE(apply_query(split_query("lesson=rope&map=rope&L=65536&d=64"), &s).empty());
    EXPECT_EQ(s.lesson, &position_map_lesson());
    ASSERT_NE(s.host, nullptr);
    EXPECT_STREQ(s.host->id, "rope");
    EXPECT_STREQ(lesson_id(s), "rope");
    const std::string q = to_query(s);
    EXPECT_NE(q.find("lesson=rope&"), std::string::npos) << q;
    EXPECT_NE(q.find("map=rope"), std::string::npos) << q;
    EXPECT_NE(q.find("L=65536"), std::string::npos) << q;

    // The URL restores the same state from scratch.
    AppState again = default_state(Lang::en);
    EXPECT_TRUE(apply_query(split_query(q), &again).empty());
    EXPECT_EQ(to_query(again), q);

    // A partial change stays on the page; lesson= goes back to the lesson with its own parameters.
    EXPECT_TRUE(apply_query(split_query("map=t5&num_buckets=16"), &s).empty());
    EXPECT_EQ(s.lesson, &position_map_lesson());
    EXPECT_EQ(s.params.geti("L"), 65536);
    EXPECT_TRUE(apply_query(split_query("lesson=rope"), &s).empty());
    EXPECT_STREQ(s.lesson->id, "rope");
    EXPECT_EQ(s.host, nullptr);
    EXPECT_FALSE(s.params.has("map"));
}

// The map page is a registry entry outside the curriculum, opened by its key over a lesson, never by lesson=.
TEST(PositionMapState, IsAnOverlayEntryOfTheRegistry) {
    const Lesson* maps = &position_map_lesson();
    const auto& all = every_lesson();
    EXPECT_NE(std::find(all.begin(), all.end(), maps), all.end());
    const auto& curriculum = lesson_registry();
    EXPECT_EQ(std::find(curriculum.begin(), curriculum.end(), maps), curriculum.end());
    EXPECT_FALSE(maps->in_curriculum);
    EXPECT_EQ(find_overlay("map"), maps);
    EXPECT_EQ(find_overlay("lesson"), nullptr);
    EXPECT_EQ(find_lesson("position-maps"), nullptr);
    for (const Lesson* l : curriculum) {
        EXPECT_TRUE(l->in_curriculum) << l->id;
        EXPECT_EQ(find_lesson(l->id), l);
    }
    // Its menu item opens it over a lesson on the map that lesson teaches (rope for the others).
    ASSERT_TRUE(bool(maps->open_over));
    EXPECT_EQ(maps->open_over(*find_lesson("t5-bias")), (KeyValues{{"map", "t5"}}));
    EXPECT_EQ(maps->open_over(*find_lesson("f-delta")), (KeyValues{{"map", "rope"}}));
    EXPECT_STREQ(position_map_host_lesson(PositionMapKind::alibi), "beyond-training");
    // lesson=position-maps is refused like any unknown lesson; the state keeps its lesson.
    AppState s = default_state(Lang::en);
    const auto issues = apply_query(split_query("lesson=position-maps"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].key, "lesson");
    EXPECT_EQ(s.lesson, curriculum.front());
}

// Booleans are checkboxes: softmax and bidirectional are the shared Bool keys, still written as 0/1 in URLs.
TEST(PositionMapState, SoftmaxAndBidirectionalAreBooleans) {
    const Lesson& lesson = position_map_lesson();
    for (const ParamSpec& spec : lesson.params)
        if (spec.name == "softmax" || spec.name == "bidirectional") EXPECT_EQ(spec.kind, ParamKind::Bool) << spec.name;
    AppState s = default_state(Lang::en);
    EXPECT_TRUE(apply_query(split_query("lesson=beyond-training&map=alibi&softmax=1&bidirectional=0"), &s).empty());
    const std::string q = to_query(s);
    EXPECT_NE(q.find("&bidirectional=0&"), std::string::npos) << q;
    EXPECT_NE(q.find("&softmax=1"), std::string::npos) << q;
    const std::vector<ViewData> v = lesson.steps[0].views(s.params, Lang::en);
    ASSERT_FALSE(v.empty());
    EXPECT_FALSE(v[0].map().map->log_norm.empty());  // the row softmax is shown
    EXPECT_NE(v[0].title.find("row softmax"), std::string::npos) << v[0].title;
}

TEST(PositionMapState, BadMapValuesAreReportedAndFallBack) {
    AppState s = default_state(Lang::en);
    const auto issues = apply_query(split_query("lesson=shaw&map=nope&L=99999999&clip=-4"), &s);
    EXPECT_EQ(s.lesson, &position_map_lesson());
    std::set<std::string> keys;
    for (const ParamIssue& i : issues) keys.insert(i.key);
    EXPECT_EQ(keys, (std::set<std::string>{"map", "L", "clip"}));
    EXPECT_EQ(s.params.gets("map"), "rope");
    EXPECT_EQ(s.params.geti("L"), 65536);
}

TEST(PositionMapLesson, EveryStepBuildsForEveryMapAtLongAndShortL) {
    const Lesson& lesson = position_map_lesson();
    std::set<std::string> keys;
    for (const ParamSpec& p : lesson.params) keys.insert(p.name);
    for (const std::string& map : position_map_names()) {
        for (const char* L : {"65536", "3"}) {
            ParamSet p = defaults(lesson.params);
            ASSERT_TRUE(parse_params(lesson.params, {{"map", map}, {"L", L}}, &p).empty());
            for (size_t st = 0; st < lesson.steps.size(); ++st) {
                const Step& step = lesson.steps[st];
                for (const std::string& k : step.keys_shown(p)) EXPECT_TRUE(keys.count(k)) << map << " step " << st + 1 << " key " << k;
                const std::vector<ViewData> en = step.views(p, Lang::en), zh = step.views(p, Lang::zh);
                ASSERT_FALSE(en.empty()) << map << " L=" << L << " step " << st + 1;
                ASSERT_EQ(en.size(), zh.size()) << map << " L=" << L << " step " << st + 1;
                for (size_t k = 0; k < en.size(); ++k) {
                    // Both languages are written out: the titles differ, and only the Chinese one has CJK.
                    EXPECT_NE(en[k].title, zh[k].title) << map << " step " << st + 1 << " view " << k;
                    EXPECT_EQ(en[k].title.find("\xE7\x9A\x84"), std::string::npos);  // no "的" in English
                    EXPECT_TRUE(std::any_of(zh[k].title.begin(), zh[k].title.end(),
                                            [](char c) { return static_cast<unsigned char>(c) >= 0xE4; }))
                        << map << " step " << st + 1 << ": " << zh[k].title;
                }
                if (st == 0) {
                    // Step 1 draws the chosen map at the chosen L, titled by its name.
                    ASSERT_EQ(en[0].kind(), ViewKind::PositionMap);
                    const std::shared_ptr<const PositionMapView>& pm = en[0].map().map;
                    ASSERT_TRUE(pm);
                    EXPECT_STREQ(position_map_name(pm->spec.kind), map.c_str());
                    EXPECT_EQ(pm->spec.L, std::atoi(L));
                    const char* word = map == "sinusoidal" ? "sinusoidal" : map == "rope" ? "RoPE" : map == "alibi" ? "ALiBi"
                                     : map == "t5" ? "T5" : "Shaw";
                    EXPECT_NE(en[0].title.find(word), std::string::npos) << en[0].title;
                }
            }
        }
    }
}

TEST(PositionMapLesson, ShownKeysFollowTheMapAndTheScaling) {
    const Lesson& lesson = position_map_lesson();
    ParamSet p = defaults(lesson.params);
    parse_params(lesson.params, {{"map", "rope"}, {"scaling", "yarn"}}, &p);
    std::vector<std::string> k = lesson.steps[0].keys_shown(p);
    EXPECT_NE(std::find(k.begin(), k.end(), "beta_fast"), k.end());
    EXPECT_EQ(std::find(k.begin(), k.end(), "clip"), k.end());
    parse_params(lesson.params, {{"map", "shaw"}}, &p);
    k = lesson.steps[0].keys_shown(p);
    EXPECT_EQ(k, (std::vector<std::string>{"map", "L", "filter", "clip"}));
}

TEST(PositionMapLesson, ExportIsTheVisibleWindowAndBounded) {
    const Lesson& lesson = position_map_lesson();
    ParamSet p = defaults(lesson.params);
    parse_params(lesson.params, {{"map", "shaw"}, {"clip", "2"}}, &p);
    const ViewData v = lesson.steps[0].views(p, Lang::en)[0];
    ASSERT_EQ(v.kind(), ViewKind::PositionMap);
    AppState s = default_state(Lang::en);
    const double window[3] = {100.0, 98.0, 3.5};  // columns 100.., rows 98..: Δ = j − i = 2 on the diagonal
    const std::string csv = export_view(v, s, ExportFormat::csv, window);
    // 5 cells per side (span 3.5 starting inside a cell, plus one), labels first.
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 6) << csv;
    EXPECT_NE(csv.find("98,4,4,4,4,4"), std::string::npos) << csv;  // row 98: j − i ≥ 2 → clip 2 + 2
    const std::string whole = export_view(v, s, ExportFormat::json, nullptr);
    EXPECT_NE(whole.find("\"shape\":[256,256]"), std::string::npos);
}

}  // namespace
