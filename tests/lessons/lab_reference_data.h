// PE Lab — tests/lessons/lab_reference_data.h
// The lab's reference runs (src/lessons/length_lab/data/reference_runs.json) on the lab's board for the lesson suites: the
// steps of length-lab show them, and the battery builds every step. The file is built into the test binary
// (pelab_embed_file, tests/lessons/CMakeLists.txt), as the desktop app has it, so that the suites read the same
// data natively and under node.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "lessons/length_lab/lab_board.h"

extern const unsigned char pelab_lab_reference_runs[];
extern const unsigned int pelab_lab_reference_runs_size;

namespace pelab {

// Loads the file onto the board (a test failure when it cannot be parsed).
inline void load_lab_reference_runs_for_tests() {
    const std::string text(reinterpret_cast<const char*>(pelab_lab_reference_runs), pelab_lab_reference_runs_size);
    ASSERT_EQ(lab_board::set_reference_runs(text), "");
}

}  // namespace pelab
