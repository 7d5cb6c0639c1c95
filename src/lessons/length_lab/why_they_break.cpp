// PE Lab — lessons/length_lab/why_they_break.cpp
// Step "why-they-break" of lesson "length-lab": the reference runs' exact match per scheme at lengths within and
// beyond training, the cell past training marked where the scheme holds or breaks, and why each does, tied to
// the lessons that showed the mechanism.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/lab/lab_model.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> why_views(const Inputs& in, Lang lang) {
    const std::vector<int> lengths = {8, kTrainMax, kFirstBeyond, 24, 32};
    TableView t;
    t.values = RowMatrix::Constant(static_cast<Eigen::Index>(schemes().size()), static_cast<Eigen::Index>(lengths.size()),
                                   std::numeric_limits<double>::quiet_NaN());
    t.decimals = 2;
    t.corner = say(lang, {"方案", "scheme"});
    for (const int n : lengths) t.col_labels.push_back("n = " + integer(n));
    std::vector<std::vector<Spread>> spreads;
    size_t runs_per_scheme = 0;  // for the title: the reference runs behind each mean
    for (size_t r = 0; r < schemes().size(); ++r) {
        const std::string& pe = schemes()[r];
        t.row_labels.push_back(scheme_with_reason(pe, in.task, lang));  // the reason beside the numbers
        const auto refs = reference_runs(in.task, pe);
        runs_per_scheme = std::max(runs_per_scheme, refs.size());
        spreads.emplace_back();
        for (size_t c = 0; c < lengths.size(); ++c) {
            const Spread s = exact_spread(refs, lengths[c]);
            spreads.back().push_back(s);
            t.values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = s.mean;
        }
        const Spread beyond = spreads.back()[2];
        if (beyond.runs > 0) {
            const bool holds = beyond.mean >= kHoldsShare;
            t.marks.push_back({static_cast<int>(r), 2, holds, holds ? say(lang, {"仍有对的", "holds"}) : say(lang, {"崩溃", "breaks"})});
        }
    }
    t.explain = [spreads, lengths, lang](int r, int c) {
        const Spread& s = spreads[static_cast<size_t>(r)][static_cast<size_t>(c)];
        if (s.runs == 0) return std::string();
        return say(lang, {"n = {n}：{runs} 次运行的平均 {mean}，最低 {lo}，最高 {hi}。",
                          "n = {n}: mean of {runs} runs {mean}, lowest {lo}, highest {hi}."},
                   {{"n", integer(lengths[static_cast<size_t>(c)])},
                    {"runs", integer(s.runs)},
                    {"mean", num(s.mean, 3)},
                    {"lo", num(s.lo, 3)},
                    {"hi", num(s.hi, 3)}});
    };
    std::vector<std::string> notes;
    if (!data_status(lang).empty()) notes.push_back(data_status(lang));
    notes.push_back(say(lang, {"“仍有对的”：n = {n} 时平均至少 {share} 的样本完全正确。每行写着原因：训练没教过它读的东西，或没有。",
                               "\"holds\": at n = {n} a mean of at least {share} of the samples is exactly right. Each row names "
                               "its reason: what training never taught it to read, or none."},
                        {{"n", integer(kFirstBeyond)}, {"share", num(kHoldsShare, 2)}}));
    return {make_view(say(lang, {"参考运行：完全正确的比例（{task}，{runs} 次运行的平均）", "Reference runs: exact match ({task}, mean of {runs} runs)"},
                          {{"task", task_label(in.task, lang)}, {"runs", integer(static_cast<long long>(runs_per_scheme))}}),
                      std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step why_they_break() {
    Step s{
        "why-they-break",
        {"超过训练长度：每个方案为什么崩溃或撑住", "Past training: why each scheme breaks or holds"},
        {"可学习位置表：位置 {last_position} 以后的行从没被训练过，只是初始化时的随机向量（见 [[lesson:absolute-pe|绝对位置编码]]）。"
         "正弦表：每个位置的向量都有定义，但模型只学会了读训练中见过的那些组合，新位置的向量对它来说也是陌生的。"
         "RoPE：注意力只取决于距离 Δ，但照抄要的 Δ = n 在训练中最多是 {train_max}，在更大的 Δ 上，查询–键匹配遇到的是没学过去匹配的角度 Δθ（见 [[lesson:long-context/unseen-angles|没见过的角度]]）。"
         "ALiBi：偏置是 −m·Δ（m 是每个头的斜率），训练中见过的距离在长序列里还是同样的距离，只是多了更远、被压得更低的位置（见 [[lesson:beyond-training/alibi|ALiBi]]）。"
         "T5：每个桶的偏置都在训练中学过，但照抄在训练中从没从 Δ > {train_max} 处读过，所以这些桶的偏置没学会指向照抄的来源；"
         "而且从 Δ = {t5_exact} 起对数分桶把几个距离并进一个桶，超过最大距离的全部落进最后一个桶，远处的确切偏移分不出来（见 [[lesson:t5-bias|T5 偏置]]）。"
         "NoPE：没有位置信息，只能靠[[causal-mask|因果掩码]]间接推断位置。"
         "论文里的另一种补救是训练时从更长的范围里随机抽取位置编号（随机位置编码），让测试时的位置都不陌生。",
         "The learned table: rows past position {last_position} were never trained; they are the random vectors of the "
         "initialisation (see [[lesson:absolute-pe|absolute positions]]). The sinusoidal table: every position has "
         "a vector, but the model only learned to read the combinations it saw in training, and a new position's "
         "vector is just as strange to it. RoPE: attention depends on the distance Δ only, but the copy's Δ = n was "
         "at most {train_max} in training, and at a larger Δ the query–key match meets angles Δθ it never learned to match (see "
         "[[lesson:long-context/unseen-angles|unseen angles]]). ALiBi: the bias is −m·Δ (m, each head's slope); the "
         "distances seen in training are the same distances in a longer sequence, with farther positions added and "
         "pushed down (see [[lesson:beyond-training/alibi|ALiBi]]). T5: every bucket's bias was trained, but the copy "
         "never read from Δ > {train_max} in training, so those buckets never learned to point at the copy's source; and from "
         "Δ = {t5_exact} on, the logarithmic buckets lump several distances together (every one past the largest distance in the last), "
         "so a far offset cannot be singled out (see [[lesson:t5-bias|the T5 bias]]). NoPE: no "
         "position information at all, only what the [[causal-mask|causal mask]] lets a model infer. Another remedy "
         "from the papers draws the position numbers at random from a longer range in training (randomized "
         "positional encodings), so that no position at test time is new."},
        {"task"},
        views_of(read_inputs, why_views),
        {{R"tex(\text{可学习表：} \mathbf{h}_p = \mathbf{e}(x_p) + P[p], \quad p \ge 32 \text{ 的 } P[p] \text{ 从未训练})tex",
          R"tex(\text{learned: } \mathbf{h}_p = \mathbf{e}(x_p) + P[p], \quad P[p] \text{ never trained for } p \ge 32)tex"},
         {R"tex(\text{RoPE：} \mathrm{score} = \mathbf{q}^{\top} R(\Delta\theta)\, \mathbf{k} \qquad \text{ALiBi：} \mathrm{score} = \mathbf{q}^{\top} \mathbf{k} - m\,\Delta)tex",
          R"tex(\text{RoPE: } \mathrm{score} = \mathbf{q}^{\top} R(\Delta\theta)\, \mathbf{k} \qquad \text{ALiBi: } \mathrm{score} = \mathbf{q}^{\top} \mathbf{k} - m\,\Delta)tex"}},
    };
    s.body_args = setup_args;
    s.takeaway = {"n = {max} 时有效的 {held} 个方案里，{fell} 个到 n = {n} 崩溃：都要用训练没教过的行或 Δ > {reach}。{kept}",
                  "Of the {held} schemes that hold at n = {max}, {fell} break by n = {n}, each needing a new row or an "
                  "offset Δ > {reach} that training never taught.{kept}"};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        int held = 0, fell = 0;
        std::string kept;
        double kept_share = -1;
        bool known = true;
        for (const std::string& pe : schemes()) {
            const auto refs = reference_runs(in.task, pe);
            const Spread within = exact_spread(refs, kTrainMax), beyond = exact_spread(refs, kFirstBeyond);
            if (within.runs == 0 || beyond.runs == 0) {
                known = false;
                continue;
            }
            if (within.mean < kHoldsShare) continue;
            ++held;
            if (beyond.mean < kHoldsShare) {
                ++fell;
            } else if (beyond.mean > kept_share) {  // the scheme that keeps most, with the reason in its row
                kept_share = beyond.mean;
                kept = pe == "alibi" ? say(lang, {"ALiBi 仍有 {b}：罚分 m·Δ 处处是同一条直线。",
                                                  " ALiBi keeps {b}: its penalty m·Δ is one line at every distance."},
                                           {{"b", num(beyond.mean, 2)}})
                                     : say(lang, {"{scheme} 仍有 {b}。", " {scheme} keeps {b}."},
                                           {{"scheme", scheme_label(pe, lang)}, {"b", num(beyond.mean, 2)}});
            }
        }
        return std::vector<Arg>{{"held", known ? integer(held) : std::string("…")},
                                {"max", integer(kTrainMax)},
                                {"fell", known ? integer(fell) : std::string("…")},
                                {"n", integer(kFirstBeyond)},
                                {"reach", integer(trained_reach(in.task))},
                                {"kept", known ? kept : std::string()}};
    });
    s.questions = {
        {{"可学习位置表在 n = 20 为什么是 0？", "Why does the learned table score 0 at n = 20?"},
         {{"它的表太短，序列被拒绝了", "its table is too short and the sequence is refused"},
          {"从位置 32 起的行从未被训练", "the rows past position 31 were never trained"},
          {"它的注意力只看距离", "its attention looks at distance only"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const Spread within = exact_spread(reference_runs(in.task, "learned"), kTrainMax);
             const Spread beyond = exact_spread(reference_runs(in.task, "learned"), kFirstBeyond);
             if (beyond.runs == 0) return data_status(lang);
             return say(lang, {"表有 {rows} 行，足够长；但训练序列最长 {tokens} 个 token，从第 {tokens} 行起（从 0 数）没有一行得到过梯度。"
                               "参考运行（{task}）的平均：n = {max} 时 {within}，n = {n} 时 {beyond}。",
                               "The table has {rows} rows, long enough; but training sequences are at most {tokens} tokens, so no row "
                               "from {tokens} on ever got a gradient. The reference runs' means ({task}): {within} at n = {max}, "
                               "{beyond} at n = {n}."},
                        {{"rows", integer(lab::ModelConfig{}.max_positions)},
                         {"tokens", integer(2 * kTrainMax)},
                         {"task", task_label(in.task, lang)},
                         {"max", integer(kTrainMax)},
                         {"within", num(within.mean, 2)},
                         {"n", integer(kFirstBeyond)},
                         {"beyond", num(beyond.mean, 2)}});
         }},
    };
    return s;
}

}  // namespace length_lab
}  // namespace pelab
