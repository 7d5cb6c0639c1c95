// PE Lab — cli/cli_output.h
// What every pelab-cli command shares (cli/main.cpp, cli/lab.cpp): its exit codes and the one-line failure on
// stderr. Nothing has been written to stdout when a command fails.
#pragma once
#include <string>

namespace pelab::cli {

constexpr int kExitUsage = 2;       // bad arguments: one line on stderr, nothing on stdout
constexpr int kExitWriteError = 1;  // the output could not be written (a full disk, `> /dev/full`)

// Prints "pelab-cli: <message>" as one line on stderr (line breaks become spaces); returns kExitUsage.
int fail(const std::string& message);

}  // namespace pelab::cli
