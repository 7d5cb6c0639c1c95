// PE Lab — tests/core/json_test.cpp
// The one JSON reader (core/io/json.h): what the lab's files and the lab board's messages use parses into the
// tree, each malformed text gets its line and column, and the shortest number texts read back exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/io/json.h"
#include "core/io/text.h"

namespace pelab::json_test {

TEST(JsonReader, ParsesWhatTheFilesUse) {
    json::Value v;
    const std::string text = " {\"a\": [1, -2.5e-3, 0], \"b\": [[1], \"x\\n\\u0041\"], \"c\": {\"t\": true, \"n\": null}} ";
    ASSERT_EQ(json::parse(text, &v), "");
    ASSERT_NE(v.member("a"), nullptr);
    EXPECT_TRUE(v.member("a")->number_array());
    EXPECT_EQ(v.member("a")->numbers, (std::vector<double>{1, -2.5e-3, 0}));
    const json::Value& b = *v.member("b");
    ASSERT_EQ(b.items.size(), 2u);
    EXPECT_EQ(b.items[0].numbers, std::vector<double>{1});
    EXPECT_EQ(b.items[1].text, "x\nA");
    EXPECT_TRUE(v.member("c")->member("t")->boolean);
    EXPECT_EQ(v.member("c")->member("n")->kind, json::Value::Kind::null);
    // A list that starts with numbers and then holds something else keeps every item.
    ASSERT_EQ(json::parse("[1, 2, \"three\"]", &v), "");
    ASSERT_EQ(v.items.size(), 3u);
    EXPECT_EQ(v.items[1].number, 2.0);
    EXPECT_EQ(json::parse("[01]", &v), "line 1, column 3: expected ',' or ']'");
    EXPECT_EQ(json::parse("[1.]", &v), "line 1, column 4: expected a digit after the decimal point");
    EXPECT_EQ(json::parse("[NaN]", &v), "line 1, column 2: expected a JSON value");
    EXPECT_EQ(json::parse("{} x", &v), "line 1, column 4: unexpected text after the JSON value");
    const std::string deep = std::string(100, '[') + std::string(100, ']');
    EXPECT_EQ(json::parse(deep, &v).find("nesting deeper than 64 levels"), 19u);
}

TEST(JsonReader, RefusesAndKeepsAsDocumented) {
    json::Value v;
    EXPECT_EQ(json::parse("{\n  \"a\": 1,\n  \"a\": 2\n}", &v), "line 3, column 6: key \"a\" given twice");
    EXPECT_EQ(json::parse("[1,\n2", &v), "line 2, column 2: unterminated array");
    EXPECT_EQ(json::parse("", &v), "line 1, column 1: expected a JSON value, found the end of the text");
    ASSERT_EQ(json::parse("[\"\\u00e9\", 1e999]", &v), "");
    EXPECT_EQ(v.items[0].text, "?");  // beyond ASCII: a marker, not decoded
    EXPECT_TRUE(std::isinf(v.items[1].number));  // beyond double range: the caller says which value
}

TEST(JsonReader, ShortestNumbersReadBack) {
    for (const float x : {0.1f, 1.0f / 3.0f, -1e-30f, 3.4028235e38f, 1.17549435e-38f, 123456.789f}) {
        const std::string t = json::float_text(x);
        EXPECT_EQ(std::strtof(t.c_str(), nullptr), x) << t;
        EXPECT_LE(t.size(), 15u);
    }
    EXPECT_EQ(json::float_text(0.1f), "0.1");
    EXPECT_EQ(json::float_text(0.0f), "0");
}

// The one number writer's two forms (core/io/text.h): both read back exactly; shortest uses 15 to 17 digits,
// digits17 always 17; ±0 is "0"; JSON writes null for what is not finite, text writes nan and inf.
TEST(JsonWriter, NumberFormsReadBackAndNullForNonFinite) {
    for (const double x : {0.1, 1.0 / 3.0, -1e-300, 2.0 / 7.0, 123456.789, 1e22}) {
        for (const NumberForm form : {NumberForm::shortest, NumberForm::digits17}) {
            const std::string t = number_text(x, form);
            EXPECT_EQ(std::strtod(t.c_str(), nullptr), x) << t;
            EXPECT_EQ(json_number(x, form), t);
        }
    }
    EXPECT_EQ(number_text(0.1), "0.1");
    EXPECT_EQ(number_text(0.1, NumberForm::digits17), "0.10000000000000001");
    EXPECT_EQ(number_text(-0.0), "0");
    EXPECT_EQ(number_text(-0.0, NumberForm::digits17), "0");
    EXPECT_EQ(number_text(3.0, NumberForm::digits17), "3");
    EXPECT_EQ(number_text(std::nan("")), "nan");
    EXPECT_EQ(number_text(-INFINITY), "-inf");
    for (const NumberForm form : {NumberForm::shortest, NumberForm::digits17}) {
        EXPECT_EQ(json_number(std::nan(""), form), "null");
        EXPECT_EQ(json_number(INFINITY, form), "null");
    }
}

}  // namespace pelab::json_test
