// PE Lab — tests/lessons/lab_reference_sets_test.cpp
// The reference file's sets on the lab's board: base (the 1,500-step plain runs and the PI runs) stays what
// the lesson's means were made of, whatever sets the file holds beside it; the 6,000-step runs, the test-time
// scalings and the fine-tunes are each read into a member of their own and selected by scheme, scaling and
// factor; a malformed entry of any set refuses the file whole, and a set this reader does not know is left out.
// Nothing here trains: the runs are the file's (made by scripts/lab_reference_runs.sh) or written below.
//
// [SECTION] helpers
// [SECTION] base: the lesson's means as they were
// [SECTION] the other sets in the shipped file
// [SECTION] the sets read from a small file
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "lessons/length_lab/lab_board.h"
#include "lessons/length_lab/length_lab.h"
#include "lab_reference_data.h"

namespace pelab {
namespace {

namespace board = lab_board;

// [SECTION] helpers
class LabReferenceSets : public ::testing::Test {
protected:
    void SetUp() override { board::reset(); load_lab_reference_runs_for_tests(); }
    void TearDown() override { board::reset(); load_lab_reference_runs_for_tests(); }
};

double mean_exact(const std::vector<const board::ReferenceRun*>& runs, int n,
                  const board::Scores board::RunResult::*pick = &board::RunResult::scores) {
    double sum = 0;
    for (const board::ReferenceRun* run : runs) sum += (run->result.*pick).exact_at(n);
    return runs.empty() ? std::nan("") : sum / static_cast<double>(runs.size());
}

const std::vector<std::string> kSchemes = {"nope", "learned", "sinusoidal", "rope", "alibi", "t5"};

// [SECTION] base: the lesson's means as they were
// The numbers below are those of the base set as the lesson first shipped it (the file's 39 runs before the
// other sets were added beside them): adding sets must not move one of them.
TEST_F(LabReferenceSets, BaseHoldsTheSameThirtyNineRunsAndMeans) {
    const auto& reference = board::board().reference;
    ASSERT_EQ(reference.size(), 39u);
    double exact = 0, token = 0;
    for (const board::ReferenceRun& run : reference) {
        EXPECT_EQ(run.kind, "");
        EXPECT_EQ(run.train_steps, 1500) << run.pe << " " << run.task << " " << run.seed;
        EXPECT_EQ(run.result.config.at("train_steps"), "1500");
        for (size_t i = 0; i < run.result.scores.n.size(); ++i) {
            exact += run.result.scores.exact[i];
            token += run.result.scores.token[i];
        }
    }
    EXPECT_EQ(exact, 105.93359375);  // shares of 256 samples: exact in any order of summing
    EXPECT_NEAR(token, 211.0872023809523, 1e-9);
    for (const char* task : {"copy", "reverse"})
        for (const std::string& pe : kSchemes) {
            EXPECT_EQ(length_lab::reference_runs(task, pe).size(), 3u) << task << " " << pe;
            EXPECT_EQ(length_lab::reference_runs(task, pe, true).size(), pe == "rope" && std::string(task) == "copy" ? 3u : 0u);
        }
    EXPECT_DOUBLE_EQ(mean_exact(length_lab::reference_runs("copy", "alibi"), 20), 0.4036458333333333);
    const auto pi = length_lab::reference_runs("copy", "rope", true);
    EXPECT_DOUBLE_EQ(mean_exact(pi, 24, &board::RunResult::finetune_scores), 0.6783854166666666);
    EXPECT_EQ(mean_exact(pi, 16, &board::RunResult::pi_scores), 0.0);
    double t5_loss = 0;
    for (const board::ReferenceRun* run : length_lab::reference_runs("copy", "t5")) t5_loss += run->result.loss.back().second;
    EXPECT_DOUBLE_EQ(t5_loss / 3, 0.466618489275376);
}

// [SECTION] the other sets in the shipped file
TEST_F(LabReferenceSets, TheLongerRunsAreSixSchemesAtSixThousandSteps) {
    const auto& longer = board::board().reference_longer;
    ASSERT_EQ(longer.size(), 18u);
    for (const std::string& pe : kSchemes) {
        const auto runs = board::longer_runs("copy", pe);
        ASSERT_EQ(runs.size(), 3u) << pe;
        for (long long seed = 0; seed < 3; ++seed) {
            const board::ReferenceRun& run = *runs[static_cast<size_t>(seed)];
            EXPECT_EQ(run.seed, seed);
            EXPECT_EQ(run.kind, "longer");
            EXPECT_EQ(run.train_steps, 6000);
            EXPECT_EQ(run.result.loss.back().first, 6000);  // the curve reaches the last step
            EXPECT_EQ(run.scaling, "none");
            EXPECT_EQ(run.result.scores.n, length_lab::reference_lengths());
        }
        // Base's runs of the same scheme are still the 1,500-step ones.
        for (const board::ReferenceRun* run : length_lab::reference_runs("copy", pe)) EXPECT_EQ(run->train_steps, 1500);
    }
    EXPECT_TRUE(board::longer_runs("reverse", "rope").empty());
}

TEST_F(LabReferenceSets, TheTestTimeScalingsScoreThePlainRopeModels) {
    EXPECT_EQ(board::board().reference_scaled.size(), 27u);
    // none once: the plain model as it was trained, so its scores are base's rope/copy runs' exactly.
    const auto none = board::scaled_runs("copy", "none", 1);
    const auto plain = length_lab::reference_runs("copy", "rope");
    ASSERT_EQ(none.size(), 3u);
    ASSERT_EQ(plain.size(), 3u);
    for (size_t k = 0; k < 3; ++k) {
        EXPECT_EQ(none[k]->seed, plain[k]->seed);
        EXPECT_EQ(none[k]->result.scores.exact, plain[k]->result.scores.exact);
        EXPECT_EQ(none[k]->result.scores.token, plain[k]->result.scores.token);
    }
    for (const char* scaling : {"linear", "ntk", "dynamic", "yarn"})
        for (const double factor : {2.0, 3.0}) {
            const auto runs = board::scaled_runs("copy", scaling, factor);
            ASSERT_EQ(runs.size(), 3u) << scaling << " " << factor;
            for (long long seed = 0; seed < 3; ++seed) {
                const board::ReferenceRun& run = *runs[static_cast<size_t>(seed)];
                EXPECT_EQ(run.seed, seed);
                EXPECT_EQ(run.kind, "scaled");
                EXPECT_EQ(run.scaling, scaling);
                EXPECT_EQ(run.factor, factor);
                EXPECT_EQ(run.train_steps, 1500);
                EXPECT_TRUE(run.result.loss.empty());  // lab eval: scores only
                EXPECT_EQ(&run.under_scaling(), &run.result.scores);
                EXPECT_EQ(run.result.scores.n, length_lab::reference_lengths());
            }
        }
    EXPECT_TRUE(board::scaled_runs("copy", "ntk", 4).empty());
}

TEST_F(LabReferenceSets, TheFineTunesAreTheControlPiNtkAndYarn) {
    const std::vector<std::string> order = {"none", "linear", "ntk", "yarn"};
    const auto& finetune = board::board().reference_finetune;
    ASSERT_EQ(finetune.size(), 12u);
    for (size_t i = 0; i < finetune.size(); ++i) EXPECT_EQ(finetune[i].scaling, order[i / 3]) << i;
    for (const std::string& scaling : order) {
        const auto runs = board::finetune_runs("copy", scaling);
        ASSERT_EQ(runs.size(), 3u) << scaling;
        for (long long seed = 0; seed < 3; ++seed) {
            const board::ReferenceRun& run = *runs[static_cast<size_t>(seed)];
            EXPECT_EQ(run.seed, seed);
            EXPECT_EQ(run.train_steps, 1500);
            EXPECT_EQ(run.factor, scaling == "none" ? 1.0 : 2.0);
            EXPECT_EQ(run.result.config.at("finetune_steps"), "200");
            EXPECT_EQ(run.result.config.at("finetune_max"), "32");
            EXPECT_FALSE(run.result.finetune_scores.empty());
            EXPECT_EQ(run.result.finetune_loss.back().first, 200);
            EXPECT_FALSE(run.under_scaling().empty());
        }
    }
    // The control: the same model and steps without a scaling, so before its fine-tune it is base's plain run.
    const auto control = board::finetune_runs("copy", "none");
    const auto plain = length_lab::reference_runs("copy", "rope");
    for (size_t k = 0; k < 3; ++k) {
        EXPECT_EQ(control[k]->kind, "finetune");
        EXPECT_EQ(control[k]->result.scores.exact, plain[k]->result.scores.exact);
        EXPECT_EQ(control[k]->result.loss, plain[k]->result.loss);
    }
    // linear: base's PI runs themselves (the lesson's PI means read the same numbers).
    const auto linear = board::finetune_runs("copy", "linear");
    const auto pi = length_lab::reference_runs("copy", "rope", true);
    for (size_t k = 0; k < 3; ++k) {
        EXPECT_EQ(linear[k]->kind, "");
        EXPECT_EQ(linear[k]->result.finetune_scores.exact, pi[k]->result.finetune_scores.exact);
        EXPECT_EQ(&linear[k]->under_scaling(), &linear[k]->result.pi_scores);
    }
    for (const char* scaling : {"ntk", "yarn"})
        for (const board::ReferenceRun* run : board::finetune_runs("copy", scaling)) {
            EXPECT_EQ(run->result.config.at("scaling"), scaling);
            EXPECT_EQ(&run->under_scaling(), &run->result.scaled_scores);
        }
}

// [SECTION] the sets read from a small file
// One run of each set, written here, so that the reading is tested apart from the shipped numbers.
std::string small_file(const std::string& extra_run = "") {
    const std::string config = R"("config":{"task":"copy","pe":"rope","train_steps":1500,"pi":1,"finetune_steps":0})";
    const std::string scores = R"("exact":{"4":1,"20":0.25},"token":{"4":1,"20":0.5})";
    return R"({"format":"pelab-lab-reference-runs/1","runs":[)"
           R"({"task":"copy","pe":"rope","seed":0,)" + config + R"(,"loss":[[1,2],[1500,0.1]],)" + scores + "},"
           R"({"task":"copy","pe":"rope","seed":0,"config":{"task":"copy","pe":"rope","train_steps":1500,"pi":2,)"
           R"("finetune_steps":200},"loss":[[1,2]],)" + scores +
           R"(,"pi":{"exact":{"4":0.5},"token":{"4":0.75}},"finetune":{"loss":[[1,1],[200,0.2]],)" + scores + "}},"
           R"({"kind":"longer","task":"copy","pe":"t5","seed":1,"config":{"task":"copy","pe":"t5","train_steps":6000},)"
           R"("loss":[[6000,0.01]],)" + scores + "},"
           R"({"kind":"scaled","task":"copy","pe":"rope","seed":2,"train_steps":1500,"scaling":"ntk","factor":3,)"
           R"("config":{"pe":"rope","task":"copy","scaling":"ntk","factor":3,"train_max":16},)" + scores + "},"
           R"({"kind":"finetune","task":"copy","pe":"rope","seed":0,"scaling":"yarn","factor":2,)"
           R"("config":{"task":"copy","pe":"rope","train_steps":1500,"pi":1,"finetune_steps":200,"scaling":"yarn",)"
           R"("factor":2},"loss":[[1,2]],)" + scores + R"(,"scaled":{"exact":{"4":0.125},"token":{"4":0.5}},)"
           R"("finetune":{"loss":[[200,0.3]],)" + scores + "}},"
           R"({"kind":"finetune","task":"copy","pe":"rope","seed":0,"scaling":"none","factor":1,)"
           R"("config":{"task":"copy","pe":"rope","train_steps":1500,"pi":1,"finetune_steps":200},"loss":[[1,2]],)" +
           scores + R"(,"finetune":{"loss":[[200,0.4]],)" + scores + "}}" + extra_run + "]}";
}

TEST_F(LabReferenceSets, EachSetIsReadIntoItsOwnMember) {
    ASSERT_EQ(board::set_reference_runs(small_file()), "");
    const board::Board& b = board::board();
    ASSERT_EQ(b.reference.size(), 2u);  // base only: the plain run and the PI run
    EXPECT_EQ(b.reference[1].scaling, "linear");
    EXPECT_EQ(b.reference[1].factor, 2);
    ASSERT_EQ(b.reference_longer.size(), 1u);
    EXPECT_EQ(b.reference_longer[0].train_steps, 6000);
    EXPECT_EQ(board::longer_runs("copy", "t5").size(), 1u);
    ASSERT_EQ(board::scaled_runs("copy", "ntk", 3).size(), 1u);
    EXPECT_TRUE(board::scaled_runs("copy", "ntk", 2).empty());
    EXPECT_EQ(board::scaled_runs("copy", "ntk", 3)[0]->seed, 2);
    EXPECT_EQ(board::scaled_runs("copy", "ntk", 3)[0]->train_steps, 1500);
    // Fine-tunes ordered none, linear (base's PI run), yarn, whatever the file's order.
    ASSERT_EQ(b.reference_finetune.size(), 3u);
    EXPECT_EQ(b.reference_finetune[0].scaling, "none");
    EXPECT_EQ(b.reference_finetune[1].scaling, "linear");
    EXPECT_EQ(b.reference_finetune[2].scaling, "yarn");
    EXPECT_EQ(b.reference_finetune[0].under_scaling().exact_at(20), 0.25);   // none: its plain scores
    EXPECT_EQ(b.reference_finetune[1].under_scaling().exact_at(4), 0.5);     // linear: "pi"
    EXPECT_EQ(b.reference_finetune[2].under_scaling().exact_at(4), 0.125);   // yarn: "scaled"
    EXPECT_EQ(b.reference_finetune[2].result.finetune_loss.back().second, 0.3);
    // The lesson's selection of base is unchanged by the other sets.
    EXPECT_EQ(length_lab::reference_runs("copy", "rope").size(), 1u);
    EXPECT_EQ(length_lab::reference_runs("copy", "rope", true).size(), 1u);
    EXPECT_TRUE(length_lab::reference_runs("copy", "t5").empty());
}

TEST_F(LabReferenceSets, AnUnknownSetIsLeftOutAndAMalformedOneRefusesTheFile) {
    ASSERT_EQ(board::set_reference_runs(small_file(
                  R"(,{"kind":"later","task":"copy","pe":"t5","seed":0,"config":{},"exact":{},"token":{}})")),
              "");
    EXPECT_EQ(board::board().reference.size(), 2u);
    EXPECT_TRUE(length_lab::reference_runs("copy", "t5").empty());

    const size_t before = board::board().reference_scaled.size();
    // A scaled entry without the model's training steps, or without its scaling, is malformed.
    for (const char* bad : {R"(,{"kind":"scaled","task":"copy","pe":"rope","seed":0,"scaling":"ntk","factor":2,"exact":{},"token":{}})",
                            R"(,{"kind":"scaled","task":"copy","pe":"rope","seed":0,"train_steps":1500,"exact":{},"token":{}})",
                            R"(,{"kind":"finetune","task":"copy","pe":"rope","seed":0,"scaling":"yarn","exact":{},"token":{}})",
                            R"(,{"kind":7,"task":"copy","pe":"rope","seed":0,"exact":{},"token":{}})"}) {
        EXPECT_EQ(board::set_reference_runs(small_file(bad)), "reference runs: run 7 is malformed") << bad;
        EXPECT_EQ(board::board().reference_scaled.size(), before);  // the board kept what it had
        EXPECT_EQ(board::board().reference.size(), 2u);
    }
}

}  // namespace
}  // namespace pelab
