// PE Lab — lessons/long_context/alibi_beyond_training.cpp
// Lesson "long-context", step "alibi-beyond-training": where a query at the end of a long context puts its
// attention — the share beyond the training length for plain RoPE, PI and ALiBi on the same random contents,
// by context length — and the question on ALiBi's new bias values.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the shared computation
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/alibi.h"
#include "core/long_context.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] the shared computation
AlibiMass alibi_mass(const Inputs& in) {
    AlibiMass m;
    m.L = in.L;
    m.n = std::max(in.seq_len, 2 * in.L);
    m.heads = in.heads;
    m.slopes = alibi_slopes(in.heads);
    const Eigen::MatrixXd logits = random_content_logits(
        in.d, m.n, static_cast<std::uint64_t>(in.seed),
        {scaled(in, RopeScaling::none).inv_freq, scaled(in, RopeScaling::linear).inv_freq, Eigen::VectorXd()});
    m.none = attention_mass_beyond(logits.col(0), m.L);
    m.pi = attention_mass_beyond(logits.col(1), m.L);
    const Eigen::VectorXd content = logits.col(2);
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
    curve.y_axis = say(lang, {"距离 ≥ L 的键得到的注意力", "attention on keys at distance ≥ L"});
    std::vector<double> share, y_none, y_pi, y_mean, y_gentle;
    const int samples = 200;
    for (int s = 0; s <= samples; ++s) {
        const int len = L + static_cast<int>(std::lround(static_cast<double>(n - L) * s / samples));
        curve.x.push_back(len);
        share.push_back(static_cast<double>(len - L) / len);
        y_none.push_back(mass.none(len - 1));
        y_pi.push_back(mass.pi(len - 1));
        y_mean.push_back(mass.mean(len));
        y_gentle.push_back(mass.per_head[static_cast<std::size_t>(mass.gentle)](len - 1));
    }
    curve.series = {share, y_none, y_pi, y_mean, y_gentle};
    curve.series_labels = {say(lang, {"L 之外的键所占比例", "share of keys beyond L"}), scaling_label(RopeScaling::none, lang),
                           scaling_label(RopeScaling::linear, lang), say(lang, {"ALiBi：各头平均", "ALiBi: mean over heads"}),
                           say(lang, {"ALiBi：最平缓的头", "ALiBi: gentlest head"})};
    if (in.factor * L < n) {
        curve.vlines_x = {in.factor * L};
        curve.vline_labels = {"s·L"};
    }
    const double m_gentle = mass.slopes[static_cast<std::size_t>(mass.gentle)];
    const std::vector<std::string> notes = {
        say(lang, {"随机内容（随机种子 {seed}），logit = q·k/√d；d = {d}，base = {base}，PI 的 s = {s}，L = {L}。",
                   "Random contents (random seed {seed}), logit = q·k/√d; d = {d}, base = {base}, PI's s = {s}, L = {L}."},
            {{"seed", integer(in.seed)}, {"d", integer(in.d)}, {"base", num(in.base)}, {"s", num(in.factor)}, {"L", integer(L)}}),
        say(lang, {"N = {n} 时落在 L 之外的注意力：键数比例 {share}；不缩放的 RoPE {none}；PI {pi}；ALiBi 各头平均 {mean}，"
                   "最平缓的头 {gentle}，最陡的头 {steep}。",
                   "Attention beyond L at N = {n}: share of keys {share}; plain RoPE {none}; PI {pi}; ALiBi mean over "
                   "heads {mean}, gentlest head {gentle}, steepest head {steep}."},
            {{"n", integer(n)}, {"share", num(static_cast<double>(n - L) / n, 4)}, {"none", num(mass.none(n - 1), 4)},
             {"pi", num(mass.pi(n - 1), 4)}, {"mean", num(mass.mean(n), 4)},
             {"gentle", num(mass.per_head[static_cast<std::size_t>(mass.gentle)](n - 1), 4)},
             {"steep", num(mass.per_head[static_cast<std::size_t>(mass.steep)](n - 1), 4)}}),
        say(lang, {"ALiBi 在 L 之外的偏置是训练中没有出现过的值：最平缓的头（m = {m}）在训练中最低到 −m·(L − 1) = {trained}，"
                   "在 N = {n} 时到 −m·(N − 1) = {longest}。",
                   "Beyond L the ALiBi biases are values never met in training: the gentlest head (m = {m}) went down to "
                   "−m·(L − 1) = {trained} in training and reaches −m·(N − 1) = {longest} at N = {n}."},
            {{"m", num(m_gentle, 4)}, {"trained", num(-m_gentle * (L - 1))}, {"n", integer(n)}, {"longest", num(-m_gentle * (n - 1))}}),
    };
    return {make_view(say(lang, {"落在训练长度之外的注意力：RoPE、PI 与 ALiBi", "Attention beyond the training length: RoPE, PI and ALiBi"}),
                      curve, notes)};
}

// [SECTION] the step and its questions
Step alibi_beyond_training() {
    Step s = {
        "alibi-beyond-training",
        {"训练长度之外的注意力", "Attention beyond the training length"},
        {"ALiBi 能外推，是因为 L 之外新出现的偏置只会更负：越远的键得到的注意力按指数减少，而 RoPE 没有随距离的惩罚。"
         "曲线在同一组随机内容上度量查询在最后一个位置时落在距离 ≥ L 的键上的注意力：不缩放的 RoPE 大致按键的个数分到远处，"
         "而那里的角度从未见过；PI 下角度被压缩；ALiBi 把远处的键压低。代价是远处的键无论多相关都被压低。",
         "ALiBi extrapolates because the biases that appear beyond L are only more negative: distant keys get "
         "exponentially less attention, while RoPE has no penalty by distance. The curve measures, on the same "
         "random contents, the attention a query at the last position puts on keys at distance ≥ L: plain RoPE "
         "reaches the far keys roughly in proportion to their number, at angles never seen; PI compresses those "
         "angles; ALiBi pushes the far keys down. The price is that a distant key is always penalised, however "
         "relevant."},
        {"heads", "original_max", "seq_len", "factor", "d", "base", "seed"},
        views_of(read_inputs, alibi_beyond_training_views),
        {{R"tex(\text{超出 }L\text{ 的部分}=\sum_{\Delta\ge L}\mathrm{softmax}_\Delta\Bigl(\frac{q^\top k_\Delta}{\sqrt{d}}-m_h\,\Delta\Bigr))tex", R"tex(\text{beyond }L=\sum_{\Delta\ge L}\mathrm{softmax}_\Delta\Bigl(\frac{q^\top k_\Delta}{\sqrt{d}}-m_h\,\Delta\Bigr))tex"}},
    };
    s.questions = {
        {{"ALiBi 在 logit 上加 −m·Δ。超过训练长度 L 之后，新出现的偏置值会怎样？",
          "ALiBi adds −m·Δ to the logits. Past the training length L, what do the new bias values do?"},
         {{"只会更负，把远处的键压得更低", "They are only more negative, pushing distant keys further down"},
          {"变成正数，偏向远处的键", "They turn positive and favour distant keys"},
          {"重复训练中见过的值", "They repeat values seen in training"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const std::vector<double> slopes = alibi_slopes(in.heads);
             const double m = slopes.empty() ? 0.0 : *std::min_element(slopes.begin(), slopes.end());
             const int L = in.L, N = in.seq_len;
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
    return s;
}

}  // namespace long_context
}  // namespace pelab
