// PE Lab — tests/core/rope_params_test.cpp
// The two parser extensions of the rotary quantities (params.h): a list whose length is the *value* of an Int
// (list_len_is_value, e.g. q has d numbers) and Int values restricted to multiples (multiple_of).
#include "core/io/params.h"
#include "gtest/gtest.h"

namespace rope_params_test {  // named: a unity batch may hold params_test.cpp, whose specs() is another

using namespace pelab;

std::vector<ParamSpec> specs() {
    ParamSpec d;
    d.name = "d";
    d.kind = ParamKind::Int;
    d.min = 2;
    d.max = 16;
    d.default_text = "4";
    d.multiple_of = 2;
    ParamSpec q;
    q.name = "q";
    q.kind = ParamKind::RealList;
    q.min = -10;
    q.max = 10;
    q.list_min = 1;
    q.list_max = 16;
    q.list_len_of = "d";
    q.list_len_is_value = true;
    q.list_fallback = "1,0";
    q.default_text = "1,0,1,0";
    return {d, q};
}

TEST(ParamsIntLink, DescribeRange) {
    EXPECT_EQ(describe_range(specs()[0]), "2..16, multiple of 2");
    EXPECT_EQ(describe_range(specs()[1]), "list of d numbers in -10..10");
}

TEST(ParamsIntLink, ListFollowsTheIntValueSilentlyWhenDefault) {
    ParamSet set = defaults(specs());
    EXPECT_TRUE(parse_params(specs(), {{"d", "6"}}, &set).empty());
    EXPECT_EQ(set.getv("q"), (std::vector<double>{1, 0, 1, 0, 1, 0}));
    ParamSet strict = defaults(specs());
    EXPECT_TRUE(parse_params_strict(specs(), {{"d", "8"}}, &strict).empty());
    EXPECT_EQ(strict.getv("q").size(), 8u);
}

TEST(ParamsIntLink, WrongLengthIsReported) {
    ParamSet set = defaults(specs());
    const auto issues = parse_params_strict(specs(), {{"d", "6"}, {"q", "1,2"}}, &set);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "q: has 2 numbers, but d is 6, so q needs 6 (list of d numbers in -10..10)");
    ParamSet lenient = defaults(specs());
    const auto repaired = parse_params(specs(), {{"q", "1,2"}}, &lenient);
    ASSERT_EQ(repaired.size(), 1u);
    EXPECT_EQ(lenient.getv("q"), (std::vector<double>{1, 0, 1, 0}));
}

TEST(ParamsIntLink, MultipleOf) {
    ParamValue v;
    std::string why;
    EXPECT_FALSE(parse_value(specs()[0], "5", &v, &why));
    EXPECT_EQ(why, "d: \"5\" is not a multiple of 2 (2..16, multiple of 2)");
    EXPECT_TRUE(parse_value(specs()[0], "6", &v, &why));
    EXPECT_EQ(why, "");
    // Out of range but even: clamped as usual.
    EXPECT_TRUE(parse_value(specs()[0], "40", &v, &why));
    EXPECT_EQ(v.nums[0], 16);
}

}  // namespace rope_params_test
