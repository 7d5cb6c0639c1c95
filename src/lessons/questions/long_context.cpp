// PE Lab — lessons/questions/long_context.cpp
// Predict-then-reveal questions of the lesson long-context: what ALiBi's biases do past the training length,
// who pays for position interpolation, which pair
// NTK-aware scaling divides by the full factor, and what dynamic NTK does within the training length. Every
// explanation is computed from core/alibi and core/rope_scaling (HF's modeling_rope_utils, transcribed) at the
// current values.
//
// [SECTION] helpers
// [SECTION] questions
#include <cmath>

#include "core/alibi.h"
#include "core/rope_scaling.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::int_param;

namespace {

// [SECTION] helpers
// The lesson's scaling settings for one strategy.
RopeScalingParams scaling(const ParamSet& p, RopeScaling kind) {
    RopeScalingParams s;
    s.kind = kind;
    s.d = int_param(p, "d", 4, 1024) / 2 * 2;
    s.base = std::max(2.0, p.getd("base"));
    s.factor = std::max(1.0, p.getd("factor"));
    s.original_max = int_param(p, "original_max", 1, 1 << 20);
    s.seq_len = int_param(p, "seq_len", 1, 1 << 22);
    return s;
}

}  // namespace

// [SECTION] questions
std::vector<PlacedQuestion> questions_long_context() {
    std::vector<PlacedQuestion> out;

    out.push_back({3, {
                   {"ALiBi 在 logit 上加 −m·Δ。超过训练长度 L 之后，新出现的偏置值会怎样？",
                    "ALiBi adds −m·Δ to the logits. Past the training length L, what do the new bias values do?"},
                   {{"只会更负，把远处的键压得更低", "They are only more negative, pushing distant keys further down"},
                    {"变成正数，偏向远处的键", "They turn positive and favour distant keys"},
                    {"重复训练中见过的值", "They repeat values seen in training"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const std::vector<double> slopes = alibi_slopes(int_param(p, "heads", 1, 256));
                       const double m = slopes.empty() ? 0.0 : *std::min_element(slopes.begin(), slopes.end());
                       const int L = int_param(p, "original_max", 1, 1 << 20), N = int_param(p, "seq_len", 1, 1 << 22);
                       return say(lang,
                                  {"最平缓的头斜率 m = {m}：训练中偏置最低到 −m·(L − 1) = {train}，在 N = {N} 时到 −m·(N − 1) = {now}。"
                                   "偏置随距离单调下降，所以远处的键只会被压得更低：相隔 1000 个位置的键权重乘以 e^(−1000m) = {weight}。",
                                   "The gentlest head has slope m = {m}: in training its bias went down to −m·(L − 1) = {train}, at "
                                   "N = {N} it reaches −m·(N − 1) = {now}. The bias falls steadily with distance, so distant keys "
                                   "are only pushed further down: a key 1000 positions back is weighted by e^(−1000m) = {weight}."},
                                  {{"m", num(m, 4)}, {"train", num(-m * (L - 1))}, {"N", integer(N)}, {"now", num(-m * (N - 1))},
                                   {"weight", num(std::exp(-1000.0 * m))}});
                   }}});

    out.push_back({4, {
                   {"位置插值（PI）把每个 θᵢ 除以 s。哪些对要付出代价？",
                    "Position interpolation (PI) divides every θᵢ by s. Which pairs pay for it?"},
                   {{"只有最慢的几对", "Only the slowest pairs"},
                    {"每一对都放慢 s 倍，包括负责局部细节的第 0 对", "Every pair slows by s, including pair 0 that carries local detail"},
                    {"没有：PI 不改变任何频率", "None: PI changes no frequency"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const RopeScalingParams s = scaling(p, RopeScaling::linear);
                       const Eigen::VectorXd plain = rope_scaled_inv_freq(scaling(p, RopeScaling::none)).inv_freq;
                       const Eigen::VectorXd pi = rope_scaled_inv_freq(s).inv_freq;
                       return say(lang,
                                  {"s = {s}：第 0 对相邻位置之间的角度从 {fast} 变成 {fast_pi}，最后一对从 {slow} 变成 {slow_pi}。"
                                   "所有对都按同一个比例 1/s = {ratio} 放慢，相邻位置看起来更相似。",
                                   "s = {s}: pair 0's angle between neighbouring positions goes from {fast} to {fast_pi}, the "
                                   "last pair's from {slow} to {slow_pi}. Every pair slows by the same 1/s = {ratio}, so "
                                   "neighbouring positions look more alike."},
                                  {{"s", num(s.factor)}, {"fast", num(plain(0))}, {"fast_pi", num(pi(0))},
                                   {"slow", num(plain(plain.size() - 1))}, {"slow_pi", num(pi(pi.size() - 1))},
                                   {"ratio", num(pi(0) / plain(0))}});
                   }}});

    out.push_back({5, {
                   {"NTK-aware 缩放放大 base。扩展倍数 s > 1 时，哪一对的频率正好被除以完整的 s？",
                    "NTK-aware scaling enlarges the base. With an extension factor s > 1, which pair is divided by exactly the full s?"},
                   {{"每一对", "Every pair"},
                    {"第 0 对，最快的那对", "Pair 0, the fastest"},
                    {"只有最后一对，最慢的那对", "Only the last pair, the slowest"}},
                   2,
                   [](const ParamSet& p, Lang lang) {
                       const RopeScalingParams s = scaling(p, RopeScaling::ntk);
                       const Eigen::VectorXd plain = rope_scaled_inv_freq(scaling(p, RopeScaling::none)).inv_freq;
                       const RopeScalingResult ntk = rope_scaled_inv_freq(s);
                       const Eigen::Index last = plain.size() - 1;
                       return say(lang,
                                  {"base′ = base·s^(d/(d−2)) = {base}。第 i 对乘以 s^(−2i/(d−2))：第 0 对的比例是 {first}，"
                                   "最后一对是 {last}，而 1/s = {inverse}；中间各对按几何级数过渡。",
                                   "base′ = base·s^(d/(d−2)) = {base}. Pair i is multiplied by s^(−2i/(d−2)): pair 0's ratio is "
                                   "{first}, the last pair's {last}, and 1/s = {inverse}; the pairs between follow a geometric "
                                   "transition."},
                                  {{"base", num(ntk.effective_base)}, {"first", num(ntk.inv_freq(0) / plain(0))},
                                   {"last", num(ntk.inv_freq(last) / plain(last))}, {"inverse", num(1.0 / s.factor)}});
                   }}});

    out.push_back({6, {
                   {"动态 NTK 在序列不超过训练长度时做什么？",
                    "What does dynamic NTK do while the sequence is no longer than the training length?"},
                   {{"什么都不改：base 保持原值", "Nothing: the base stays as it is"},
                    {"把 base 放大 s 倍", "It multiplies the base by s"},
                    {"把 base 缩小", "It shrinks the base"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const RopeScalingParams s = scaling(p, RopeScaling::dynamic);
                       const double within = rope_dynamic_base(s.base, s.d, s.factor, s.original_max, s.original_max);
                       const double now = rope_dynamic_base(s.base, s.d, s.factor, s.original_max, s.seq_len);
                       return say(lang,
                                  {"HF 取 seq = max(seq_len, L)，括号 (s·seq/L) − (s − 1) 在 seq = L = {L} 时等于 1，base 仍是 {within}。"
                                   "当前 seq_len = {seq}：base = {now}。",
                                   "HF takes seq = max(seq_len, L); the bracket (s·seq/L) − (s − 1) is 1 at seq = L = {L}, so the "
                                   "base stays {within}. At the current seq_len = {seq}: base = {now}."},
                                  {{"L", integer(s.original_max)}, {"within", num(within)}, {"seq", integer(s.seq_len)},
                                   {"now", num(now)}});
                   }}});
    return out;
}

}  // namespace pelab
