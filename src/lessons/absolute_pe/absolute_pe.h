// PE Lab — lessons/absolute_pe/absolute_pe.h
// Private header of the lesson "absolute-pe" (its .cpp files only): the inputs read from the lesson's one
// parameter table and the helpers several steps share (lesson.cpp), and the step builders, one per idea, each
// in the file named after its step's id. No display text here (the font subset scans .cpp files): every
// string the learner reads lives in the .cpp files.
//
// [SECTION] inputs
// [SECTION] shared helpers
// [SECTION] steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "core/absolute/sinusoidal.h"
#include "lessons/lesson.h"

namespace pelab {
namespace absolute_pe {

// [SECTION] inputs
struct Inputs {
    int tokens = 0, seed = 0, pos = 0, d = 0, L = 0, d_model = 0, shift = 0, max_len = 0;
    double base = 0;
    std::string variant_name;
    std::vector<double> dims_asked;  // as given; `dims` holds them as valid, distinct columns
    PeVariant variant = PeVariant::vaswani;
    std::vector<int> dims;
};

const ParamTable<Inputs>& params();
Inputs read_inputs(const ParamSet& p);

// [SECTION] shared helpers
// "sin" or "cos" and the frequency index of column j in the layout.
void column_meaning(int j, int d, PeVariant v, bool* is_cos, int* freq);
// "0: sin ω₀p", "1: cos ω₀p", ... for the d columns of a PE vector in the layout.
std::vector<std::string> pe_column_labels(int d, PeVariant v);
// A query × key heatmap (diverging, Δ on hover) with the widget's captions.
HeatmapView qk_view(const Eigen::MatrixXd& M, Lang lang);
// A difference that should be 0: the sentence `plain`, or `rounded` (the same sentence naming floating-point
// rounding) when the difference is tiny but not exactly 0; `args` fill either, and {diff} is the difference.
std::string difference_note(Lang lang, double diff, const Text& plain, const Text& rounded, std::vector<Arg> args = {});
// A position or index as the learner reads it: plain decimal digits, no grouping.
inline std::string pos_text(int n) { return std::to_string(n); }

// [SECTION] steps, in lesson order
Step why_positions();
Step shuffled_weights();
Step three_places();
Step sinusoidal_formula();
Step heatmap_and_wavelengths();  // wavelengths.cpp
Step wavelength_range();
Step sinusoid_cost();
Step relative_inside_absolute();
Step gram_toeplitz();
Step two_layouts();
Step add_or_concat();
Step same_width();
Step learnable_table();
Step recap();  // the lesson's claims side by side

}  // namespace absolute_pe
}  // namespace pelab
