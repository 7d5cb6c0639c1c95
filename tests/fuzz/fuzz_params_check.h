// PE Lab — tests/fuzz/fuzz_params_check.h
// The checks behind the libFuzzer target fuzz_params (tests/fuzz/fuzz_params.cpp), kept in a plain
// function so that tests/lessons/fuzz_regressions_test.cpp can replay a saved input byte for byte in every
// build (native, ASan/UBSan, em++ under node) without libFuzzer.
//
// Input layout (what a corpus file holds):
//   byte 0  route:    bits 0-3 lesson index (modulo the registered lessons), bit 4 language (0 en, 1 zh),
//                     bits 5-6 front end: 0 URL hash, 1 desktop argv, 2 postMessage / setState, 3 = 0
//   byte 1  quantity: index into quantity_registry() (modulo its size), for the CLI path
//   rest    the text: a URL hash ("lesson=f-delta&step=4"), or argv entries separated by '\n' or NUL
// Missing header bytes read as 0. Printable header bytes keep corpus files readable: "A0step=4" is
// lesson 1, English, URL hash, quantity 0 ('0' = 0x30, 48 modulo the count).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace pelab::fuzz {

// Feeds one input through the key=value pipeline exactly as the front ends do and checks its invariants.
// Returns "" when every invariant holds, otherwise one line naming the broken invariant. Never throws.
std::string check_input(const std::uint8_t* data, std::size_t size);

// The same for a std::string holding the raw bytes (embedded NULs allowed).
inline std::string check_input(const std::string& bytes) {
    return check_input(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

// The CLI path computes a quantity only when its output, as Quantity::shape predicts it (or as
// estimated_elements in the .cpp guesses it for a quantity without shape), stays within kMaxComputedElements
// (8 MiB of doubles), and prints it as JSON/CSV/LaTeX only when the actual output has at most
// kMaxFormattedElements: the fuzzer spends its time on the parser rather than on big arrays. A single
// allocation above 256 MB is still a finding (tests/fuzz/run.sh).
constexpr double kMaxComputedElements = 1024.0 * 1024.0;
constexpr double kMaxFormattedElements = 256.0 * 1024.0;
// The app path builds the current step's views only when the lesson's predicted output (Lesson::result_shape)
// has at most this many elements: beyond it the sanitized build spends seconds per input on one big view
// (long-context step 3 at seq_len = 131,072 takes about 7 s) and libFuzzer's 10 s timeout would fire on
// slower machines. The native lesson battery builds every step at the ends of its ranges.
constexpr double kMaxBuiltStepElements = 256.0 * 1024.0;

}  // namespace pelab::fuzz
