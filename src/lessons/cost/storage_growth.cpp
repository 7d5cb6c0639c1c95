// PE Lab — lessons/cost/storage_growth.cpp
// Step "storage-growth" of lesson "cost": the bytes each method's position part stores, against N on a log
// axis (computed by core/cost), and the N at which a bias per pair outgrows the embedding table.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <cmath>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> storage_growth_views(const Inputs& in, Lang lang) {
    const CostModel model = cost_model(in);
    // On a log axis: the sizes span from a few bytes (ALiBi's slopes) to megabytes (a bias per pair), and on a
    // linear one every method but the largest lies flat on zero.
    CurveView c;
    c.y_axis = "MiB";
    c.x_axis = "N";
    c.log_y = true;
    for (int k = 0; k <= 64; ++k) c.x.push_back(16 + (in.N - 16) * k / 64.0);
    for (PositionMethod m : all_position_methods()) {
        std::vector<double> y;
        for (double n : c.x)
            y.push_back(position_table_bytes(m, static_cast<int>(std::lround(n)), in.d, model) / (1024.0 * 1024.0));
        c.series.push_back(y);
        c.series_labels.push_back(method_label(m, lang));
    }
    const double pairs = position_table_bytes(PositionMethod::full_bias, in.N, in.d, model);
    const double table = position_table_bytes(PositionMethod::embedding_add, in.N, in.d, model);
    const std::vector<std::string> notes = {
        say(lang,
            {"N = {N}：每对一个偏置占 {pairs}，是嵌入表 {table} 的 {ratio} 倍；N 超过 d = {d} 后偏置更大。",
             "N = {N}: a bias per pair takes {pairs}, {ratio}× the embedding table's {table}; past N = d = {d} "
             "the bias is the larger."},
            {{"N", integer(in.N)},
             {"d", integer(in.d)},
             {"pairs", bytes_text(pairs)},
             {"table", bytes_text(table)},
             {"ratio", num(table > 0 ? pairs / table : 0.0, 3)}}),
    };
    return {make_view(say(lang, {"表的大小随 N 的变化（MiB，对数坐标）", "Table size against N (MiB, log scale)"}), std::move(c), notes)};
}

}  // namespace

// [SECTION] the step
Step storage_growth() {
    Step s = {
        "storage-growth",
        {"存储随 N 的增长", "How the storage grows with N"},
        {
        "纵轴是对数刻度：最小的表只有几个字节（ALiBi 的斜率），最大的有若干 MiB（每对一个偏置），在线性刻度上其余的线都会贴在 0 上。"
        "每对一个偏置随 N² 增长，嵌入表随 N 增长，T5 和 ALiBi 的表与 N 无关。"
        "N² 与 N·d 之比是 N/d，所以 N 超过 d 时每对一个偏置的表就比嵌入表大；逐偏移的表有 2N − 1 个数，RoPE 缓存与嵌入表一样是 N·d 个。",
        "The vertical axis is logarithmic: the smallest table is a few bytes (ALiBi's slopes), the largest several "
        "MiB (a bias per pair), and on a linear axis every other line would lie flat on zero. A bias per pair grows "
        "as N², an embedding table as N, and T5's and ALiBi's tables not at all. N² over N·d is N/d, "
        "so once N exceeds d the bias per pair is larger than the embedding table; the per-offset table holds "
        "2N − 1 numbers, and a RoPE cache holds N·d like the embedding table."},
        {"N", "d", "heads", "num_buckets"},
        views_of(read_inputs, storage_growth_views),
        {R"tex(\frac{N^2}{N d} = \frac{N}{d} > 1 \iff N > d)tex"},
    };
    s.takeaway = {"N 超过 d = {d} 后每对一个偏置比嵌入表大，因为 N²/(N·d) = N/d：N = {N} 时 {ratio} 倍；T5、ALiBi 与 N 无关。",
                  "Past N = d = {d} a bias per pair outgrows the embedding table, because N²/(N·d) = N/d: {ratio}× at "
                  "N = {N}. T5's and ALiBi's lines stay flat: N is not in their size."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const CostModel model = cost_model(in);
        const double pairs = position_table_bytes(PositionMethod::full_bias, in.N, in.d, model);
        const double table = position_table_bytes(PositionMethod::embedding_add, in.N, in.d, model);
        return std::vector<Arg>{{"d", integer(in.d)}, {"N", integer(in.N)}, {"ratio", num(table > 0 ? pairs / table : 0.0, 3)}};
    });
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
