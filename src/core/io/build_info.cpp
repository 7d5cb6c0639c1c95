// PE Lab — core/io/build_info.cpp
// The compiler this translation unit was built with (core/io/build_info.h).
#include "core/io/build_info.h"

namespace pelab {

std::string compiler_version() {
#if defined(__clang__)
    return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
    return std::string("g++ ") + __VERSION__;
#else
    return "unknown";
#endif
}

}  // namespace pelab
