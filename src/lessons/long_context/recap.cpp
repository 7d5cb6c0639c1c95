// PE Lab — lessons/long_context/recap.cpp
// Lesson "long-context", step "recap": the lesson's claims side by side — per scaling what it does to the fastest
// and the slowest pair, the slow pairs it leaves at new angles and its lowest score beyond L against the floor met
// in training — each claim linked to the step that shows it.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/long_context.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// What the recap table shows of each scaling's costs: pair 0 slowed, slow pairs left at new angles, the last pair
// slowed past 1/s (over-compressed), a score past L below the floor met in training.
namespace {
struct RecapRow {
    double first = 1, last = 1, unseen = 0, lowest = 0;
    bool slowed_first = false, at_new_angles = false, over_compressed = false, below_floor = false;
};
}  // namespace
static std::vector<RecapRow> recap_rows(const Inputs& in, const DiagnosisScores& d) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const Eigen::Index last = theta.size() - 1;
    std::vector<RecapRow> rows;
    for (std::size_t row = 0; row < all_scalings().size(); ++row) {
        const Eigen::VectorXd th = scaled(in, all_scalings()[row]).inv_freq;
        RecapRow r;
        r.first = th(0) / theta(0);
        r.last = th(last) / theta(last);
        r.unseen = d.summary(static_cast<Eigen::Index>(row), 0);
        r.lowest = d.summary(static_cast<Eigen::Index>(row), 3);
        r.slowed_first = r.first < 1.0 - 1e-9;
        r.at_new_angles = r.unseen > 0;
        r.over_compressed = r.last < (1.0 - 1e-9) / in.factor;
        r.below_floor = r.lowest < d.floor;
        rows.push_back(r);
    }
    return rows;
}

static std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const DiagnosisScores d = diagnosis_scores(in);
    const std::vector<RecapRow> rows = recap_rows(in, d);
    TableView t;
    t.values.resize(6, 4);
    for (int row = 0; row < 6; ++row) {
        const RopeScaling kind = all_scalings()[static_cast<std::size_t>(row)];
        const RecapRow& r = rows[static_cast<std::size_t>(row)];
        t.values.row(row) << r.first, r.last, r.unseen, r.lowest;
        t.row_labels.push_back(scaling_label(kind, lang));
        if (r.slowed_first) t.marks.push_back({row, 0, false, say(lang, {"变慢", "slowed"})});
        if (r.over_compressed) t.marks.push_back({row, 1, false, say(lang, {"压缩过度", "over-compressed"})});
        t.marks.push_back({row, 2, !r.at_new_angles,
                           say(lang, r.at_new_angles ? Text{"有新角度", "unseen angles"} : Text{"无新角度", "none unseen"})});
        if (r.below_floor) t.marks.push_back({row, 3, false, say(lang, {"低于下限", "below the floor"})});
    }
    t.col_labels = {say(lang, {"第 0 对 θ′/θ", "pair 0 θ′/θ"}), say(lang, {"最后一对 θ′/θ", "last pair θ′/θ"}),
                    say(lang, {"新角度的对", "unseen pairs"}), say(lang, {"L 之外最低分数", "lowest score past L"})};
    t.col_decimals = {-1, -1, 0, -1};
    t.decimals = 4;
    t.corner = say(lang, {"策略", "strategy"});
    const std::vector<std::string> notes = {
        say(lang, {"d = {d}，base = {base}，L = {L}，s = {s}，seq_len = {seq}；训练中见过的最低分数（下限）= {floor}。",
                   "d = {d}, base = {base}, L = {L}, s = {s}, seq_len = {seq}; the lowest score met in training (the floor) = {floor}."},
            {{"d", integer(in.d)}, {"base", num(in.base)}, {"L", integer(in.L)}, {"s", num(in.factor)},
             {"seq", integer(in.seq_len)}, {"floor", num(d.floor, 4)}}),
    };
    return {make_view(say(lang, {"每种缩放：快对、慢对、新角度与分数", "Each scaling: fast pair, slow pair, new angles and scores"}),
                      std::move(t), notes)};
}

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：每种缩放保住什么、付出什么", "Recap: what each scaling keeps and what it pays"},
        {"底数越大，除第 0 对外每对转得越慢：绕回更晚，近处更粗（[[lesson:long-context/base-effect|底数的两个效应]]）。"
         "PI 消除了新角度，代价是每一对都慢 s 倍，局部细节也被压缩（[[lesson:long-context/pi-local-cost|PI 的代价]]）。"
         "NTK 保住快对，但慢对插值不足，仍转到新角度（[[lesson:long-context/ntk-slow-pairs|NTK 下的慢对]]）。"
         "动态 NTK 在 L 以内不改任何东西，到 s·L 时压缩过度（[[lesson:long-context/dynamic-ntk-bracket|动态 NTK 的括号]]）。"
         "YaRN 和 Llama 3 保留快对、把慢对除以 s，不留新角度（[[lesson:long-context/trade-offs|每种策略的取舍]]）。"
         "只有不缩放时，L 之外的分数跌破训练中见过的最低值（[[lesson:long-context/diagnosis-floor|诊断]]）。",
         "A larger base slows every pair but pair 0: wrapping comes later and short range gets coarser "
         "([[lesson:long-context/base-effect|the two effects of the base]]). PI removes new angles by slowing every "
         "pair by s, local detail included ([[lesson:long-context/pi-local-cost|the cost of PI]]). NTK keeps the fast "
         "pairs but interpolates the slow ones too little, so they still meet new angles "
         "([[lesson:long-context/ntk-slow-pairs|slow pairs under NTK]]). Dynamic NTK changes nothing up to L and "
         "over-compresses at s·L ([[lesson:long-context/dynamic-ntk-bracket|dynamic NTK's bracket]]). YaRN and Llama 3 "
         "keep the fast pairs and divide the slow ones by s, leaving no new angles ([[lesson:long-context/trade-offs|what each "
         "strategy trades]]). Only without scaling does the score past L fall below the lowest met in training "
         "([[lesson:long-context/diagnosis-floor|the diagnosis]])."},
        {"d", "base", "original_max", "factor", "seq_len", "preset"},
        views_of(read_inputs, recap_views),
        {{R"tex(\text{PI: }\theta_i/s,\quad \text{NTK: }\mathrm{base}\cdot s^{d/(d-2)},\quad \text{YaRN、Llama 3：快对不变，慢对 }\theta_i/s)tex",
          R"tex(\text{PI: }\theta_i/s,\quad \text{NTK: }\mathrm{base}\cdot s^{d/(d-2)},\quad \text{YaRN, Llama 3: fast kept, slow }\theta_i/s)tex"}},
    };
    s.takeaway = {"第 0 对变慢：{slow0}；留下新角度：{unseen}；最后一对慢过 1/s：{over}；都没有：{clean}（其他代价见[[lesson:long-context/trade-offs|取舍]]）。",
                  "Pair 0 slowed: {slow0}. Pairs left at new angles: {unseen}. Last pair slowed past 1/s: {over}. None of these: "
                  "{clean} ([[lesson:long-context/trade-offs|other costs]])."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const std::vector<RecapRow> rows = recap_rows(in, diagnosis_scores(in));
        // The scalings whose row shows the given cost (or, for "clean", none of them), by name.
        auto names = [&](auto pays) {
            std::string out;
            for (std::size_t row = 0; row < rows.size(); ++row)
                if (pays(rows[row])) out += (out.empty() ? "" : say(lang, {"、", ", "})) + scaling_label(all_scalings()[row], lang);
            return out.empty() ? say(lang, {"无", "none"}) : out;
        };
        return std::vector<Arg>{
            {"slow0", names([](const RecapRow& r) { return r.slowed_first; })},
            {"unseen", names([](const RecapRow& r) { return r.at_new_angles; })},
            {"over", names([](const RecapRow& r) { return r.over_compressed; })},
            {"clean", names([](const RecapRow& r) {
                 return !r.slowed_first && !r.at_new_angles && !r.over_compressed && !r.below_floor;
             })}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
