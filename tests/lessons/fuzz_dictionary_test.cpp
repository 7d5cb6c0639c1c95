// PE Lab — tests/lessons/fuzz_dictionary_test.cpp
// The libFuzzer dictionary tests/fuzz/params.dict must hold the real vocabulary of the key=value pipeline,
// so that mutations reach the code behind each key instead of guessing names byte by byte: every key the
// state understands (lesson, step, lang, display options), every parameter of every lesson (in the menu or
// opened by its address alone), of the map page and of every CLI quantity, every lesson id, every step id, every
// map name and every choice value. A key added to a spec without a dictionary entry fails here, naming the line
// to add.
// Native only: the em++ build of this suite runs under node without access to the source tree.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/maps/position_map.h"
#include "core/quantities/quantity.h"
#include "lessons/lesson.h"
#include "lessons/state.h"

namespace {

#if !defined(__EMSCRIPTEN__)

// The quoted values of the dictionary ("name=value" or "value" lines; # comments), unescaped enough for
// the plain ASCII the expected entries use.
std::set<std::string> dictionary_entries(const std::string& path) {
    std::ifstream in(path);
    std::set<std::string> out;
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t open = line.find('"');
        if (line.empty() || line[0] == '#' || open == std::string::npos) continue;
        const std::size_t close = line.rfind('"');
        if (close > open) out.insert(line.substr(open + 1, close - open - 1));
    }
    return out;
}

void add_specs(const std::vector<pelab::ParamSpec>& specs, std::set<std::string>* want) {
    for (const pelab::ParamSpec& s : specs) {
        want->insert(s.name + "=");
        for (const std::string& c : s.choices) want->insert(c);
    }
}

TEST(FuzzDictionary, HoldsEveryKeyIdAndChoiceTheParserKnows) {
    // The path comes from CTest's environment (tests/lessons/CMakeLists.txt), not from a compile-time define: an
    // absolute path on the command line would make every clone in another folder miss the compiler cache.
    const char* path = std::getenv("PELAB_FUZZ_DICTIONARY");
    ASSERT_TRUE(path && *path) << "PELAB_FUZZ_DICTIONARY is not set: run the suite through ctest, or set it to "
                                  "tests/fuzz/params.dict";
    const std::set<std::string> dict = dictionary_entries(path);
    ASSERT_GT(dict.size(), 20u) << "cannot read " << path;

    std::set<std::string> want = {"lesson=", "step=", "lang=", "map=", "steps=", "zh", "en", "&", "%"};
    for (const std::string& k : pelab::display_keys()) want.insert(k + "=");
    // Every lesson the parser may open, in the menu or by its address alone (the example, a sketch).
    for (const pelab::Lesson* l : pelab::every_lesson()) {
        want.insert(l->id);
        add_specs(l->params, &want);
    }
    add_specs(pelab::position_map_lesson().params, &want);
    // Every step id (step=ID, steps=A..B) and the range's "..", so mutations reach the id lookup.
    want.insert("..");
    for (const pelab::Lesson* l : pelab::every_lesson())
        for (const pelab::Step& step : l->steps)
            if (step.id) want.insert(step.id);
    for (const std::string& m : pelab::position_map_names()) want.insert(m);
    for (const pelab::Quantity& q : pelab::quantity_registry()) add_specs(q.params, &want);

    std::ostringstream missing;
    for (const std::string& w : want)
        if (!dict.count(w)) missing << "\"" << w << "\"\n";
    EXPECT_TRUE(missing.str().empty()) << "add to tests/fuzz/params.dict:\n" << missing.str();
}

#else

TEST(FuzzDictionary, HoldsEveryKeyIdAndChoiceTheParserKnows) {
    GTEST_SKIP() << "the dictionary is read from the source tree; checked in the native builds";
}

#endif

}  // namespace
