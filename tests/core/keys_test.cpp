// PE Lab — tests/core/keys_test.cpp
// The shared key table (core/io/keys.h) and its users in core: every shared key is sound on its own (default
// inside its range, English help, no display wording), every quantity parameter and map-page parameter
// spelled like a shared key is that key narrowed (same kind, range inside, choices a subset), and the
// spellings the table promises are accepted (log10_base as an alias of base, flags as 0/1/true/false).
//
// [SECTION] helpers
// [SECTION] the table itself
// [SECTION] users of the table: quantities and the map page
// [SECTION] aliases and flags
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/io/keys.h"
#include "core/io/params.h"
#include "core/maps/position_map.h"
#include "core/quantities/quantity.h"

namespace pelab {
namespace {

// [SECTION] helpers
const ParamSpec* find_shared(const std::string& name) {
    for (const ParamSpec& s : shared_keys())
        if (s.name == name) return &s;
    return nullptr;
}

// Parses `text` as `spec` would: true only when it is accepted as it is (no clamping, no problem).
bool parses_cleanly(const ParamSpec& spec, const std::string& text, ParamValue* out = nullptr) {
    ParamValue v;
    std::string why;
    const bool ok = parse_value(spec, text, &v, &why);
    if (out) *out = v;
    return ok && why.empty();
}

// True when `s` holds a byte sequence of a CJK character (U+3000..U+9FFF or U+FF00..U+FFEF).
bool has_cjk(const std::string& s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        const unsigned char a = static_cast<unsigned char>(s[i]), b = static_cast<unsigned char>(s[i + 1]);
        if (a >= 0xE3 && a <= 0xE9 && (b & 0xC0) == 0x80) return true;
        if (a == 0xEF && b >= 0xBC && b <= 0xBF) return true;
    }
    return false;
}

// A parameter that uses a shared key's spelling for another idea, on purpose: Shaw's clipping distance k
// (max_relative_position) in shaw_index predates the shared key vector k, and links and JSON use it.
bool is_known_homonym(const std::string& owner, const std::string& key) { return owner == "shaw_index" && key == "k"; }

// A choice only a quantity offers, on purpose: scaling=longrope on rope_inv_freq and
// rope_attention_factor needs per-pair lists that the lessons' shared scaling key does not carry, so the
// shared key (and every lesson) keeps the six scalings without lists.
bool is_known_extra_choice(const std::string& owner, const std::string& key, const std::string& choice) {
    return (owner == "rope_inv_freq" || owner == "rope_attention_factor") && key == "scaling" && choice == "longrope";
}

// Every parameter list in core that should draw on the shared keys: the CLI quantities and the map page.
struct Owner {
    std::string name;
    std::vector<ParamSpec> params;
};
std::vector<Owner> owners() {
    std::vector<Owner> out;
    for (const Quantity& q : quantity_registry()) out.push_back({q.name, q.params});
    out.push_back({"position map page", position_map_param_specs()});
    return out;
}

// [SECTION] the table itself
TEST(SharedKeys, EveryDefaultParsesInsideItsRange) {
    ASSERT_FALSE(shared_keys().empty());
    for (const ParamSpec& s : shared_keys()) {
        ParamValue v;
        EXPECT_TRUE(parses_cleanly(s, s.default_text, &v)) << s.name << " default " << s.default_text;
        for (double x : v.nums) {
            EXPECT_GE(x, s.min) << s.name;
            EXPECT_LE(x, s.max) << s.name;
        }
        if (s.kind != ParamKind::Choice) EXPECT_LE(s.min, s.max) << s.name;
    }
}

TEST(SharedKeys, NamesAreUniqueAndHelpIsPlainEnglish) {
    std::vector<std::string> names;
    for (const ParamSpec& s : shared_keys()) {
        names.push_back(s.name);
        EXPECT_FALSE(s.help.empty()) << s.name;
        EXPECT_FALSE(has_cjk(s.help)) << s.name << ": " << s.help;
    }
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
}

TEST(SharedKeys, UnknownNameIsVisiblyWrong) {
    const ParamSpec s = shared_key("no_such_key");
    EXPECT_EQ(s.name, "no_such_key");
    EXPECT_EQ(s.help, "(not a shared key)");
    EXPECT_EQ(s.min, 0);
    EXPECT_EQ(s.max, 0);
}

TEST(SharedKeys, NarrowedKeepsTheDefinition) {
    const ParamSpec base = shared_key("base");
    const ParamSpec n = narrowed(base, 2, 1e8, "100");
    EXPECT_EQ(n.name, "base");
    EXPECT_EQ(n.kind, base.kind);
    EXPECT_EQ(n.help, base.help);
    EXPECT_EQ(n.log10_alias, base.log10_alias);
    EXPECT_EQ(n.min, 2);
    EXPECT_EQ(n.max, 1e8);
    EXPECT_EQ(n.default_text, "100");
    const ParamSpec d = with_default(shared_key("d"), "8");
    EXPECT_EQ(d.default_text, "8");
    EXPECT_EQ(d.multiple_of, 2);
    EXPECT_EQ(d.min, shared_key("d").min);
}

// [SECTION] users of the table: quantities and the map page
TEST(SharedKeys, ParametersSpelledLikeASharedKeyAreThatKeyNarrowed) {
    int checked = 0;
    for (const Owner& owner : owners()) {
        for (const ParamSpec& p : owner.params) {
            const ParamSpec* s = find_shared(p.name);
            if (!s || is_known_homonym(owner.name, p.name)) continue;
            ++checked;
            const std::string at = owner.name + "." + p.name;
            EXPECT_EQ(p.kind, s->kind) << at;
            EXPECT_EQ(p.help, s->help) << at << ": help comes from the shared key";
            if (p.kind == ParamKind::Choice) {
                for (const std::string& c : p.choices)
                    if (!is_known_extra_choice(owner.name, p.name, c))
                        EXPECT_NE(std::find(s->choices.begin(), s->choices.end(), c), s->choices.end()) << at << " " << c;
            } else {
                EXPECT_GE(p.min, s->min) << at;
                EXPECT_LE(p.max, s->max) << at;
                EXPECT_LE(p.min, p.max) << at;
            }
            if (p.kind == ParamKind::RealList && p.list_len_of.empty()) {
                EXPECT_GE(p.list_min, s->list_min) << at;
                EXPECT_LE(p.list_max, s->list_max) << at;
            }
            // A narrower key keeps every rule of the shared one (d stays even).
            EXPECT_EQ(p.multiple_of % s->multiple_of, 0) << at;
        }
    }
    EXPECT_GT(checked, 40);  // the quantities and the map page use the shared keys throughout
}

TEST(SharedKeys, EveryParameterDefaultParsesInsideItsOwnRange) {
    for (const Owner& owner : owners()) {
        ParamSet set = defaults(owner.params);
        for (const ParamSpec& p : owner.params) {
            if (!p.list_len_of.empty()) continue;  // its length is checked against the linked key below
            EXPECT_TRUE(parses_cleanly(p, p.default_text)) << owner.name << "." << p.name << " = " << p.default_text;
        }
        // The defaults together are a valid setting (length links included).
        EXPECT_TRUE(parse_params_strict(owner.params, {}, &set).empty()) << owner.name;
    }
}

TEST(SharedKeys, CoreHoldsNoDisplayWording) {
    for (const Owner& owner : owners())
        for (const ParamSpec& p : owner.params) {
            EXPECT_FALSE(has_cjk(p.help)) << owner.name << "." << p.name;
        }
}

TEST(SharedKeys, T5BidirectionalIsTheSharedFlag) {
    const Quantity* q = find_quantity("t5_bucket");
    ASSERT_NE(q, nullptr);
    bool found = false;
    for (const ParamSpec& p : q->params)
        if (p.name == "bidirectional") {
            found = true;
            EXPECT_EQ(p.kind, ParamKind::Bool);
        }
    EXPECT_TRUE(found);
}

// [SECTION] aliases and flags
TEST(SharedKeys, Log10BaseIsAnAliasOfBase) {
    const Quantity* q = find_quantity("sinusoidal_pe");
    ASSERT_NE(q, nullptr);
    ParamSet p = defaults(q->params);
    p.set("base", {{2.0}, ""});
    EXPECT_TRUE(parse_params(q->params, {{"log10_base", "4"}}, &p).empty());
    EXPECT_EQ(p.getd("base"), 10000.0);  // exactly: 10^4 for a whole exponent
    EXPECT_FALSE(p.has("log10_base"));
    // The strict parser (the CLI) accepts it too, and a value out of range is reported under base.
    ParamSet strict = defaults(q->params);
    EXPECT_TRUE(parse_params_strict(q->params, {{"log10_base", "2"}}, &strict).empty());
    EXPECT_EQ(strict.getd("base"), 100.0);
    const std::vector<ParamIssue> issues = parse_params_strict(q->params, {{"log10_base", "9"}}, &strict);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].key, "base");
    EXPECT_NE(issues[0].message.find("2..100000000"), std::string::npos) << issues[0].message;
}

TEST(SharedKeys, FlagsParseZeroOneTrueFalseOnly) {
    for (const char* name : {"bidirectional", "softmax"}) {
        const ParamSpec flag = shared_key(name);
        ASSERT_EQ(flag.kind, ParamKind::Bool) << name;
        ParamValue v;
        for (const auto& [text, value] : std::vector<std::pair<std::string, double>>{
                 {"0", 0.0}, {"1", 1.0}, {"true", 1.0}, {"false", 0.0}}) {
            EXPECT_TRUE(parses_cleanly(flag, text, &v)) << name << "=" << text;
            EXPECT_EQ(v.nums, std::vector<double>{value}) << name << "=" << text;
            EXPECT_EQ(format_value(flag, v), value == 1.0 ? "1" : "0");
        }
        for (const char* bad : {"2", "-1", "0.5", "yes", "", "TRUE"}) {
            std::string why;
            EXPECT_FALSE(parse_value(flag, bad, &v, &why)) << name << "=" << bad;
            EXPECT_NE(why.find(std::string(name) + ":"), std::string::npos) << why;
            EXPECT_NE(why.find("0 or 1"), std::string::npos) << why;
        }
    }
}

}  // namespace
}  // namespace pelab
