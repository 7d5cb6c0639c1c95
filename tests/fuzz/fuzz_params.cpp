// PE Lab — tests/fuzz/fuzz_params.cpp
// libFuzzer target for the key=value pipeline (URL hash, desktop argv, postMessage, CLI): every input goes
// through pelab::fuzz::check_input (fuzz_params_check.cpp, input layout in its header). A broken invariant
// prints one line and traps, so libFuzzer saves the input as a crash; ASan/UBSan catch memory and
// undefined-behaviour errors on the way. Build and run: tests/fuzz/README.md.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "fuzz/fuzz_params_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string failure = pelab::fuzz::check_input(data, size);
    if (!failure.empty()) {
        std::fprintf(stderr, "fuzz_params: invariant broken: %s\n", failure.c_str());
        __builtin_trap();
    }
    return 0;
}
