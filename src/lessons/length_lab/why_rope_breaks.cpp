// PE Lab — lessons/length_lab/why_rope_breaks.cpp
// Step "why-rope-breaks" of lesson "length-lab": the copying head of the shipped RoPE model and of the shipped
// ALiBi model side by side on the same sample longer than training, the trained range marked on both (the
// positions training used, and the farthest offset copying needed), and their answers digit by digit on the cells
// each answer digit must read (outlined blue where the model's digit is right, red where wrong).
// The copying head is the last layer's head that looks most sharply at one offset on the same sample at the longest
// trained length: found from the models' attention, not named here. Where each head looks, how much weight
// it puts on the copy's offset and how many digits each model gets right are read from the looks inside the
// models (the board's inspections, run by the page's worker or the desktop's threads).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the copying head
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;

// [SECTION] the copying head
namespace {

// The two shipped models this step compares, both trained on copy.
const char* const kCompared[] = {"rope", "alibi"};

// The mean weight head (layer, head) of `look` puts at offset Δ = q − k over the answer's queries q = n … 2n − 1.
double weight_at_offset(const lab_board::Inspection& look, int layer, int head, int delta) {
    const int n = look.n, T = look.T;
    const std::vector<double>& m = look.attention[static_cast<size_t>(layer * look.heads + head)];
    double sum = 0;
    for (int q = n; q < T; ++q)
        if (q - delta >= 0) sum += m[static_cast<size_t>(q * T + q - delta)];
    return sum / n;
}

bool copy_look(const lab_board::Inspection* look) {
    return look && look->task == "copy" && look->n > 0 && look->T == 2 * look->n && look->layers > 0 && look->heads > 0 &&
           look->attention.size() == static_cast<size_t>(look->layers * look->heads) &&
           look->expected.size() == static_cast<size_t>(look->n) && look->predicted.size() == look->expected.size();
}

struct CopyingHead {
    int layer = -1, head = -1;  // −1: not known yet
};

// The offset with the most weight of head (layer, head) in `look`, and that weight.
std::pair<int, double> peak_offset(const lab_board::Inspection& look, int layer, int head) {
    std::pair<int, double> best{0, -1.0};
    for (int d = 0; d < look.T; ++d) {
        const double w = weight_at_offset(look, layer, head, d);
        if (w > best.second) best = {d, w};
    }
    return best;
}

// The copying head: of the last layer (the first moves the digits' information along, the last reads the answer),
// the head that looks most sharply at one offset on the longest trained length. Chosen without naming the copy's
// offset, so where it looks checks the offset the lesson states.
CopyingHead copying_head(const lab_board::Inspection& trained) {
    CopyingHead best;
    double most = -1;
    const int last = trained.layers - 1;
    for (int h = 0; h < trained.heads; ++h) {
        const double w = peak_offset(trained, last, h).second;
        if (w > most) most = w, best = {last, h};
    }
    return best;
}

// What one model's copying head does on the sample shown.
struct HeadLook {
    const lab_board::Inspection* look = nullptr;  // the sample shown (null while on its way)
    CopyingHead head;
    int peak = -1;          // the offset with the most weight
    int trained_peak = -1;  // the same on the longest trained length (the copy's offset there: kTrainMax)
    double at_copy = 0;     // the weight at the copy's offset Δ = n
    int right = 0;          // answer digits right
    std::string problem;    // why a look failed, when one did
};

HeadLook head_look(const std::string& pe, const Inputs& in) {
    HeadLook out;
    const std::string model = "shipped=" + pe;
    const std::string shown_key = lab_board::inspection_key(model, "copy", in.n, in.sample);
    const std::string trained_key = lab_board::inspection_key(model, "copy", kTrainMax, in.sample);
    const lab_board::Inspection* shown = lab_board::want_inspection(shown_key);
    const lab_board::Inspection* trained = lab_board::want_inspection(trained_key);
    for (const std::string& key : {shown_key, trained_key}) {
        const auto problem = lab_board::board().inspection_problems.find(key);
        if (problem != lab_board::board().inspection_problems.end()) out.problem = problem->second;
    }
    if (!copy_look(shown) || !copy_look(trained) || shown->layers != trained->layers || shown->heads != trained->heads) return out;
    out.look = shown;
    out.head = copying_head(*trained);
    out.trained_peak = peak_offset(*trained, out.head.layer, out.head.head).first;
    out.peak = peak_offset(*shown, out.head.layer, out.head.head).first;
    out.at_copy = weight_at_offset(*shown, out.head.layer, out.head.head, in.n);
    for (int i = 0; i < in.n; ++i) out.right += shown->predicted[static_cast<size_t>(i)] == shown->expected[static_cast<size_t>(i)];
    return out;
}

// [SECTION] the views
// The two copying heads on the sample, side by side in one map (one colour scale, so a colour is the same weight in
// both): RoPE's tile, two blank columns, ALiBi's tile. Outlined, the cells the copy must read (Δ = n); an accent line
// through the band Δ = the farthest offset copying needed in training; light lines where the positions training
// used end.
ViewData heads_view(const HeadLook looks[2], const Inputs& in, Lang lang) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const int T = 2 * in.n, reach = trained_reach("copy"), trained_tokens = 2 * kTrainMax;
    HeatmapView map;
    // Two blank columns between the tiles: ALiBi's tile then starts at an even column, so that when the map prints
    // every other label both tiles print the same ones (their labels: their own key positions, every 8th).
    constexpr int kGap = 2, kLabelEvery = 8;
    const int cols = 2 * T + kGap, stride = T + kGap;
    map.values = RowMatrix::Constant(T, cols, nan);
    for (int c = 0; c < cols; ++c) {
        const int k = c % stride;
        map.col_labels.push_back(k < T && k % kLabelEvery == 0 ? integer(k) : std::string());
    }
    for (int m = 0; m < 2; ++m) {
        const int left = m * stride;
        if (const lab_board::Inspection* look = looks[m].look) {
            const std::vector<double>& a = look->attention[static_cast<size_t>(looks[m].head.layer * look->heads + looks[m].head.head)];
            for (int q = 0; q < T; ++q)
                for (int k = 0; k <= q; ++k) map.values(q, left + k) = a[static_cast<size_t>(q * T + k)];
        }
        // Where copying must read for each answer digit, outlined by whether the model's digit is right.
        for (int q = in.n; q < T; ++q) {
            map.highlight_cells.push_back({q, left + q - in.n});
            const lab_board::Inspection* look = looks[m].look;
            const size_t i = static_cast<size_t>(q - in.n);
            map.highlight_verdicts.push_back(look ? (look->predicted[i] == look->expected[i] ? 1 : -1) : 0);
        }
        if (reach < T)
            map.lines.push_back({reach + 0.5f, left + 0.5f, T - 0.5f, left + T - reach - 0.5f, true});
        if (trained_tokens < T) {
            map.lines.push_back({float(trained_tokens), float(left), float(trained_tokens), float(left + T)});
            map.lines.push_back({0.0f, float(left + trained_tokens), float(T), float(left + trained_tokens)});
        }
    }
    map.scale_lo = 0;
    map.row_axis = say(lang, {"查询位置 q", "query position q"});
    map.col_axis = say(lang, {"键位置 k", "key position k"});
    map.explain = [T, cols, stride, lang](int r, int c) {
        if (r < 0 || c < 0 || r >= T || c >= cols) return std::string();
        const int m = c / stride, q = r, k = c % stride;
        if (k >= T) return say(lang, {"两个头之间的空隙。", "The gap between the two heads."});
        const std::string scheme = scheme_label(kCompared[m], lang);
        if (k > q) return say(lang, {"{scheme}：位置 {q} 看不到后面的位置 {k}（因果掩码）。", "{scheme}: position {q} cannot see the later position {k} (causal mask)."},
                              {{"scheme", scheme}, {"q", integer(q)}, {"k", integer(k)}});
        return say(lang, {"{scheme}：位置 {q} 看位置 {k}，距离 Δ = {dist}。", "{scheme}: position {q} attending to position {k}, distance Δ = {dist}."},
                   {{"scheme", scheme}, {"q", integer(q)}, {"k", integer(k)}, {"dist", integer(q - k)}});
    };
    // The colour scale's top: the most weight on an answer's query (rows n and after), the rows the step is about
    // (position 0, which can only attend to itself, would set it to 1 and wash the answers' rows out).
    double top = 0;
    for (int q = in.n; q < T; ++q)
        for (int c = 0; c < cols; ++c)
            if (!std::isnan(map.values(q, c))) top = std::max(top, map.values(q, c));
    if (top > 0) map.scale_hi = top;
    std::vector<std::string> notes;
    if (looks[0].look && looks[1].look) {
        const int rope_trained = looks[0].trained_peak, alibi_trained = looks[1].trained_peak;
        // Where the heads look at the longest trained length: the check of the copy's offset Δ = n.
        notes.push_back(rope_trained == alibi_trained
                            ? say(lang, {"n = {trained} 时两个头都最多看 Δ = {d}：照抄读 Δ = n 处的数字。",
                                         "At n = {trained} both heads look most at Δ = {d}: copying reads the digit at Δ = n."},
                                  {{"trained", integer(kTrainMax)}, {"d", integer(rope_trained)}})
                            : say(lang, {"n = {trained} 时 RoPE 的头最多看 Δ = {rope}，ALiBi 的看 Δ = {alibi}（照抄读 Δ = n）。",
                                         "At n = {trained} RoPE's head looks most at Δ = {rope}, ALiBi's at Δ = {alibi} (copying reads Δ = n)."},
                                  {{"trained", integer(kTrainMax)}, {"rope", integer(rope_trained)}, {"alibi", integer(alibi_trained)}}));
        notes.push_back(say(lang, {"n = {n} 时照抄的 Δ = {n} 上的权重：RoPE {rope_copy}，ALiBi {alibi_copy}；答案数字对了 {rope_right} 个和 {alibi_right} 个（共 {n} 个；瞎猜约对十分之一）。",
                                   "At n = {n}, weight on the copy's Δ = {n}: RoPE {rope_copy}, ALiBi {alibi_copy}; answer digits right: "
                                   "{rope_right} and {alibi_right} of {n} (guessing gets about 1 in 10)."},
                            {{"n", integer(in.n)},
                             {"rope_copy", num(looks[0].at_copy, 2)},
                             {"alibi_copy", num(looks[1].at_copy, 2)},
                             {"rope_right", integer(looks[0].right)},
                             {"alibi_right", integer(looks[1].right)}}));
    } else {
        for (int m = 0; m < 2; ++m) {
            const std::string scheme = scheme_label(kCompared[m], lang);
            if (looks[m].look) continue;
            notes.push_back(looks[m].problem.empty()
                                ? say(lang, {"正在运行随附的 {scheme} 模型……", "Running the shipped {scheme} model…"}, {{"scheme", scheme}})
                                : say(lang, {"无法运行随附的 {scheme} 模型：{why}", "Could not run the shipped {scheme} model: {why}"},
                                      {{"scheme", scheme}, {"why", looks[m].problem}}));
        }
    }
    notes.push_back(say(lang, {"方框：每个答案数字照抄要读的格子，模型给出的数字对为蓝、错为红。橙线：Δ = {reach}，训练中往回看得最远处。灰线：位置 {tokens}，训练用到的位置的尽头。",
                               "Boxes: where copying must read for each answer digit, blue where the model's digit is right, red where "
                               "wrong. Orange: Δ = {reach}, the farthest training looked back. Grey: position {tokens}, the end of the "
                               "trained positions."},
                        {{"reach", integer(reach)}, {"tokens", integer(trained_tokens)}}));
    return make_view(say(lang, {"照抄头的注意力权重，同一个样本（n = {n} 个数字，{T} 个 token）：左 RoPE（第 {rl} 层，头 {rh}），右 ALiBi（第 {al} 层，头 {ah}）",
                                "Copying heads' attention weights, same sample (n = {n} digits, {T} tokens): left RoPE (layer {rl}, head {rh}), "
                                "right ALiBi (layer {al}, head {ah})"},
                                {{"n", integer(in.n)},
                                 {"T", integer(T)},
                                 {"rl", looks[0].look ? integer(looks[0].head.layer + 1) : std::string("…")},
                                 {"rh", looks[0].look ? integer(looks[0].head.head + 1) : std::string("…")},
                                 {"al", looks[1].look ? integer(looks[1].head.layer + 1) : std::string("…")},
                                 {"ah", looks[1].look ? integer(looks[1].head.head + 1) : std::string("…")}}),
                     std::move(map), notes);
}

std::vector<ViewData> why_rope_views(const Inputs& in, Lang lang) {
    const HeadLook looks[2] = {head_look(kCompared[0], in), head_look(kCompared[1], in)};
    return {heads_view(looks, in, lang)};
}

}  // namespace

// [SECTION] the step
Step why_rope_breaks() {
    Step s{
        "why-rope-breaks",
        {"RoPE 为什么崩溃：看它的照抄头", "Why RoPE breaks: watch its copying head"},
        {"图中左边是随附的 RoPE 模型、右边是随附的 ALiBi 模型（都是参考运行，种子 0）在同一个样本上的照抄头：最后一层里、在 n = {train_max} 时最集中地看向某一个偏移的那个头。"
         "照抄的偏移是 Δ = n，不是 n + 1：位置 q = n + i − 1 的 token 预测 yᵢ，要读位置 k = i − 1 上的 xᵢ；图下的说明写出每个头在 n = {train_max} 时看向哪个 Δ，可以核对。"
         "ALiBi 的分数是 q·k − m·Δ，罚分每远一步都减同样多，所以学会的匹配在更远处照样起作用，它的头找到了远处的斜线。"
         "RoPE 的分数 qᵀR(Δθ)k 随 Δ 旋转，在 Δ > {train_max} 时遇到的是训练中从没学过去匹配的角度（见 [[lesson:long-context/unseen-angles|没见过的角度]]），"
         "所以它的头停在学过的距离附近，读错了数字。改变 n 和 sample 看看其他样本。",
         "Left, the shipped RoPE model; right, the shipped ALiBi model (reference runs, seed 0): each one's copying head "
         "on the same sample, the head of the last layer that looks most sharply at one offset when n = {train_max}. The "
         "copy's offset is Δ = n, not n + 1: the token at q = n + i − 1 predicts yᵢ and reads xᵢ at k = i − 1; the notes "
         "under the map say which Δ each head looks at when n = {train_max}, a check of that. ALiBi's score is "
         "q·k − m·Δ, a penalty that grows by the same step at every distance, so the match it learned still works "
         "farther back, and its head finds the far diagonal. RoPE's score qᵀR(Δθ)k turns with Δ, and at Δ > "
         "{train_max} it meets angles it never learned to match (see [[lesson:long-context/unseen-angles|unseen "
         "angles]]), so its head stays near the distances it learned and reads the wrong digits. Change n and sample "
         "to try other samples."},
        {"n", "sample"},
        views_of(read_inputs, why_rope_views),
        {{R"tex(\text{RoPE：} \mathbf{q}^{\top} R(\Delta\theta)\, \mathbf{k} \text{，转 } \Delta\theta \text{ 只学过 } \Delta \le 16 \qquad \text{ALiBi：} \mathbf{q}^{\top} \mathbf{k} - m\,\Delta\text{，斜率 } m)tex",
          R"tex(\text{RoPE: } \mathbf{q}^{\top} R(\Delta\theta)\, \mathbf{k} \text{ (turned by } \Delta\theta\text{), learned for } \Delta \le 16 \qquad \text{ALiBi: } \mathbf{q}^{\top} \mathbf{k} - m\,\Delta \text{ (slope } m\text{), alike at every } \Delta)tex"}},
    };
    s.body_args = setup_args;
    s.takeaway = {"n = {n} 时，RoPE 的照抄头最多看 Δ = {rope_peak}，对 {rope_right}/{n} 个数字；ALiBi 的最多看 Δ = {alibi_peak}，对 {alibi_right}/{n}：{reason}。",
                  "At n = {n}, RoPE's copying head looks most at Δ = {rope_peak} and gets {rope_right}/{n} digits; ALiBi's at "
                  "Δ = {alibi_peak} and gets {alibi_right}/{n}: {reason}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const HeadLook rope = head_look("rope", in), alibi = head_look("alibi", in);
        const auto peak = [](const HeadLook& h) { return h.look ? integer(h.peak) : std::string("…"); };
        const auto right = [](const HeadLook& h) { return h.look ? integer(h.right) : std::string("…"); };
        const int reach = trained_reach("copy");
        const std::string reason =
            in.n > reach ? say(lang, {"RoPE 的匹配只在 Δ ≤ {reach} 学过，ALiBi 的罚分 m·Δ 过了 {reach} 也还是同一个式子",
                                      "RoPE's match was learned for Δ ≤ {reach} only; ALiBi's penalty m·Δ keeps its form past {reach}"},
                               {{"reach", integer(reach)}})
                         : say(lang, {"n ≤ {reach} 在训练之内，两者都学过这个 Δ", "n ≤ {reach} is within training, where both learned this Δ"},
                               {{"reach", integer(reach)}});
        return std::vector<Arg>{{"n", integer(in.n)},         {"rope_peak", peak(rope)},   {"rope_right", right(rope)},
                                {"alibi_peak", peak(alibi)}, {"alibi_right", right(alibi)}, {"reason", reason}};
    });
    return s;
}

}  // namespace length_lab
}  // namespace pelab
