// PE Lab — cli/cli_output.cpp
// The shared failure line of pelab-cli's commands (cli/cli_output.h).
#include "cli/cli_output.h"

#include <cstdio>

namespace pelab::cli {

int fail(const std::string& message) {
    std::string line = message;
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    std::fprintf(stderr, "pelab-cli: %s\n", line.c_str());
    return kExitUsage;
}

}  // namespace pelab::cli
