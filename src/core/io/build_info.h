// PE Lab — core/io/build_info.h
// What a benchmark's figures were built with: the compiler and its version, for the machine line that the
// benchmarks print beside their timings (pelab-bench-core, pelab-cli lab bench).
#pragma once
#include <string>

namespace pelab {

// "g++ 12.2.0", "clang 14.0.6 …" or "unknown".
std::string compiler_version();

}  // namespace pelab
