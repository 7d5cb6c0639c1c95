// PE Lab — lessons/length_lab/length_lab.h
// Private to lesson "length-lab" (this folder): the inputs and the parameter table, what several steps read from
// the lab's board (lab_board.h: the reference runs, the learner's runs, the looks inside models), and one function
// per step (each in the file named for its id). No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] the schemes and the runs
// [SECTION] the steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "core/lab/lab_train.h"
#include "lessons/length_lab/lab_board.h"
#include "lessons/lesson.h"

namespace pelab {
namespace length_lab {

// [SECTION] inputs and parameters
struct Inputs {
    std::string task, pe;
    int seed = 0, train_steps = 0;
    int n = 0, sample = 0;  // the sample drawn and looked inside: n digits, index into the fixed evaluation set
    double factor = 2;      // the scaling factor s of the remedies at test time
};

const ParamTable<Inputs>& params();
Inputs read_inputs(const ParamSet& p);

// The set-up of every reference run and of a run started here with only pe, task, seed and train_steps given
// (core/lab/lab_train.h's defaults, read from core's run keys): trained on n ≤ kTrainMax digits.
inline const int kTrainMax = lab::TrainConfig{}.train_max;
// The length the "beyond training" statements point at: the first tested length past kTrainMax.
inline const int kFirstBeyond = [] {
    const lab::TrainConfig defaults;
    for (const int n : defaults.test)
        if (n > defaults.train_max) return n;
    return defaults.train_max + 1;
}();
// The length the looks inside a model and the interpolation step show first: past training, within the
// fine-tune's samples (n ≤ kFineTuneMax).
constexpr int kLookBeyond = 24;
// The set-up's facts the steps' prose names, from the constants that define them (Step::body_args): train_max,
// test_max, last_position (the last position training reached), steps, d, heads, layers, samples (per length),
// look (kLookBeyond), s, ft_steps, ft_max, ft_last and ft_top (the fine-tune's last position, undivided and
// divided by s), look_tokens and look_top (kLookBeyond's), test_top (the longest test's last position divided),
// t5_exact (the first distance the T5 bias's buckets share).
std::vector<Arg> setup_args(Lang lang);
// A scheme "holds" past training when its mean exact match at kFirstBeyond is at least this share of samples:
// well above the 0 of the schemes whose mistakes are not a sample here or there but every sample.
constexpr double kHoldsShare = 0.05;
// The farthest an answer looks back in training: copy reads x_i from n back (n ≤ kTrainMax); reverse reads
// x_(n+1−i) from 2i − 1 back, at most 2·kTrainMax − 1.
int trained_reach(const std::string& task);

// [SECTION] the schemes and the runs
// The six schemes in core's order (nope, learned, sinusoidal, rope, alibi, t5) and their names on screen.
const std::vector<std::string>& schemes();
std::string scheme_label(const std::string& pe, Lang lang);
std::string task_label(const std::string& task, Lang lang);
// "ALiBi · copy · seed 0": a run's name in legends and tables.
std::string run_label(const lab_board::Run& run, Lang lang);

// The key=value words of a run started here (the lab's defaults for the rest), and with rope's interpolation.
std::string run_words(const std::string& pe, const std::string& task, int seed, int train_steps);
std::string interpolation_words(const std::string& task, int seed, int train_steps);
constexpr double kInterpolationFactor = 2;  // pi = 2: positions halved
constexpr int kFineTuneSteps = 200, kFineTuneMax = 32;

// The reference runs of `task` and `pe` at the defaults: plain ones, or the rope runs with interpolation.
std::vector<const lab_board::ReferenceRun*> reference_runs(const std::string& task, const std::string& pe,
                                                          bool interpolation = false);
// The lengths the reference runs were scored at (empty before the data has loaded).
std::vector<int> reference_lengths();
// Mean, lowest and highest share over the runs, at length n, of the scores `pick` chooses (NaN without runs).
struct Spread {
    double mean, lo, hi;
    int runs;
};
Spread exact_spread(const std::vector<const lab_board::ReferenceRun*>& runs, int n,
                    const lab_board::Scores lab_board::RunResult::*pick = &lab_board::RunResult::scores);
// A takeaway's share: the mean with two digits, or "…" while the reference runs have not loaded.
std::string share_text(const Spread& s);
// Why scheme `pe` holds or breaks past the trained length on `task`, as one clause of a sentence, and in a few
// words (a table's row label: "RoPE · match learned for Δ ≤ 16").
std::string scheme_reason(const std::string& pe, const std::string& task, Lang lang);
std::string scheme_with_reason(const std::string& pe, const std::string& task, Lang lang);
// ALiBi on `task` from the reference runs at kFirstBeyond, with its reason: it keeps a share past training because
// its penalty is the same line at every distance, or it fails already within training (reverse); the mechanism
// alone while the runs load. One clause without the length: the sentence around it names n.
std::string alibi_clause(const std::string& task, Lang lang);
// One line saying why the reference runs are not shown yet (loading, or what failed); "" once loaded.
std::string data_status(Lang lang);
// One line saying why training cannot start here ("" when it can, or before the platform has said).
std::string trainer_status(Lang lang);

// [SECTION] the steps, in lesson order
Step the_experiment();
Step train_a_model();
Step accuracy_by_length();
Step inside_a_model();
Step why_they_break();
Step why_rope_breaks();  // why_rope_breaks.cpp
Step training_longer();  // training_longer.cpp
Step interpolation();
Step remedies_at_test_time();  // remedies_at_test_time.cpp
Step your_runs();
Step recap();  // recap.cpp

}  // namespace length_lab
}  // namespace pelab
