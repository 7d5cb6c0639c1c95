// PE Lab — tests/lessons/view_text_test.cpp
// describe_view (lessons/view_text.h): the words for the text mirror and the print view say the numbers the
// figure draws, for hand-built payloads of every kind, in both languages, and survive empty payloads.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "lessons/bilingual.h"
#include "lessons/lesson.h"
#include "lessons/view_text.h"

namespace {

using namespace pelab;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

ViewData two_arrow_dial() {
    PhasorView p;
    PhasorView::Dial dial;
    dial.caption = "pair 0";
    dial.arrows.push_back({2.1, 1, "q"});
    dial.arrows.push_back({0.6, 1, "k"});
    dial.arcs.push_back({1, 0, "1.5 rad"});
    p.dials.push_back(dial);
    return make_view("dials", p);
}

TEST(ViewText, PhasorGivesEachArrowAndTheAngleBetween) {
    const std::string en = describe_view(two_arrow_dial(), Lang::en);
    EXPECT_TRUE(has(en, "Dial 0 (pair 0): q at 2.1 rad (120°), k at 0.6 rad (34°).")) << en;
    EXPECT_TRUE(has(en, "The angle from k to q is 1.5 rad (86°), marked 1.5 rad.")) << en;
    const std::string zh = describe_view(two_arrow_dial(), Lang::zh);
    EXPECT_TRUE(has(zh, "刻度盘 0（pair 0）：q 指向 2.1 rad（120°），k 指向 0.6 rad（34°）。")) << zh;
    EXPECT_TRUE(has(zh, "从 k 到 q 的夹角是 1.5 rad（86°）")) << zh;
    EXPECT_TRUE(take_text_problems().empty());
}

TEST(ViewText, PhasorAnglesAreWrappedToOneTurnAndArcsTakeTheShortWay) {
    PhasorView p;
    PhasorView::Dial dial;
    dial.arrows.push_back({-0.5, 1, ""});
    dial.arrows.push_back({0.5 + 4 * M_PI, 1, "b"});
    dial.arcs.push_back({0, 1, ""});
    p.dials.push_back(dial);
    const std::string en = describe_view(make_view("t", p), Lang::en);
    EXPECT_TRUE(has(en, "arrow 0 at 5.78 rad (331°), b at 0.5 rad (29°).")) << en;
    EXPECT_TRUE(has(en, "The angle from arrow 0 to b is 1 rad (57°).")) << en;
}

ViewData eight_pair_odometer() {
    OdometerView o;
    for (int i = 0; i < 8; ++i) o.theta.push_back(std::pow(10000.0, -double(i) / 8.0));
    o.train_length = 2048;
    for (double t : o.theta) o.turns_in_training.push_back(o.train_length * t / (2 * M_PI));
    o.position = 37;
    o.binary_bits = 6;
    return make_view("odometer", o);
}

TEST(ViewText, OdometerNamesThePairsThatNeverTurnedInTraining) {
    const ViewData v = eight_pair_odometer();
    // 2048·θᵢ/2π < 1 from θᵢ < 2π/2048 ≈ 0.00307: 10000^(−5/8) = 0.00316 still turns, 10000^(−6/8) does not.
    const std::string en = describe_view(v, Lang::en);
    EXPECT_TRUE(has(en, "Pairs 6–7 of 8 (2 pairs) never completed a turn in 2048 training positions")) << en;
    EXPECT_TRUE(has(en, "at position p = 37")) << en;
    EXPECT_TRUE(has(en, "Needles: pair 0 at 5.58 rad, pair 1 at ")) << en;  // 37 mod 2π = 5.584…
    const std::string zh = describe_view(v, Lang::zh);
    EXPECT_TRUE(has(zh, "8 对中的第 6–7 对（共 2 对）在 2048 个训练位置里没有转满一圈")) << zh;
    EXPECT_TRUE(has(en, "Binary counter: 37 in 6 bits is 100101")) << en;
    EXPECT_TRUE(take_text_problems().empty());
}

// A shaded span that is not a training length (absolute-pe's counter of positions 0…2^bits) is not called training.
TEST(ViewText, OdometerSpanThatIsNotTraining) {
    ViewData v = eight_pair_odometer();
    std::get<OdometerView>(v.figure).span_is_training = false;
    const std::string en = describe_view(v, Lang::en);
    EXPECT_TRUE(has(en, "Shaded: the arc swept by positions 0…2048; 2 of the 8 pairs make no full turn within them.")) << en;
    EXPECT_FALSE(has(en, "training")) << en;
    const std::string zh = describe_view(v, Lang::zh);
    EXPECT_TRUE(has(zh, "阴影是位置 0…2048 扫过的弧；8 对中有 2 对在这段位置里没有转满一圈。")) << zh;
    EXPECT_FALSE(has(zh, "训练")) << zh;
    EXPECT_TRUE(take_text_problems().empty());
}

TEST(ViewText, OdometerWithEveryPairTurnedAndASecondNeedle) {
    OdometerView o;
    o.theta = {1.0, 0.5};
    o.turns_in_training = {10, 5};
    o.train_length = 64;
    o.position = 3;
    o.theta_scaled = {0.5, 0.25};
    o.scaled_label = "PI";
    const std::string en = describe_view(make_view("o", o), Lang::en);
    EXPECT_TRUE(has(en, "Every one of the 2 pairs completed at least one turn in 64 training positions.")) << en;
    EXPECT_TRUE(has(en, "Second needle (PI): pair 0 at 1.5 rad, pair 1 at 0.75 rad.")) << en;
    EXPECT_TRUE(has(en, "Needles: pair 0 at 3 rad, pair 1 at 1.5 rad.")) << en;
}

TEST(ViewText, CurveGivesAxesSeriesAndMarkerLines) {
    CurveView c;
    c.x = {1, 10, 100};
    c.series = {{3, 2, 1}, {0.5, 4, NAN}};
    c.series_labels = {"decay", "bound"};
    c.x_axis = "distance Δ";
    c.y_axis = "score";
    c.log_x = true;
    c.hlines_y = {2048};
    c.hline_labels = {"training length"};
    const std::string en = describe_view(make_view("c", c), Lang::en);
    EXPECT_TRUE(has(en, "Plotted against distance Δ, from 1 to 100. Vertical axis: score. The horizontal axis is logarithmic.")) << en;
    EXPECT_TRUE(has(en, "decay goes from 3 to 1, smallest 1, largest 3.")) << en;
    EXPECT_TRUE(has(en, "bound goes from 0.5 to 4, smallest 0.5, largest 4.")) << en;
    EXPECT_TRUE(has(en, "Horizontal line at 2048: training length.")) << en;
    const std::string zh = describe_view(make_view("c", c), Lang::zh);
    EXPECT_TRUE(has(zh, "横轴是对数刻度。")) << zh;
}

TEST(ViewText, HeatmapAndTableGiveShapeAndExtremes) {
    HeatmapView h;
    h.values = RowMatrix(2, 3);
    h.values << 1, -4, 2, 9, 0, NAN;
    h.row_axis = "query q";
    h.col_axis = "key k";
    const std::string en = describe_view(make_view("h", h), Lang::en);
    EXPECT_TRUE(has(en, "2 rows by 3 columns: query q down, key k across.")) << en;
    EXPECT_TRUE(has(en, "The smallest value, −4, is at row 0, column 1; the largest, 9, at row 1, column 0.")) << en;
    TableView t;
    t.values = RowMatrix(1, 2);
    t.values << 5, 7;
    t.row_labels = {"RoPE"};
    t.col_labels = {"a", "b"};
    const std::string zh = describe_view(make_view("t", t), Lang::zh);
    EXPECT_TRUE(has(zh, "最小值 5 位于行 RoPE、列 a")) << zh;
}

// A table's marked cells are said with their value and word, in both languages.
TEST(ViewText, TableSaysItsMarkedCells) {
    TableView t;
    t.values = RowMatrix(2, 2);
    t.values << 0.25, 1, -0.5, 0;
    t.row_labels = {"sinusoidal", "RoPE"};
    t.col_labels = {"orthogonal", "relative"};
    t.marks = {{0, 1, false, "not relative"}, {1, 1, true, "relative"}};
    const std::string en = describe_view(make_view("t", t), Lang::en);
    EXPECT_TRUE(has(en, "Marked: row sinusoidal, column relative (1): not relative.")) << en;
    EXPECT_TRUE(has(en, "Marked: row RoPE, column relative (0): relative.")) << en;
    t.marks = {{0, 1, false, "不是相对的"}};
    const std::string zh = describe_view(make_view("t", t), Lang::zh);
    EXPECT_TRUE(has(zh, "标出的格子：行 sinusoidal、列 relative（1）：不是相对的。")) << zh;
}

TEST(ViewText, BarsNameTheShortestAndTheLongest) {
    BarsView b;
    b.labels = {"embedding add", "full bias", "RoPE"};
    b.values = {2.5, 180, NAN};
    b.value_axis = "fastest run (µs)";
    const std::string en = describe_view(make_view("b", b), Lang::en);
    EXPECT_EQ(en, "3 bars of fastest run (µs): the shortest is embedding add (2.5), the longest full bias (180).");
    b.value_axis = "最快一次（µs）";
    const std::string zh = describe_view(make_view("b", b), Lang::zh);
    EXPECT_TRUE(has(zh, "最短的是embedding add（2.5），最长的是full bias（180）")) << zh;
}

TEST(ViewText, EmptyPayloadsGiveASentence) {
    for (Lang lang : {Lang::en, Lang::zh}) {
        EXPECT_FALSE(describe_view(make_view("p", PhasorView{}), lang).empty());
        EXPECT_FALSE(describe_view(make_view("o", OdometerView{}), lang).empty());
        EXPECT_FALSE(describe_view(make_view("c", CurveView{}), lang).empty());
        EXPECT_FALSE(describe_view(make_view("h", HeatmapView{}), lang).empty());
        EXPECT_FALSE(describe_view(make_view("m", MapView{}), lang).empty());
        EXPECT_FALSE(describe_view(make_view("b", BarsView{}), lang).empty());
    }
    // Arcs naming arrows that do not exist are left out, not read out of bounds.
    PhasorView p;
    p.dials.push_back({"", {{1.0, 1, "q"}}, {{0, 5, "bad"}}});
    EXPECT_EQ(describe_view(make_view("p", p), Lang::en), "Dial 0: q at 1 rad (57°).");
    EXPECT_TRUE(take_text_problems().empty());
}

}  // namespace
