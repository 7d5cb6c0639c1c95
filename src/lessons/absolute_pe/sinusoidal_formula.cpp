// PE Lab — lessons/absolute_pe/sinusoidal_formula.cpp
// Step "sinusoidal-formula" of absolute-pe: ω_i = base^(−2i/d), sin and cos of pos·ω_i worked out, and the
// frequencies as an odometer beside a binary counter of pos. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the sinusoidal formula, worked out
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/rope/odometer.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the sinusoidal formula, worked out
namespace {

// The d/2 frequencies as an odometer at pos (needle i at pos·ω_i, as the point (cos, sin) of pair i) beside an
// 8-bit binary counter of pos: fast pairs turn like the low bits, slow pairs like the high ones.
constexpr int kCounterBits = 8;

ViewData frequency_odometer(const Inputs& in, Lang lang) {
    const Eigen::VectorXd w = sinusoidal_frequencies(in.d, in.base, PeVariant::vaswani);
    OdometerView o;
    o.theta.assign(w.data(), w.data() + w.size());
    // The arc shaded is what each needle sweeps over the 2^bits positions the counter (and pos) can take.
    const int span = 1 << kCounterBits;
    o.train_length = span;
    o.span_is_training = false;  // nothing is trained here: the shading is the counter's span of positions
    o.turns_in_training = turns_in_training(w, span);
    o.position = in.pos;
    o.binary_bits = kCounterBits;
    for (double lambda : pair_wavelengths(w)) o.captions.push_back("λ = " + num(lambda, 3));
    o.position_label = say(lang, {"位置 pos = {pos}", "position pos = {pos}"}, {{"pos", pos_text(in.pos)}});
    o.needle_label = say(lang, {"指针 pos·ω_i", "needle pos·ω_i"});
    std::string bits;
    for (int b = kCounterBits - 1; b >= 0; --b) bits += binary_digit(in.pos, b) ? "1" : "0";
    std::vector<std::string> notes = {
        say(lang, {"pos = {pos} 的二进制是 {bits}（上面的方格从右端的第 0 位读起）：第 b 位每 2^b 个位置翻转一次。",
                   "pos = {pos} in binary is {bits} (the boxes above read it from bit 0, its right end): bit b flips every 2^b positions."},
            {{"pos", pos_text(in.pos)}, {"bits", bits}}),
        say(lang, {"λ 是波长 2π/ω_i（转一圈要多少个位置）。阴影：pos 从 0 到 {span} 扫过的弧；转不满一圈的对数：{short}。",
                   "λ is the wavelength 2π/ω_i (positions per turn). Shaded: the arc swept as pos runs 0 to {span}; pairs short of a turn: {short}."},
            {{"span", pos_text(span)}, {"short", pos_text(pairs_short_of_a_turn(w, span))}}),
    };
    return make_view(say(lang, {"每对一个表盘，指针角度 pos·ω_i，旁边是 pos 的二进制计数器",
                               "One dial per pair, needle at pos·ω_i, beside a binary counter of pos"}),
                     std::move(o), std::move(notes));
}

std::vector<ViewData> formula_views(const Inputs& in, Lang lang) {
    const int d = in.d, pos = in.pos;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd pe = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);

    TableView table;
    table.values.resize(w.size(), 5);
    for (int i = 0; i < w.size(); ++i) {
        const double a = pos / std::pow(in.base, 2.0 * i / d);
        table.values.row(i) << 2 * i, w(i), a, std::sin(a), std::cos(a);
        table.row_labels.push_back("i = " + pos_text(i));
    }
    table.col_labels = {"2i", "ω_i = base^(−2i/d)", "pos·ω_i", "sin → PE[2i]", "cos → PE[2i+1]"};
    table.col_decimals = {0, -1, -1, -1, -1};
    table.decimals = 6;
    table.values = without_rounding_noise(table.values);

    TableView vec;
    vec.values = to_rows(pe.transpose());
    vec.row_labels = {"pos = " + pos_text(pos)};
    vec.col_labels = pe_column_labels(d, PeVariant::vaswani);
    vec.decimals = 6;
    std::string parts;
    for (int i = 0; i < w.size(); ++i) {
        const std::string a = num(pos / std::pow(in.base, 2.0 * i / d));
        parts += (i ? ", " : "") + ("sin " + a);
        if (2 * i + 1 < d) parts += ", cos " + a;
    }
    const std::vector<std::string> notes = {
        say(lang, {"PE({pos}) = ({parts})", "PE({pos}) = ({parts})"}, {{"pos", pos_text(pos)}, {"parts", parts}}),
        say(lang, {"位置从 0 开始：pos = {pos} 是第 {nth} 个 token。", "Positions start at 0: pos = {pos} is token number {nth} counting from 1."},
            {{"pos", pos_text(pos)}, {"nth", pos_text(pos + 1)}}),
    };
    return {frequency_odometer(in, lang), make_view(say(lang, {"每个频率的计算", "Computation per frequency"}), std::move(table)),
            make_view("PE(pos)", std::move(vec), notes)};
}

}  // namespace

Step sinusoidal_formula() {
    Step s = {
        "sinusoidal-formula",
        {"正弦公式", "The sinusoidal formula"},
        {"位置 pos 的编码由 d/2 个[[frequency-pair|频率对]]组成：第 i 对是一根指向角度 pos·ω_i 的指针，[[frequency|频率]] ω_i = [[base]]^(−2i/d)。"
         "论文的公式（教程多照抄它）在偶数维放 sin(pos·ω_i)，在奇数维放 cos(pos·ω_i)；参考实现把所有 sin 放前一半、所有 cos 放后一半，"
         "见[[lesson:absolute-pe/two-layouts|两种排布]]。"
         "把每一对 (sin, cos) 看成表盘上的一根指针，它指向角度 pos·ω_i：第 0 对每个位置转 1 弧度，后面的对越转越慢。"
         "每个表盘下的 λ 是这一对的[[wavelength|波长]] λ_i = 2π/ω_i（多少个位置转一圈），第 0 对最短、最后一对最长。"
         "这像二进制计数器的低位和高位，只是指针连续转动，而不是跳变；阴影是 pos 走完计数器的全部取值时指针扫过的弧，转不满一圈的对就像从不翻转的高位。"
         "旁边是 pos 的 8 位二进制计数器，低位翻得快、高位翻得慢，正弦编码就像它的连续版本；播放 pos 可以看到两者一起走。"
         "默认的例子取 pos = 2、d = 4，得到 (sin 2, cos 2, sin 0.02, cos 0.02)。"
         "注意位置从 0 开始数，所以 pos = 2 是第三个 token；常见的简化写法把它说成第二个。表格逐个频率给出计算过程。",
         "The code of position pos is d numbers in d/2 [[frequency-pair|frequency pairs]]: pair i is a needle at the "
         "angle pos·ω_i, with [[frequency]] ω_i = [[base]]^(−2i/d). "
         "The paper's formula (which tutorials copy) puts sin(pos·ω_i) in the even dimension and cos(pos·ω_i) in the odd one; the reference "
         "implementation puts all sines in the first half and all cosines in the second (see "
         "[[lesson:absolute-pe/two-layouts|Two layouts]]). Read each (sin, cos) pair as a needle on a dial pointing at the "
         "angle pos·ω_i: pair 0 turns by 1 radian per position and each later pair turns more slowly; the λ "
         "under each dial is its [[wavelength]] λ_i = 2π/ω_i in positions, shortest for pair 0 and longest for the last pair. This is like a "
         "counter's low and high bits, except that the needles turn smoothly instead of jumping; the shading is "
         "the arc a needle sweeps while pos runs through every value of the counter, and a pair short of a turn "
         "is like a high bit that never flips. Beside the "
         "dials is an 8-bit binary counter of pos, whose low bits flip fast and high bits slowly; the sinusoidal "
         "code is a smooth version of it, and playing pos moves both together. The default example takes pos = 2 "
         "and d = 4 and gets (sin 2, cos 2, sin 0.02, cos 0.02). Positions count from 0, so pos = 2 is the third "
         "token; a common simplified version found in tutorials calls it the second. The table shows the "
         "computation frequency by frequency."},
        {"pos", "d", "base"},
        views_of(read_inputs, formula_views),
        // One row beside the title (λ_i = 2π/ω_i is in the text).
        {R"tex(PE(\mathrm{pos},2i)=\sin(\mathrm{pos}\,\omega_i),\;\; PE(\mathrm{pos},2i+1)=\cos(\mathrm{pos}\,\omega_i),\;\; \omega_i=\mathrm{base}^{-2i/d})tex"},
        {"pos", 0.0, 255.0, 8.0},
    };
    s.takeaway = {"第 i 对每个位置转 ω_i 弧度，从 1（第 0 对）到 {slowest}（第 {last} 对）：快指针在相邻位置就拉开，但很快转回原处；最慢的 {lambda} 个位置才转一圈，能分辨远处。",
                  "Pair i turns ω_i rad per position, 1 (pair 0) to {slowest} (pair {last}): fast needles differ between "
                  "neighbours but soon come round again; the slowest turns once in {lambda} positions, so it tells far ones apart."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd w = sinusoidal_frequencies(in.d, in.base, PeVariant::vaswani);
        return std::vector<Arg>{{"last", pos_text(static_cast<int>(w.size()) - 1)}, {"slowest", num(w(w.size() - 1))},
                                {"lambda", num(2 * kPi / w(w.size() - 1), 3)}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
