// PE Lab — core/io/file.cpp
// Implements file.h with the C library's stdio, in blocks of 64 KiB, checking the limit after each block.
#include "core/io/file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "core/io/text.h"

namespace pelab {

std::string read_file(const std::string& path, std::size_t limit, std::string* out) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return "cannot read " + quoted(path) + ": " + std::strerror(errno);
    std::string text;
    char buffer[65536];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
        text.append(buffer, n);
        if (text.size() > limit) {
            std::fclose(f);
            return quoted(path) + " is over the budget of " + grouped_number(limit) + " bytes";
        }
    }
    const bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) return "cannot read " + quoted(path);
    *out = std::move(text);
    return "";
}

}  // namespace pelab
