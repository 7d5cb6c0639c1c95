// PE Lab — tests/core/hostile_input_test.cpp
// Untrusted input at any size: the 64 KiB refusal and the 256-pair cap of read_query and
// read_arguments, the nearest-key message, the printable echo (64 bytes, control characters as \xNN) and
// the one JSON escaper. Each case would hang, overflow or pass raw bytes through on the old code paths.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "core/io/params.h"
#include "core/io/text.h"
#include "lessons/state.h"

namespace pelab {
namespace {

std::string many_keys(int n) {
    std::string q;
    for (int i = 0; i < n; ++i) q += (i ? "&k" : "k") + std::to_string(i);
    return q;
}

TEST(HostileInput, OverLimitQueryIsRefusedWholeWithOneNotice) {
    const std::string huge(kMaxInputBytes + 1, 'a');
    std::vector<ParamIssue> issues;
    const KeyValues kv = read_query(huge, &issues);
    EXPECT_TRUE(kv.empty());
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].key, "input");
    EXPECT_EQ(issues[0].message, "input too long (65,537 bytes, limit 65,536)");
}

TEST(HostileInput, LengthIsCheckedBeforeTheTextIsRead) {
    // A null pointer with a huge length: only the length may be looked at.
    std::vector<ParamIssue> issues;
    EXPECT_TRUE(read_query(nullptr, 10u * 1024 * 1024, &issues).empty());
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "input too long (10,485,760 bytes, limit 65,536)");
}

TEST(HostileInput, QueryAtTheLimitIsRead) {
    std::string q = "L=5&";
    q += std::string(kMaxInputBytes - q.size(), 'x');
    std::vector<ParamIssue> issues;
    const KeyValues kv = read_query(q, &issues);
    EXPECT_TRUE(issues.empty());
    ASSERT_EQ(kv.size(), 2u);
    EXPECT_EQ(kv[0].first, "L");
}

TEST(HostileInput, OnlyTheFirst256PairsAreRead) {
    std::vector<ParamIssue> issues;
    const KeyValues kv = read_query(many_keys(5000), &issues);
    EXPECT_EQ(kv.size(), kMaxInputPairs);
    EXPECT_EQ(kv.back().first, "k255");
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].key, "input");
    EXPECT_NE(issues[0].message.find("\u2026 and 4,744 more ignored"), std::string::npos) << issues[0].message;
}

TEST(HostileInput, ArgumentsShareTheLimits) {
    std::vector<ParamIssue> issues;
    EXPECT_TRUE(read_arguments({"L=" + std::string(128 * 1024, '9')}, &issues).empty());
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "input too long (131,074 bytes, limit 65,536)");

    std::vector<std::string> args;
    for (int i = 0; i < 300; ++i) args.push_back("k" + std::to_string(i) + "=1");
    issues.clear();
    const KeyValues kv = read_arguments(args, &issues);
    EXPECT_EQ(kv.size(), kMaxInputPairs);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_NE(issues[0].message.find("and 44 more ignored"), std::string::npos) << issues[0].message;
}

TEST(HostileInput, UnknownKeyNamesTheNearestValidKeyOnly) {
    AppState state = default_state(Lang::en);
    std::vector<ParamIssue> issues = apply_query(split_query("lesson=f-delta&omgea=1"), &state);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message, "omgea: unknown key (nearest valid key: omega); ignored");
    issues = apply_query(split_query("lesso=rope"), &state);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_NE(issues[0].message.find("nearest valid key: lesson"), std::string::npos) << issues[0].message;
    EXPECT_EQ(nearest_key("x", {}), "");
}

TEST(HostileInput, ManyBadKeysCostLinearTime) {
    // 256 pairs are read whatever the input; every message is short.
    AppState state = default_state(Lang::en);
    std::vector<ParamIssue> read_issues;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<ParamIssue> issues = apply_query(read_query(many_keys(100000), &read_issues), &state);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(read_issues.size(), 1u);  // 100,000 keys are ~600 KB: over the byte limit
    EXPECT_EQ(read_issues[0].message.rfind("input too long (", 0), 0u);
    EXPECT_TRUE(issues.empty());
    EXPECT_LT(seconds, 1.0);
    const std::vector<ParamIssue> capped = apply_query(read_query(many_keys(5000), nullptr), &state);
    EXPECT_EQ(capped.size(), kMaxInputPairs);
    for (const ParamIssue& i : capped) EXPECT_LT(i.message.size(), 120u) << i.message;
}

TEST(HostileInput, EchoesAreCutTo64BytesWithControlCharactersEscaped) {
    EXPECT_EQ(printable("a\x1b[31mb"), "a\\x1B[31mb");
    EXPECT_EQ(printable("tab\there\x7f"), "tab\\x09here\\x7F");
    EXPECT_EQ(printable("\xc2\x9b" "2J"), "\\xC2\\x9B2J");  // C1 CSI, UTF-8 encoded
    EXPECT_EQ(printable("\xff\xfe"), "\\xFF\\xFE");          // not UTF-8
    EXPECT_EQ(printable("\xe4\xb8\xad"), "\xe4\xb8\xad");    // 中 stays
    const std::string long_text(100, 'x');
    EXPECT_EQ(printable(long_text), std::string(64, 'x') + "...");
    // A cut never splits a character: 21 × 3-byte characters are 63 bytes, the 22nd would pass 64.
    std::string cjk;
    for (int i = 0; i < 30; ++i) cjk += "\xe4\xb8\xad";
    EXPECT_EQ(printable(cjk).size(), 63u + 3u);
    EXPECT_EQ(quoted("\""), "\"\\x22\"");
    EXPECT_EQ(shown_key("L"), "L");
    EXPECT_EQ(shown_key("\x1b]0;x\x07"), "\"\\x1B]0;x\\x07\"");
}

TEST(HostileInput, MessagesNeverCarryRawControlBytes) {
    AppState state = default_state(Lang::en);
    const std::string evil = "\x1b[2J\x1b]0;pwned\x07";
    for (const std::string& q : {evil + "=1", "L=" + evil, "lesson=" + evil, "steps=" + evil, "lang=" + evil}) {
        for (const ParamIssue& i : apply_query(split_query(q), &state)) {
            for (unsigned char c : i.message) EXPECT_FALSE(c < 0x20 || c == 0x7f) << i.message;
        }
    }
}

TEST(HostileInput, JsonStringEscapesQuotesBackslashesAndControls) {
    EXPECT_EQ(json_string("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
    EXPECT_EQ(json_string("Mesa \"llvmpipe\""), "\"Mesa \\\"llvmpipe\\\"\"");
}

TEST(HostileInput, GroupedNumbers) {
    EXPECT_EQ(grouped_number(0), "0");
    EXPECT_EQ(grouped_number(999), "999");
    EXPECT_EQ(grouped_number(65536), "65,536");
    EXPECT_EQ(grouped_number(1234567), "1,234,567");
}

}  // namespace
}  // namespace pelab
