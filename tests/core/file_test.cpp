// PE Lab — tests/core/file_test.cpp
// The one reader of a whole file (core/io/file.h): a file within its limit is read whole, one past it and a
// missing one are refused with their one line, and the output is left as it was when refused.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/io/file.h"

namespace pelab::file_test {

TEST(ReadFile, ReadsWithinTheLimitAndSaysWhyNot) {
    const std::string path = "pelab_file_test.tmp";  // in the working directory: the build folder, or node's
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    const std::string text = std::string("line\n\0bytes", 11) + std::string(70000, 'x');  // more than one block
    ASSERT_EQ(std::fwrite(text.data(), 1, text.size(), f), text.size());
    ASSERT_EQ(std::fclose(f), 0);

    std::string out = "before";
    EXPECT_EQ(read_file(path, text.size(), &out), "");
    EXPECT_EQ(out, text);
    out = "before";
    EXPECT_EQ(read_file(path, 1000, &out), "\"pelab_file_test.tmp\" is over the budget of 1,000 bytes");
    EXPECT_EQ(out, "before");
    EXPECT_EQ(std::remove(path.c_str()), 0);
    EXPECT_EQ(read_file(path, 1000, &out).rfind("cannot read \"pelab_file_test.tmp\": ", 0), 0u);
    EXPECT_EQ(out, "before");
}

}  // namespace pelab::file_test
