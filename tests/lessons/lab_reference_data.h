// PE Lab — tests/lessons/lab_reference_data.h
// The lab's reference runs (src/lessons/lab/reference_runs.json) on the lab's board for the lesson suites: the
// steps of length-lab show them, and the battery builds every step. The file's path comes from CTest's
// environment (PELAB_LAB_REFERENCE_RUNS, tests/lessons/CMakeLists.txt), as the fuzz dictionary's does: a
// compile-time path would differ between clones and miss the compiler cache.
#pragma once
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "lessons/length_lab/lab_board.h"

namespace pelab {

// Loads the file onto the board (a test failure when it cannot be read or parsed).
inline void load_lab_reference_runs_for_tests() {
    const char* path = std::getenv("PELAB_LAB_REFERENCE_RUNS");
    ASSERT_TRUE(path && *path) << "PELAB_LAB_REFERENCE_RUNS is not set: run the suite through ctest, or set it to "
                                  "src/lessons/lab/reference_runs.json";
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << "cannot read " << path;
    std::ostringstream text;
    text << in.rdbuf();
    ASSERT_EQ(lab_board::set_reference_runs(text.str()), "") << path;
}

}  // namespace pelab
