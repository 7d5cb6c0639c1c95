// PE Lab — tests/core/params_test.cpp
// The one parser behind URL hash, argv and CLI: splitting/decoding, the number grammar, clamping,
// messages that name key and range, length links, the strict CLI variant, and hostile input.
#include <cmath>
#include <limits>

#include "core/relative/f_delta.h"
#include "core/io/params.h"
#include "core/random.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

std::vector<ParamSpec> specs() { return {f_delta_spec_L(), f_delta_spec_omega(), f_delta_spec_v()}; }

const char* const kOmegaDefault = "1.5707963267948966,1.0471975511965976";

struct Parsed {
    ParamSet set;
    std::vector<ParamIssue> issues;
};

Parsed parse(const std::string& query) {
    Parsed p;
    p.set = defaults(specs());
    p.issues = parse_params(specs(), split_query(query), &p.set);
    return p;
}

std::string list_text(const std::vector<double>& v) {
    std::string s;
    for (double x : v) s += (s.empty() ? "" : ",") + format_number(x);
    return s;
}

// [SECTION] split_query / join_query
TEST(SplitQuery, SkipsHashOrQuestionMarkAndDecodes) {
    EXPECT_EQ(split_query("#L=4&omega=1,2"), (KeyValues{{"L", "4"}, {"omega", "1,2"}}));
    EXPECT_EQ(split_query("?L=4"), (KeyValues{{"L", "4"}}));
    EXPECT_EQ(split_query("L%3D=%2C1+2"), (KeyValues{{"L=", ",1 2"}}));
    EXPECT_EQ(split_query("a=%zz%4"), (KeyValues{{"a", "%zz%4"}}));  // invalid escapes stay literal
    EXPECT_EQ(split_query("a=1&&b=2&"), (KeyValues{{"a", "1"}, {"b", "2"}}));
    EXPECT_EQ(split_query("flag&=5"), (KeyValues{{"flag", ""}, {"", "5"}}));
    EXPECT_EQ(split_query("a=x=y"), (KeyValues{{"a", "x=y"}}));
    const KeyValues nul = split_query("a%00b=1%00");
    ASSERT_EQ(nul.size(), 1u);
    EXPECT_EQ(nul[0].first, std::string("a\0b", 3));
    EXPECT_EQ(nul[0].second, std::string("1\0", 2));
    EXPECT_TRUE(split_query("").empty());
    EXPECT_TRUE(split_query("#").empty());
}

TEST(SplitQuery, JoinRoundTrips) {
    const KeyValues kv = {{"lesson", "f-delta"}, {"omega", "1.5,-2e-3"}, {"odd key", "a&b=c+d%e#f"},
                          {"zh", "位置"}, {"nul", std::string("x\0y", 3)}};
    const std::string joined = join_query(kv);
    EXPECT_EQ(joined.find(' '), std::string::npos);
    EXPECT_NE(joined.find("omega=1.5,-2e-3"), std::string::npos);  // commas stay readable
    EXPECT_EQ(split_query(joined), kv);
    EXPECT_EQ(split_query("#" + joined), kv);
}

// [SECTION] format_number / describe_range
TEST(FormatNumber, ShortestRoundTrip) {
    EXPECT_EQ(format_number(4), "4");
    EXPECT_EQ(format_number(0.1), "0.1");
    EXPECT_EQ(format_number(-0.0), "0");
    EXPECT_EQ(format_number(1.5707963267948966), "1.5707963267948966");
    EXPECT_EQ(format_number(1e300), "1e+300");
    SplitMix64 rng(3);
    for (int i = 0; i < 1000; ++i) {
        const double x = rng.next_signed() * std::pow(10.0, static_cast<int>(rng.next_u64() % 40) - 20);
        EXPECT_EQ(std::strtod(format_number(x).c_str(), nullptr), x);
    }
}

TEST(DescribeRange, AllKinds) {
    EXPECT_EQ(describe_range(f_delta_spec_L()), "1..64");
    EXPECT_EQ(describe_range(f_delta_spec_omega()), "list of 1..8 numbers in -100..100");
    EXPECT_EQ(describe_range(f_delta_spec_v()), "list of 2*len(omega) numbers in -100..100");
    ParamSpec choice;
    choice.name = "c";
    choice.kind = ParamKind::Choice;
    choice.choices = {"a", "b"};
    EXPECT_EQ(describe_range(choice), "one of a|b");
    ParamSpec real;
    real.kind = ParamKind::Real;
    real.min = -0.5;
    real.max = 2.5;
    EXPECT_EQ(describe_range(real), "-0.5..2.5");
}

// [SECTION] parse_value
TEST(ParseValue, IntAcceptsWholeNumbersOnly) {
    const ParamSpec L = f_delta_spec_L();
    ParamValue v;
    std::string why;
    for (const char* ok : {"4", "4.0", " 4 ", "+4", "4e0", "40e-1"}) {
        EXPECT_TRUE(parse_value(L, ok, &v, &why)) << ok;
        EXPECT_EQ(v.nums, std::vector<double>{4}) << ok;
        EXPECT_EQ(why, "") << ok;
    }
    EXPECT_FALSE(parse_value(L, "4.5", &v, &why));
    EXPECT_EQ(why, "L: \"4.5\" is not a whole number (1..64)");
    for (const char* bad : {"", "abc", "4x", "0x10", "--4", "4,5", ".", "e5", "1e", "nan", "inf", "-inf", "1e999",
                            "Infinity", "NaN"}) {
        why.clear();
        EXPECT_FALSE(parse_value(L, bad, &v, &why)) << bad;
        EXPECT_EQ(why.rfind("L: ", 0), 0u) << why;
        EXPECT_NE(why.find("1..64"), std::string::npos) << why;
    }
    EXPECT_FALSE(parse_value(L, "1e999", &v, &why));
    EXPECT_EQ(why, "L: \"1e999\" is not a finite number (1..64)");
}

TEST(ParseValue, OutOfRangeClampsAndExplains) {
    const ParamSpec L = f_delta_spec_L();
    ParamValue v;
    std::string why;
    EXPECT_TRUE(parse_value(L, "500", &v, &why));
    EXPECT_EQ(v.nums, std::vector<double>{64});
    EXPECT_EQ(why, "L: 500 is out of range 1..64");
    EXPECT_TRUE(parse_value(L, "-3", &v, &why));
    EXPECT_EQ(v.nums, std::vector<double>{1});
    EXPECT_TRUE(parse_value(L, "1e300", &v, &why));
    EXPECT_EQ(v.nums, std::vector<double>{64});
}

TEST(ParseValue, ListsAndChoices) {
    const ParamSpec omega = f_delta_spec_omega();
    ParamValue v;
    std::string why;
    EXPECT_TRUE(parse_value(omega, "1, 2.5 ,-3e-1", &v, &why));
    EXPECT_EQ(v.nums, (std::vector<double>{1, 2.5, -0.3}));
    EXPECT_FALSE(parse_value(omega, "1,,2", &v, &why));
    EXPECT_FALSE(parse_value(omega, "1,2,", &v, &why));
    EXPECT_FALSE(parse_value(omega, "1,nan", &v, &why));
    EXPECT_NE(why.find("finite"), std::string::npos);
    EXPECT_FALSE(parse_value(omega, "1,2,3,4,5,6,7,8,9", &v, &why));
    EXPECT_EQ(why, "omega: \"1,2,3,4,5,6,7,8,9\" has 9 numbers, which is not a valid length "
                   "(list of 1..8 numbers in -100..100)");
    EXPECT_TRUE(parse_value(omega, "1,-200,300", &v, &why));
    EXPECT_EQ(v.nums, (std::vector<double>{1, -100, 100}));
    EXPECT_EQ(why, "omega: 2 numbers are out of range -100..100 (first: -200)");

    ParamSpec choice;
    choice.name = "mode";
    choice.kind = ParamKind::Choice;
    choice.choices = {"vaswani", "tensor2tensor"};
    EXPECT_TRUE(parse_value(choice, "tensor2tensor", &v, &why));
    EXPECT_EQ(v.text, "tensor2tensor");
    EXPECT_FALSE(parse_value(choice, "Vaswani", &v, &why));
    EXPECT_EQ(why, "mode: \"Vaswani\" is not a valid choice (one of vaswani|tensor2tensor)");

    ParamSpec real;
    real.name = "x";
    real.kind = ParamKind::Real;
    real.min = -1;
    real.max = 1;
    EXPECT_TRUE(parse_value(real, "0.25", &v, &why));
    EXPECT_EQ(v.nums, std::vector<double>{0.25});
    EXPECT_TRUE(parse_value(real, "2", &v, &why));
    EXPECT_EQ(v.nums, std::vector<double>{1});
    EXPECT_EQ(why, "x: 2 is out of range -1..1");
}

// [SECTION] parse_params
TEST(ParseParams, DefaultsAreComplete) {
    const ParamSet d = defaults(specs());
    EXPECT_EQ(d.geti("L"), 4);
    EXPECT_EQ(list_text(d.getv("omega")), kOmegaDefault);
    EXPECT_EQ(d.getv("v"), (std::vector<double>{1, 0, 1, 0}));
}

TEST(ParseParams, GoodInputHasNoIssues) {
    const Parsed p = parse("#L=6&omega=0.5,1,2&v=1,2,3,4,5,6");
    EXPECT_TRUE(p.issues.empty());
    EXPECT_EQ(p.set.geti("L"), 6);
    EXPECT_EQ(p.set.getv("omega"), (std::vector<double>{0.5, 1, 2}));
    EXPECT_EQ(p.set.getv("v"), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    // Order does not matter: links are checked after every key is applied.
    const Parsed q = parse("v=1,2,3,4,5,6&omega=0.5,1,2&L=6");
    EXPECT_TRUE(q.issues.empty());
    EXPECT_EQ(q.set.getv("v"), p.set.getv("v"));
}

TEST(ParseParams, MessagesNameKeyRangeAndOutcome) {
    Parsed p = parse("L=500");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].key, "L");
    EXPECT_EQ(p.issues[0].message, "L: 500 is out of range 1..64; using 64");
    EXPECT_EQ(p.set.geti("L"), 64);

    p = parse("omega=abc");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].key, "omega");
    EXPECT_EQ(p.issues[0].message, std::string("omega: \"abc\" is not a number list (list of 1..8 numbers in "
                                               "-100..100); keeping ") + kOmegaDefault);
    EXPECT_EQ(list_text(p.set.getv("omega")), kOmegaDefault);

    p = parse("L=4.5");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].message, "L: \"4.5\" is not a whole number (1..64); keeping 4");

    p = parse("omega=1,200");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].message, "omega: 200 (number 2) is out of range -100..100; using 1,100");

    p = parse("foo=1");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].key, "foo");
    EXPECT_EQ(p.issues[0].message, "foo: unknown key (nearest valid key: L); ignored");
}

TEST(ParseParams, MalformedKeepsPreviousNotDefault) {
    ParamSet set = defaults(specs());
    EXPECT_TRUE(parse_params(specs(), split_query("L=10"), &set).empty());
    const auto issues = parse_params(specs(), split_query("L=abc"), &set);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "L: \"abc\" is not a number (1..64); keeping 10");
    EXPECT_EQ(set.geti("L"), 10);
}

TEST(ParseParams, LengthLinkRepairsV) {
    // omega grows, v was the default pattern: v follows silently.
    Parsed p = parse("omega=1,2,3");
    EXPECT_TRUE(p.issues.empty());
    EXPECT_EQ(p.set.getv("v"), (std::vector<double>{1, 0, 1, 0, 1, 0}));
    p = parse("omega=1");
    EXPECT_TRUE(p.issues.empty());
    EXPECT_EQ(p.set.getv("v"), (std::vector<double>{1, 0}));

    // v given with the wrong length: repaired and reported.
    p = parse("v=1,2,3,4,5,6");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].key, "v");
    EXPECT_EQ(p.issues[0].message,
              "v: has 6 numbers, but omega has 2, so v needs 4 (list of 2*len(omega) numbers in -100..100); "
              "using 1,0,1,0");
    EXPECT_EQ(p.set.getv("v"), (std::vector<double>{1, 0, 1, 0}));

    // A custom v is discarded when omega changes length later: reported.
    ParamSet set = defaults(specs());
    EXPECT_TRUE(parse_params(specs(), split_query("v=2,3,4,5"), &set).empty());
    const auto issues = parse_params(specs(), split_query("omega=1,2,3"), &set);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].key, "v");
    EXPECT_EQ(set.getv("v"), (std::vector<double>{1, 0, 1, 0, 1, 0}));

    // A malformed omega keeps the old omega, so a matching v stays.
    p = parse("omega=x&v=5,6,7,8");
    ASSERT_EQ(p.issues.size(), 1u);
    EXPECT_EQ(p.issues[0].key, "omega");
    EXPECT_EQ(p.set.getv("v"), (std::vector<double>{5, 6, 7, 8}));
}

TEST(ParseParams, FallbackPattern) {
    EXPECT_EQ(list_fallback_values(f_delta_spec_v(), 6), (std::vector<double>{1, 0, 1, 0, 1, 0}));
    EXPECT_EQ(list_fallback_values(f_delta_spec_v(), 0), std::vector<double>{});
    ParamSpec no_pattern = f_delta_spec_v();
    no_pattern.list_fallback.clear();  // falls back to default_text, repeated
    EXPECT_EQ(list_fallback_values(no_pattern, 6), (std::vector<double>{1, 0, 1, 0, 1, 0}));
}

TEST(ParseParams, IgnoreKeysDuplicatesAndAccessors) {
    ParamSet set = defaults(specs());
    auto issues = parse_params(specs(), split_query("lesson=x&L=5&L=7"), &set, {"lesson"});
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(set.geti("L"), 7);  // the last one wins
    EXPECT_EQ(set.geti("missing"), 0);
    EXPECT_EQ(set.getd("missing"), 0.0);
    EXPECT_TRUE(set.getv("missing").empty());
    EXPECT_EQ(set.gets("missing"), "");
    EXPECT_TRUE(parse_params(specs(), {}, nullptr).empty());
}

TEST(ParseParams, StrictReportsWithoutRepairTail) {
    ParamSet set = defaults(specs());
    auto issues = parse_params_strict(specs(), split_query("L=500"), &set);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "L: 500 is out of range 1..64");
    set = defaults(specs());
    issues = parse_params_strict(specs(), split_query("omega=abc"), &set);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "omega: \"abc\" is not a number list (list of 1..8 numbers in -100..100)");
    set = defaults(specs());
    issues = parse_params_strict(specs(), split_query("omega=1,2,3"), &set);
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(set.getv("v").size(), 6u);
    set = defaults(specs());
    issues = parse_params_strict(specs(), split_query("v=1,0"), &set);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "v: has 2 numbers, but omega has 2, so v needs 4 (list of 2*len(omega) numbers in "
                                 "-100..100)");
}

// [SECTION] hostile input
TEST(ParseParams, HostileInputNeverCrashesAndStaysValid) {
    std::string big_list = "1";
    for (int i = 1; i < 10000; ++i) big_list += ",1";
    const std::string huge(1 << 20, '9');
    const std::vector<std::string> queries = {
        "omega=" + big_list,
        "v=" + big_list,
        "L=" + huge,
        "L=" + std::string(5000, '1') + ".5",
        "omega=" + std::string(5000, '0') + "1",
        huge + "=1",
        "=&=&=&",
        "%00=%00&L=%00",
        "L=1e999&omega=1e999,2&v=-1e999",
        "L=-inf&omega=nan",
        "L&omega&v",
        std::string("L=4\0junk", 8),
        "omega=%E4%BD%8D",  // UTF-8 text where a number belongs
        "omega=\xff\xfe",
        "L=%",
        "L=0x40&omega=0x1p3",
    };
    for (const std::string& q : queries) {
        Parsed p = parse(q);
        EXPECT_FALSE(p.issues.empty()) << q.substr(0, 60);
        for (const ParamIssue& issue : p.issues) {
            EXPECT_LT(issue.message.size(), 400u);
            EXPECT_EQ(issue.message.find('\n'), std::string::npos);
            EXPECT_EQ(issue.message.find('\0'), std::string::npos);
        }
        EXPECT_EQ(p.set.geti("L"), p.set.getd("L"));
        EXPECT_GE(p.set.geti("L"), 1);
        EXPECT_LE(p.set.geti("L"), 64);
        EXPECT_EQ(p.set.getv("v").size(), 2 * p.set.getv("omega").size());
    }
    const Parsed many = parse("omega=" + big_list);
    ASSERT_EQ(many.issues.size(), 1u);
    EXPECT_NE(many.issues[0].message.find("has 10000 numbers"), std::string::npos);
    EXPECT_NE(many.issues[0].message.find("list of 1..8 numbers in -100..100"), std::string::npos);
}

TEST(ParseParams, RandomBytesFuzz) {
    SplitMix64 rng(2024);
    const std::string alphabet = "L=omegav&,.-+e0123456789%#?xn\x01\xff ";
    for (int round = 0; round < 3000; ++round) {
        std::string q;
        const int len = static_cast<int>(rng.next_u64() % 60);
        for (int i = 0; i < len; ++i) q += alphabet[rng.next_u64() % alphabet.size()];
        Parsed p = parse(q);
        ASSERT_GE(p.set.geti("L"), 1);
        ASSERT_LE(p.set.geti("L"), 64);
        const auto& omega = p.set.getv("omega");
        ASSERT_GE(omega.size(), 1u);
        ASSERT_LE(omega.size(), 8u);
        for (double w : omega) ASSERT_TRUE(std::isfinite(w) && std::fabs(w) <= 100) << q;
        ASSERT_EQ(p.set.getv("v").size(), 2 * omega.size()) << q;
        for (double x : p.set.getv("v")) ASSERT_TRUE(std::isfinite(x) && std::fabs(x) <= 100) << q;
    }
}

}  // namespace
