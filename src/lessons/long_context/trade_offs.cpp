// PE Lab — lessons/long_context/trade_offs.cpp
// Lesson "long-context", step "trade-offs": each scaling reduced to a few numbers — θ′/θ of the first and the
// last pair, pairs kept, pairs divided by s, the attention factor, the slow pairs at unseen angles — with what
// each protects and what it costs.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>

#include "core/rope/long_context.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// Per scaling (all_scalings order): θ′/θ of pair 0 and of the last pair, pairs kept, pairs divided by s, the
// attention factor, and the slow pairs at unseen angles within seq_len.
static RowMatrix trade_off_rows(const Inputs& in) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    RowMatrix values(6, 6);
    int row = 0;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const std::vector<double> ratio = ratio_series(r.inv_freq, theta);
        int kept = 0, full = 0;
        for (double x : ratio) {
            if (std::fabs(x - 1.0) < 1e-3) ++kept;
            if (std::fabs(x * in.factor - 1.0) < 1e-3) ++full;
        }
        values.row(row++) << ratio.front(), ratio.back(), kept, full, r.attention_factor,
            rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len);
    }
    return values;
}

static std::vector<ViewData> trade_offs_views(const Inputs& in, Lang lang) {
    TableView table;
    table.values = trade_off_rows(in);
    for (int row = 0; row < 6; ++row) {
        table.row_labels.push_back(scaling_label(all_scalings()[static_cast<std::size_t>(row)], lang));
        // The deciding cells: pairs left at angles never seen in training, or every pair squeezed by s.
        const bool unseen = table.values(row, 5) > 0.0;
        table.marks.push_back({row, 5, !unseen, say(lang, unseen ? Text{"有新角度", "unseen angles"} : Text{"无新角度", "none unseen"})});
        if (table.values(row, 3) == in.d / 2) table.marks.push_back({row, 3, false, say(lang, {"全部压缩", "all squeezed"})});
    }
    table.col_labels = {say(lang, {"第 0 对", "pair 0"}), say(lang, {"最后一对", "last pair"}), say(lang, {"不变", "kept"}),
                        say(lang, {"恰好 ÷ s", "÷ exactly s"}), say(lang, {"注意力因子", "attention factor"}), say(lang, {"新角度的对", "unseen pairs"})};
    table.col_decimals = {-1, -1, 0, 0, -1, 0};
    table.decimals = 4;
    table.corner = say(lang, {"策略", "strategy"});
    const std::vector<std::string> notes = {
        say(lang, {"列：第 0 对与最后一对的 θ′/θ、不变的对数、恰好除以 s 的对数、注意力因子、在 seq_len 内转到没见过角度的慢对数。",
                   "Columns: θ′/θ of pair 0 and of the last pair, pairs kept, pairs divided by exactly s, attention factor, slow "
                   "pairs at unseen angles within seq_len."}),
        say(lang, {"PI：没有新角度，但局部细节被压缩。NTK：保住高频，但慢对只被部分插值，效果对 s 敏感。",
                   "PI: no unseen angles, but local detail is squeezed. NTK: keeps the high frequencies, but slow pairs "
                   "are only partly interpolated and results are sensitive to s."}),
        say(lang, {"动态 NTK：短序列不变，但同一位置在不同长度下旋转不同。YaRN、Llama 3：快对保留、慢对插值，代价是更多设定。",
                   "Dynamic NTK: short sequences untouched, but one position rotates differently at different lengths. "
                   "YaRN, Llama 3: fast pairs kept and slow ones interpolated, at the cost of more settings."}),
    };
    return {make_view(say(lang, {"每种策略：保护了什么，代价是什么", "Each strategy: what it protects and what it costs"}), table, notes)};
}

// [SECTION] the step
Step trade_offs() {
    Step s = {
        "trade-offs",
        {"每种策略的取舍", "What each strategy trades"},
        {"表格把每条缩放因子曲线归结为几个数：一种方法放过了哪些对（保护局部细节），又放慢了哪些对（让远距离变得熟悉），以及在 seq_len 内还有几个慢对转到新角度。",
         "The table reduces each scale-factor curve to a few numbers: which pairs a method leaves alone (local detail "
         "protected), which it slows down (long range made familiar), and how many slow pairs still reach new angles "
         "within seq_len."},
        {"d", "base", "original_max", "factor", "seq_len", "beta_fast", "beta_slow", "low_freq_factor",
         "high_freq_factor", "preset"},
        views_of(read_inputs, trade_offs_views),
        {{R"tex(\text{保持：}\theta'_i/\theta_i=1,\qquad \text{除以 }s\text{：}\theta'_i/\theta_i=1/s)tex", R"tex(\text{kept: }\theta'_i/\theta_i=1,\qquad \text{divided: }\theta'_i/\theta_i=1/s)tex"}},
    };
    s.takeaway = {"PI 留 {pi_u} 个新角度的对，却把 {pi_f} 对全除以 s；NTK 保住快对，留 {ntk_u} 个；YaRN 保住 {yarn_k} 个快对、留 {yarn_u} 个：每种缩放都有代价。",
                  "Every strategy pays: PI leaves {pi_u} unseen pairs but divides all {pi_f} by s; NTK spares the fast pairs but "
                  "leaves {ntk_u} unseen; YaRN keeps {yarn_k} fast pairs and leaves {yarn_u}, but needs more settings."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const RowMatrix v = trade_off_rows(in);  // rows: none, PI, NTK, dynamic NTK, YaRN, Llama 3
        return std::vector<Arg>{{"pi_u", integer(std::llround(v(1, 5)))}, {"pi_f", integer(std::llround(v(1, 3)))},
                                {"ntk_u", integer(std::llround(v(2, 5)))}, {"yarn_k", integer(std::llround(v(4, 2)))},
                                {"yarn_u", integer(std::llround(v(4, 5)))}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
