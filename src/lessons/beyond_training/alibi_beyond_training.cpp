// PE Lab — lessons/beyond_training/alibi_beyond_training.cpp
// Lesson "beyond-training", step "alibi-beyond-training": where a query at the end of a long context puts its
// attention — the share beyond the training length for plain RoPE and ALiBi on the same random contents, by
// context length — and the prediction on ALiBi's new bias values.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the shared computation
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/relative/alibi.h"
#include "core/rope/long_context.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] the shared computation
AlibiMass alibi_mass(const Inputs& in) {
    AlibiMass m;
    m.L = in.L;
    m.n = in.context();
    m.heads = in.heads;
    m.slopes = alibi_slopes(in.heads);
    const Eigen::MatrixXd logits = random_content_logits(in.d, m.n, static_cast<std::uint64_t>(in.seed),
                                                         {rope_default_inv_freq(in.d, in.base), Eigen::VectorXd()});
    m.none = attention_mass_beyond(logits.col(0), m.L);
    const Eigen::VectorXd content = logits.col(1);
    for (int h = 0; h < m.heads; ++h) {
        Eigen::VectorXd with_bias = content;
        for (int dlt = 0; dlt < m.n; ++dlt) with_bias(dlt) -= m.slopes[static_cast<std::size_t>(h)] * dlt;
        m.per_head.push_back(attention_mass_beyond(with_bias, m.L));
    }
    m.gentle = static_cast<int>(std::min_element(m.slopes.begin(), m.slopes.end()) - m.slopes.begin());
    m.steep = static_cast<int>(std::max_element(m.slopes.begin(), m.slopes.end()) - m.slopes.begin());
    return m;
}

double AlibiMass::mean(int N) const {
    double sum = 0.0;
    for (const Eigen::VectorXd& h : per_head) sum += h(N - 1);
    return sum / heads;
}

// [SECTION] views
static std::vector<ViewData> alibi_beyond_training_views(const Inputs& in, Lang lang) {
    const AlibiMass mass = alibi_mass(in);
    const int L = mass.L, n = mass.n;
    CurveView curve;
    curve.x_axis = say(lang, {"上下文长度 N（查询在最后一个位置）", "context length N (the query at the last position)"});
    curve.y_axis = say(lang, {"距离 Δ ≥ L 的键得到的注意力", "attention on keys at distance Δ ≥ L"});
    std::vector<double> share, y_none, y_mean, y_gentle;
    const int samples = 200;
    for (int s = 0; s <= samples; ++s) {
        const int len = L + static_cast<int>(std::lround(static_cast<double>(n - L) * s / samples));
        curve.x.push_back(len);
        share.push_back(static_cast<double>(len - L) / len);
        y_none.push_back(mass.none(len - 1));
        y_mean.push_back(mass.mean(len));
        y_gentle.push_back(mass.per_head[static_cast<std::size_t>(mass.gentle)](len - 1));
    }
    curve.series = {share, y_none, y_mean, y_gentle};
    curve.series_labels = {say(lang, {"L 之外的键所占比例", "share of keys beyond L"}), say(lang, {"RoPE（无距离惩罚）", "RoPE (no distance penalty)"}),
                           say(lang, {"ALiBi：各头平均", "ALiBi: mean over heads"}), say(lang, {"ALiBi：最平缓的头", "ALiBi: gentlest head"})};
    const double m_gentle = mass.slopes[static_cast<std::size_t>(mass.gentle)];
    const std::vector<std::string> notes = {
        say(lang, {"随机内容（随机种子 {seed}），logit = 查询向量 · 键向量 / √d；d = {d}，base = {base}，L = {L}。",
                   "Random contents (random seed {seed}), logit = query vector · key vector / √d; d = {d}, base = {base}, L = {L}."},
            {{"seed", integer(in.seed)}, {"d", integer(in.d)}, {"base", num(in.base)}, {"L", integer(L)}}),
        say(lang, {"N = {n} 时落在 L 之外的注意力：键数比例 {share}；不缩放的 RoPE {none}；ALiBi 各头平均 {mean}，"
                   "最平缓的头 {gentle}，最陡的头 {steep}。",
                   "Attention beyond L at N = {n}: share of keys {share}; plain RoPE {none}; ALiBi mean {mean}, gentlest "
                   "head {gentle}, steepest {steep}."},
            {{"n", integer(n)}, {"share", num(static_cast<double>(n - L) / n, 4)}, {"none", num(mass.none(n - 1), 4)},
             {"mean", num(mass.mean(n), 4)},
             {"gentle", num(mass.per_head[static_cast<std::size_t>(mass.gentle)](n - 1), 4)},
             {"steep", num(mass.per_head[static_cast<std::size_t>(mass.steep)](n - 1), 4)}}),
        say(lang, {"ALiBi 在 L 之外的偏置是训练中没有出现过的值：最平缓的头（m = {m}）在训练中最低到 −m·(L − 1) = {trained}，"
                   "在 N = {n} 时到 −m·(N − 1) = {longest}。",
                   "Beyond L the ALiBi biases are values never met in training: the gentlest head (m = {m}) fell to "
                   "−m·(L − 1) = {trained} in training and falls to −m·(N − 1) = {longest} at N = {n}."},
            {{"m", num(m_gentle, 4)}, {"trained", num(-m_gentle * (L - 1))}, {"n", integer(n)}, {"longest", num(-m_gentle * (n - 1))}}),
    };
    return {make_view(say(lang, {"落在训练长度之外的注意力：RoPE 与 ALiBi", "Attention beyond the training length: RoPE and ALiBi"}),
                      curve, notes)};
}

// [SECTION] the step and its questions
Step alibi_beyond_training() {
    Step s = {
        "alibi-beyond-training",
        {"训练长度之外的注意力", "Attention beyond the training length"},
        {"曲线在同一组随机内容上度量：查询在 N 个位置的最后一个时，落在距离 Δ ≥ L 的键上的注意力。"
         "比较不缩放的 RoPE（没有随距离的惩罚）、ALiBi 各头的平均和最平缓的头；第一条曲线是 L 之外的键所占的比例，注意力若不偏向任何距离就会落在它上面。",
         "The curve measures, on the same random contents, the attention that a query at the last of N positions puts "
         "on keys at distance Δ ≥ L. It compares plain RoPE (no penalty by distance), the mean of the ALiBi heads and "
         "the gentlest head; the first curve is the share of keys beyond L, where attention that favours no distance "
         "would lie."},
        {"heads", "original_max", "seq_len", "d", "base", "seed"},
        views_of(read_inputs, alibi_beyond_training_views),
        {{R"tex(\text{超出 }L\text{ 的部分}=\sum_{\Delta\ge L}\mathrm{softmax}_\Delta\Bigl(\frac{\mathbf{q}^\top\mathbf{k}_\Delta}{\sqrt{d}}-m_h\,\Delta\Bigr))tex", R"tex(\text{beyond }L=\sum_{\Delta\ge L}\mathrm{softmax}_\Delta\Bigl(\frac{\mathbf{q}^\top\mathbf{k}_\Delta}{\sqrt{d}}-m_h\,\Delta\Bigr))tex"}},
    };
    s.takeaway = {"N = {n} 时，RoPE 有 {none} 的注意力落在 L 之外，约等于那里键的比例（随机内容不偏向任何距离）；ALiBi 只有 {alibi}：L 之外的偏置只会更负。",
                  "At N = {n}, RoPE puts {none} of its attention beyond L, about the share of keys there (random contents favour "
                  "no distance); ALiBi {alibi}: past L its biases only fall, so far keys fade."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const AlibiMass mass = alibi_mass(in);
        return std::vector<Arg>{{"n", integer(mass.n)}, {"none", num(mass.none(mass.n - 1), 3)}, {"alibi", num(mass.mean(mass.n), 3)}};
    });
    s.questions = {
        {{"ALiBi 在 logit 上加 −m·Δ。超过训练长度 L 之后，新出现的偏置值会怎样？",
          "ALiBi adds −m·Δ to the logits. Past the training length L, what do the new bias values do?"},
         {{"只会更负", "They only grow more negative"},
          {"变成正数", "They turn positive"},
          {"重复训练中见过的值", "They repeat values seen in training"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const std::vector<double> slopes = alibi_slopes(in.heads);
             const double m = slopes.empty() ? 0.0 : *std::min_element(slopes.begin(), slopes.end());
             const int L = in.L, N = in.context();
             return say(lang,
                        {"最平缓的头斜率 m = {m}：训练中偏置最低到 −m·(L − 1) = {train}，在 N = {N} 时到 −m·(N − 1) = {now}。"
                         "偏置随距离单调下降，所以远处的键只会被压得更低：相隔 1000 个位置的键权重乘以 e^(−1000m) = {weight}。",
                         "The gentlest head has slope m = {m}: in training its bias went down to −m·(L − 1) = {train}, at "
                         "N = {N} it reaches −m·(N − 1) = {now}. The bias falls steadily with distance, so distant keys "
                         "are only pushed further down: a key 1000 positions back is weighted by e^(−1000m) = {weight}."},
                        {{"m", num(m, 4)}, {"train", num(-m * (L - 1))}, {"N", integer(N)}, {"now", num(-m * (N - 1))},
                         {"weight", num(std::exp(-1000.0 * m))}});
         }},
    };
    s.questions[0].predict = true;
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
