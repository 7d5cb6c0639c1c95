// PE Lab — lessons/open_models/steps_4_6.cpp
// Steps 4–6 of lesson "open-models":
//   4  LongRoPE (Phi-3 128k): per-pair short and long rescale factors, switched when the current length exceeds
//      the training length (HF `_compute_longrope_parameters`, current main, and Phi-3's own
//      Phi3LongRoPEScaledRotaryEmbedding), and the attention factor √(1 + ln s / ln L₀). Phi-3's released
//      factor lists are not reproduced: the figures use illustrative ramps whose formula the step states.
//   5  M-RoPE (Qwen2-VL): the 3-row position ids of HF `get_rope_index`, how `mrope_section` splits the pairs
//      among the rows, text alone reducing to 1-D RoPE, and the 2-D score pattern inside the image.
//   6  Decoupled RoPE in multi-head latent attention (DeepSeek-V2/V3): why RoPE cannot be absorbed into the
//      latent projections (a computed check), the cache per token against ordinary multi-head attention, and
//      DeepSeek's YaRN settings (the cos/sin scale and the softmax scale).
// Every number shown comes from core (open_models.h, rope.h, rope_scaling.h, random.h).
// DeepSeek-V3's defaults (heads 128, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim
// 128; rope_scaling yarn factor 40, mscale 1.0, mscale_all_dim 1.0, original_max_position_embeddings 4096,
// beta_fast 32, beta_slow 1; rope_theta 10000) were checked against the released config.json as reproduced in
// several repositories of the search index, and against HF transformers models/deepseek_v3
// (DeepseekV3Attention: `self.scaling = self.scaling * mscale * mscale`).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters
// [SECTION] step 4: LongRoPE
// [SECTION] step 5: M-RoPE
// [SECTION] step 6: decoupled RoPE in MLA
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/open_models.h"
#include "core/random.h"
#include "core/rope.h"
#include "core/rope_scaling.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] parameters
std::vector<ParamRow<Inputs>> rows_steps_4_6() {
    return {
        {Key::shared("original_max").range(256, 65536).def("4096"), &Inputs::original_max},
        {Key::shared("max_position")
             .range(256, 1048576)
             .def("131072")
             .about({"LongRoPE 扩展后的长度（max_position_embeddings），s = max_position / original_max",
                     "LongRoPE's extended length (max_position_embeddings); s = max_position / original_max"}),
         &Inputs::max_position},
        {Key::shared("seq_len").range(1, 1048576).def("4096"), &Inputs::seq_len},
        {Key::real("short_end", 1, 4, "1.5",
                   {"示意用短因子表最后一对的因子（从 1 线性增到它）",
                    "last factor of the illustrative short list (a straight ramp from 1)"}),
         &Inputs::short_end},
        {Key::real("mrope_base", 2, 1e7, "100",
                   {"M-RoPE 这一步的频率底数（取小一些，图像里的图样才看得清）",
                    "frequency base of the M-RoPE step (small, so that the pattern inside the image shows)"}),
         &Inputs::mrope_base},
        {Key::shared("text_before").range(1, 12).def("3").about({"M-RoPE：图像前的文本词元数", "M-RoPE: text tokens before the image"}),
         &Inputs::text_before},
        {Key::shared("grid_t").range(0, 2).def("1").about({"M-RoPE：图像的时间块数（0 = 没有图像）",
                                                            "M-RoPE: temporal patches of the image (0 = no image)"}),
         &Inputs::grid_t},
        {Key::shared("grid_h").range(1, 12).def("8").about({"M-RoPE：合并前的图块行数（取 merge 的整数倍）",
                                                            "M-RoPE: patch rows before merging (a multiple of merge)"}),
         &Inputs::grid_h},
        {Key::shared("grid_w").range(1, 12).def("8").about({"M-RoPE：合并前的图块列数（取 merge 的整数倍）",
                                                            "M-RoPE: patch columns before merging (a multiple of merge)"}),
         &Inputs::grid_w},
        {Key::shared("merge").range(1, 4).def("2").about({"M-RoPE：spatial_merge_size，merge × merge 个图块合成一个词元",
                                                           "M-RoPE: spatial_merge_size; merge × merge patches make one token"}),
         &Inputs::merge},
        {Key::shared("text_after").range(0, 12).def("3").about({"M-RoPE：图像后的文本词元数", "M-RoPE: text tokens after the image"}),
         &Inputs::text_after},
        {Key::shared("section").range(1, 32).def("2,3,3").about({"M-RoPE：跟随 t、h、w 三行的频率对个数（d = 2 × 三者之和）",
                                                                  "M-RoPE: frequency pairs following the t, h and w rows (d = 2 × their sum)"}),
         &Inputs::section},
        {Key::shared("heads").range(1, 256).def("128"), &Inputs::heads},
        {Key::shared("kv_lora_rank").range(1, 8192).def("512").about({"MLA：缓存的潜向量 c_KV 的宽度", "MLA: width of the cached latent c_KV"}),
         &Inputs::kv_lora_rank},
        {Key::shared("qk_rope_head_dim").range(2, 256).def("64").about({"MLA：所有头共用的解耦旋转键的宽度（偶数）",
                                                                         "MLA: width of the decoupled rope key shared by all heads (even)"}),
         &Inputs::qk_rope_head_dim},
        {Key::shared("qk_nope_head_dim").range(0, 1024).def("128").about({"MLA：每个头不旋转的键维度", "MLA: per-head key numbers without rotation"}),
         &Inputs::qk_nope_head_dim},
        {Key::shared("v_head_dim").range(1, 1024).def("128").about({"MLA：每个头的值维度", "MLA: per-head value numbers"}),
         &Inputs::v_head_dim},
        {Key::shared("factor").range(1, 64).def("40"), &Inputs::factor},
        {Key::shared("mscale").range(0, 10).def("1").about({"DeepSeek 的 YaRN：mscale（0 = 不给）", "DeepSeek's YaRN: mscale (0 = not given)"}),
         &Inputs::mscale},
        {Key::shared("mscale_all_dim").range(0, 10).def("1").about({"DeepSeek 的 YaRN：mscale_all_dim（0 = 不给）",
                                                                     "DeepSeek's YaRN: mscale_all_dim (0 = not given)"}),
         &Inputs::mscale_all_dim},
        {Key::choice("bytes_per_number", {"1", "2", "4"}, "2",
                     {"缓存里每个数占的字节（bf16 为 2）", "bytes per cached number (2 for bf16)"}),
         &Inputs::bytes_per_number},
    };
}

namespace {

// The M-RoPE sequence the step shows: the image's sides rounded down to whole multiples of merge (at least
// one merged token), as the Qwen2-VL processor resizes images so; `adjusted` says whether that changed them.
MropeSequence shown_sequence(const Inputs& in, bool* adjusted) {
    MropeSequence s;
    s.text_before = in.text_before;
    s.grid_t = in.grid_t;
    s.merge = std::max(1, in.merge);
    s.grid_h = std::max(s.merge, in.grid_h / s.merge * s.merge);
    s.grid_w = std::max(s.merge, in.grid_w / s.merge * s.merge);
    s.text_after = in.text_after;
    if (adjusted) *adjusted = s.grid_h != in.grid_h || s.grid_w != in.grid_w;
    return s;
}

// The section as whole numbers (each at least 1, as the table's range says).
std::vector<int> shown_section(const Inputs& in) {
    std::vector<int> out;
    for (double x : in.section) out.push_back(std::max(1, static_cast<int>(x)));
    while (out.size() < 3) out.push_back(1);
    out.resize(3);
    return out;
}

int section_sum(const std::vector<int>& section) { return section[0] + section[1] + section[2]; }

}  // namespace

long long largest_array_steps_4_6(const ParamSet& p) {
    const Inputs in = read_inputs(p);
    const long long n = mrope_token_count(shown_sequence(in, nullptr));
    const long long r = in.qk_rope_head_dim;
    return std::max({n * n, 3 * n, r * r, 4LL * in.d, 1024LL});
}

// [SECTION] step 4: LongRoPE
namespace {
// Illustrative rescale factors (Phi-3's released lists are not reproduced here): a geometric ramp from 1 at
// pair 0 to `end` at the last pair, f_i = end^(i/(n − 1)), so the fast pairs stay near 1.
std::vector<double> ramp_factors(int n, double end) {
    std::vector<double> f(static_cast<std::size_t>(n), 1.0);
    for (int i = 0; i < n; ++i) f[static_cast<std::size_t>(i)] = std::pow(end, static_cast<double>(i) / std::max(1, n - 1));
    return f;
}

struct LongRopeCase {
    LongRopeParams params;       // at the learner's seq_len
    double scale = 1;            // s = max_position / original_max
    Eigen::VectorXd plain, short_theta, long_theta, in_use;
    bool long_in_use = false;
    double attention = 1;
};

LongRopeCase longrope_case(const Inputs& in) {
    LongRopeCase c;
    const int n = in.d / 2;
    c.scale = static_cast<double>(in.max_position) / in.original_max;
    LongRopeParams& p = c.params;
    p.d = in.d;
    p.base = in.base;
    p.short_factor = ramp_factors(n, in.short_end);
    p.long_factor = ramp_factors(n, std::max(1.0, c.scale));
    p.original_max = in.original_max;
    p.max_position = in.max_position;
    c.plain = rope_default_inv_freq(in.d, in.base);
    LongRopeParams at = p;
    at.seq_len = in.original_max;  // the last length that still uses the short factors
    c.short_theta = rope_longrope_inv_freq(at).inv_freq;
    at.seq_len = in.original_max + 1;
    c.long_theta = rope_longrope_inv_freq(at).inv_freq;
    p.seq_len = in.seq_len;
    const RopeScalingResult now = rope_longrope_inv_freq(p);
    c.in_use = now.inv_freq;
    c.attention = now.attention_factor;
    c.long_in_use = longrope_uses_long_factors(in.seq_len, in.original_max);
    return c;
}

std::vector<double> wavelengths(const Eigen::VectorXd& theta) {
    std::vector<double> out;
    for (Eigen::Index i = 0; i < theta.size(); ++i) out.push_back(2 * kPi / theta(i));
    return out;
}

ViewData longrope_wavelength_view(const Inputs& in, const LongRopeCase& c, Lang lang) {
    const int n = in.d / 2;
    CurveView curve;
    for (int i = 0; i < n; ++i) curve.x.push_back(i);
    curve.series = {wavelengths(c.plain), wavelengths(c.short_theta), wavelengths(c.long_theta), wavelengths(c.in_use)};
    curve.series_labels = {say(lang, {"普通 RoPE（f = 1）", "plain RoPE (f = 1)"}),
                           say(lang, {"短因子（示意）", "short factors (illustrative)"}),
                           say(lang, {"长因子（示意）", "long factors (illustrative)"}),
                           say(lang, {"seq_len = {n} 时在用的", "in use at seq_len = {n}"}, {{"n", integer(in.seq_len)}})};
    curve.series_dashed = {true, false, false, false};
    curve.markers_x = curve.x.size() <= 64 ? curve.x : std::vector<double>{};
    curve.x_axis = say(lang, {"频率对 i（最快在左）", "frequency pair i (fastest on the left)"});
    curve.y_axis = say(lang, {"波长 2π·fᵢ/θᵢ（位置，对数轴）", "wavelength 2π·fᵢ/θᵢ (positions, log axis)"});
    curve.log_y = true;
    curve.hlines_y = {static_cast<double>(in.original_max), static_cast<double>(in.max_position)};
    curve.hline_labels = {"original_max", "max_position"};
    std::vector<std::string> notes = {
        say(lang, {"s = max_position / original_max = {mp} / {om} = {s}。示意因子表：短因子从 1 按几何级数增到 {se}，长因子从 1 增到 s（fᵢ = 末值^(i/(d/2 − 1))），都不是 Phi-3 发布的数值。",
                   "s = max_position / original_max = {mp} / {om} = {s}. Illustrative lists: the short factors grow geometrically from 1 to {se}, the long ones from 1 to s (fᵢ = end^(i/(d/2 − 1))); neither is Phi-3's released list."},
            {{"mp", integer(in.max_position)}, {"om", integer(in.original_max)}, {"s", num(c.scale, 4)}, {"se", num(in.short_end, 3)}}),
        c.long_in_use
            ? say(lang, {"seq_len = {n} > original_max = {om}：现在用长因子（HF 当前代码与 Phi-3 自己的代码都这样切换）。",
                         "seq_len = {n} > original_max = {om}: the long factors are in use now (HF's current code and Phi-3's own code switch this way)."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}})
            : say(lang, {"seq_len = {n} ≤ original_max = {om}：现在用短因子（HF 当前代码与 Phi-3 自己的代码都这样切换）。",
                         "seq_len = {n} ≤ original_max = {om}: the short factors are in use now (HF's current code and Phi-3's own code switch this way)."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}}),
        say(lang, {"最慢一对的波长：普通 {p}，短因子 {sh}，长因子 {lo}。",
                   "The slowest pair's wavelength: plain {p}, short factors {sh}, long factors {lo}."},
            {{"p", num(curve.series[0].back(), 4)}, {"sh", num(curve.series[1].back(), 4)}, {"lo", num(curve.series[2].back(), 4)}}),
    };
    return make_view(say(lang, {"每一对的波长：普通、短因子、长因子", "Wavelength per pair: plain, short and long factors"}), std::move(curve),
                     std::move(notes));
}

ViewData longrope_table_view(const Inputs& in, const LongRopeCase& c, Lang lang) {
    const int n = in.d / 2;
    std::vector<int> pairs = {0, n / 4, n / 2, 3 * n / 4, n - 1};
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    TableView t;
    t.values = RowMatrix(static_cast<Eigen::Index>(pairs.size()), 5);
    for (std::size_t r = 0; r < pairs.size(); ++r) {
        const int i = pairs[r];
        const double theta = c.in_use(i);
        t.values.row(static_cast<Eigen::Index>(r)) << c.params.short_factor[static_cast<std::size_t>(i)],
            c.params.long_factor[static_cast<std::size_t>(i)], theta, 2 * kPi / theta, in.seq_len * theta / (2 * kPi);
        t.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    t.col_labels = {say(lang, {"短因子", "short f"}), say(lang, {"长因子", "long f"}), say(lang, {"在用的 θ", "θ in use"}),
                    say(lang, {"波长", "wavelength"}), say(lang, {"seq_len 内的圈数", "turns in seq_len"})};
    t.corner = say(lang, {"频率对", "pair"});
    t.decimals = 4;
    t.col_decimals = {4, 4, 6, 1, 4};  // θ of the slow pairs needs more places; wavelengths are large
    std::vector<std::string> notes = {
        say(lang, {"注意力因子 √(1 + ln s / ln original_max) = {a}；HF 把 cos 和 sin 都乘上它，用短因子或长因子时都一样（s ≤ 1 时为 1）。",
                   "Attention factor √(1 + ln s / ln original_max) = {a}; HF multiplies cos and sin by it with either list (1 when s ≤ 1)."},
            {{"a", num(c.attention, 6)}}),
        say(lang, {"较早的 HF 版本在加载模型时只选一次：max_position = {mp} {cmp} original_max = {om}，所以无论序列多短都用{which}。",
                   "Older HF versions chose once, when loading the model: max_position = {mp} {cmp} original_max = {om}, so they used the {which} factors for every sequence, however short."},
            {{"mp", integer(in.max_position)},
             {"cmp", in.max_position > in.original_max ? ">" : "≤"},
             {"om", integer(in.original_max)},
             {"which", in.max_position > in.original_max ? say(lang, {"长因子", "long"}) : say(lang, {"短因子", "short"})}}),
    };
    return make_view(say(lang, {"几对的因子与 seq_len 下的转角", "Factors and turns of a few pairs at seq_len"}), std::move(t), std::move(notes));
}

std::vector<ViewData> longrope_views(const Inputs& in, Lang lang) {
    const LongRopeCase c = longrope_case(in);
    return {longrope_wavelength_view(in, c, lang), longrope_table_view(in, c, lang)};
}

}  // namespace

Step longrope() {
    return {
        "longrope",
        {"LongRoPE：每一对各有缩放，按长度切换", "LongRoPE: a rescale factor per pair, switched by length"},
        {"Phi-3 的 128k 模型用 LongRoPE 延长上下文。它不像[[position-interpolation|位置插值]]那样把所有对除以同一个 s，而是给每一对一个自己的因子 fᵢ，把频率 θᵢ 变成 θᵢ/fᵢ，"
         "[[wavelength|波长]]随之乘 fᵢ。模型带两张因子表：短因子用于不超过训练长度 original_max 的序列，长因子用于更长的序列。"
         "HF 当前的代码和 Phi-3 自己的代码都按当前长度切换：seq_len 一旦超过 original_max 就换成长因子；较早的 HF 版本则在加载模型时只选一次。"
         "另外，cos 和 sin 都乘上注意力因子 √(1 + ln s / ln original_max)，其中 s = max_position / original_max。"
         "Phi-3 实际发布的因子表在这里无法可靠地核对来源，所以图中用的是按公式生成的示意表：从 1 按几何级数增长到末值，快的对几乎不变，慢的对拉得最长。"
         "拖动或播放 seq_len，看在用的曲线在 original_max 处从短因子跳到长因子。",
         "Phi-3's 128k models extend their context with LongRoPE. Instead of dividing every pair by one s, as [[position-interpolation|position "
         "interpolation]] does, it gives each pair its own factor fᵢ: the frequency θᵢ becomes θᵢ/fᵢ and the [[wavelength]] grows by fᵢ. "
         "The model carries two lists of factors: the short ones for sequences up to the training length original_max, the "
         "long ones for longer sequences. HF's current code and Phi-3's own code switch by the current length: as soon as seq_len "
         "exceeds original_max the long factors take over; older HF versions chose once, when the model was loaded. "
         "On top of that, cos and sin are multiplied by the attention factor √(1 + ln s / ln original_max), with s = max_position / "
         "original_max. Phi-3's released factor lists cannot be sourced with confidence here, so the figures use illustrative lists made "
         "by a formula: a geometric ramp from 1 to an end value, so the fast pairs barely change and the slow pairs stretch most. "
         "Drag or play seq_len and watch the curve in use jump from the short factors to the long ones at original_max."},
        {"d", "base", "original_max", "max_position", "seq_len", "short_end"},
        views_of(read_inputs, longrope_views),
        {R"tex(\theta_i'=\frac{\theta_i}{f_i},\qquad f=\begin{cases}f^{\mathrm{short}} & \ell\le L_0\\ f^{\mathrm{long}} & \ell>L_0\end{cases})tex",
         R"tex(\cos,\ \sin\ \times\ \sqrt{1+\frac{\ln s}{\ln L_0}},\qquad s=\frac{L_{\max}}{L_0})tex",
         R"tex(f_i=f_{\mathrm{end}}^{\;i/(d/2-1)}\quad\text{(illustrative lists)})tex"},
        {"seq_len", 1024, 16384, 1024},
    };
}

// [SECTION] step 5: M-RoPE
namespace {
struct MropeCase {
    MropeSequence seq;
    bool adjusted = false;
    std::vector<int> section;
    int d = 0;
    Eigen::MatrixXi ids;
    Eigen::VectorXd q, k;  // q = k = all ones: every pair (1, 1), so a cell is Σ 2·cos(angle difference)
    Eigen::MatrixXd scores;
};

MropeCase mrope_case(const Inputs& in) {
    MropeCase c;
    c.seq = shown_sequence(in, &c.adjusted);
    c.section = shown_section(in);
    c.d = 2 * section_sum(c.section);
    c.ids = mrope_position_ids(c.seq);
    c.q = Eigen::VectorXd::Ones(c.d);
    c.k = c.q;
    c.scores = mrope_scores(c.ids, in.mrope_base, c.section, c.q, c.k);
    return c;
}

// "T0", "V3", ...: text or vision token and its index in the sequence.
std::vector<std::string> token_labels(const MropeSequence& s, int n) {
    const long long vision = mrope_vision_tokens(s);
    std::vector<std::string> out;
    for (int j = 0; j < n; ++j)
        out.push_back((j >= s.text_before && j < s.text_before + vision ? "V" : "T") + std::to_string(j));
    return out;
}

ViewData mrope_ids_view(const MropeCase& c, Lang lang) {
    const int n = static_cast<int>(c.ids.cols());
    const long long vision = mrope_vision_tokens(c.seq);
    RowMatrix values = c.ids.cast<double>();
    HeatmapView h = labelled_matrix(values, {"t", "h", "w"}, token_labels(c.seq, n), say(lang, {"行", "row"}),
                                    say(lang, {"词元（T 文本，V 图像）", "token (T text, V image)"}));
    h.integer = true;
    const Eigen::MatrixXi ids = c.ids;
    h.explain = [ids, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= 3 || col >= ids.cols()) return "";
        return say(lang, {"词元 {j}：(t, h, w) = ({t}, {h}, {w})", "token {j}: (t, h, w) = ({t}, {h}, {w})"},
                   {{"j", integer(col)}, {"t", integer(ids(0, col))}, {"h", integer(ids(1, col))}, {"w", integer(ids(2, col))}});
    };
    const std::vector<int> rows = mrope_pair_rows(c.section);
    auto span = [&](int row) {
        int first = -1, last = -1;
        for (int i = 0; i < static_cast<int>(rows.size()); ++i)
            if (rows[static_cast<std::size_t>(i)] == row) {
                if (first < 0) first = i;
                last = i;
            }
        return integer(first) + "–" + integer(last);
    };
    std::vector<std::string> notes = {
        say(lang, {"{n} 个词元：图像前 {tb} 个文本、{v} 个图像词元（{gt} × {gh} × {gw} 个图块，每 {m} × {m} 个合成一个）、图像后 {ta} 个文本。",
                   "{n} tokens: {tb} text before, {v} image tokens ({gt} × {gh} × {gw} patches, merged {m} × {m} into one), {ta} text after."},
            {{"n", integer(n)}, {"tb", integer(c.seq.text_before)}, {"v", integer(vision)}, {"gt", integer(c.seq.grid_t)},
             {"gh", integer(c.seq.grid_h)}, {"gw", integer(c.seq.grid_w)}, {"m", integer(c.seq.merge)}, {"ta", integer(c.seq.text_after)}}),
        say(lang, {"section = ({a}, {b}, {c})，d = {d}：第 {t} 对跟随 t 行，第 {h} 对跟随 h 行，第 {w} 对跟随 w 行。",
                   "section = ({a}, {b}, {c}), d = {d}: pairs {t} follow row t, pairs {h} row h, pairs {w} row w."},
            {{"a", integer(c.section[0])}, {"b", integer(c.section[1])}, {"c", integer(c.section[2])}, {"d", integer(c.d)},
             {"t", span(0)}, {"h", span(1)}, {"w", span(2)}}),
    };
    if (c.seq.text_after > 0 && vision > 0)
        notes.push_back(say(lang, {"图像后的第一个文本词元从目前最大的位置 + 1 = {p} 接着数，三行相同。",
                                   "The first text token after the image resumes at the largest id so far + 1 = {p}, the same on all three rows."},
                            {{"p", integer(ids(0, n - c.seq.text_after))}}));
    if (c.adjusted)
        notes.push_back(say(lang, {"图块行列数取为 merge 的整数倍：{gh} × {gw}。", "The patch rows and columns were rounded to multiples of merge: {gh} × {gw}."},
                            {{"gh", integer(c.seq.grid_h)}, {"gw", integer(c.seq.grid_w)}}));
    return make_view(say(lang, {"每个词元的三行位置 (t, h, w)", "Three-row position ids (t, h, w) of every token"}), std::move(h), std::move(notes));
}

// Scores of the centre image token of frame 0 against every token of that frame, laid out as the merged grid.
ViewData mrope_image_view(const Inputs& in, const MropeCase& c, Lang lang) {
    const int gh = c.seq.grid_h / c.seq.merge, gw = c.seq.grid_w / c.seq.merge;
    const int first = c.seq.text_before, qr = (gh - 1) / 2, qc = (gw - 1) / 2, query = first + qr * gw + qc;
    Eigen::MatrixXd grid(gh, gw);
    for (int r = 0; r < gh; ++r)
        for (int col = 0; col < gw; ++col) grid(r, col) = c.scores(query, first + r * gw + col);
    HeatmapView h = index_matrix(grid, say(lang, {"合并后的行 h", "merged row h"}), say(lang, {"合并后的列 w", "merged column w"}));
    h.is_signed = false;
    h.highlight_cells = {{qr, qc}};
    h.explain = [grid, qr, qc, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= grid.rows() || col >= grid.cols()) return "";
        return say(lang, {"Δh = {dh}，Δw = {dw}：分数 {s}", "Δh = {dh}, Δw = {dw}: score {s}"},
                   {{"dh", integer(r - qr)}, {"dw", integer(col - qc)}, {"s", num(grid(r, col), 4)}});
    };
    std::vector<std::string> notes;
    // Against 1-D RoPE on the flat order: the token below the query is gw positions away there.
    if (qr + 1 < gh) {
        const Eigen::VectorXd theta = rope_default_inv_freq(c.d, in.mrope_base);
        const double flat_below = rope_apply(c.q, query, theta, RopeLayout::half).dot(rope_apply(c.k, query + gw, theta, RopeLayout::half));
        notes.push_back(say(lang, {"下方相邻的词元：M-RoPE 分数 {m}；若按展平的一维顺序，它在 {gw} 个位置之外，一维 RoPE 分数为 {f}。",
                                   "The token just below: M-RoPE score {m}; in the flat 1-D order it is {gw} positions away, and 1-D RoPE scores it {f}."},
                            {{"m", num(grid(qr + 1, qc), 6)}, {"gw", integer(gw)}, {"f", num(flat_below, 6)}}));
    }
    if (qc + 1 < gw)
        notes.push_back(say(lang, {"右侧相邻的词元：分数 {r}（只有 w 行不同，只转跟随 w 的 {nw} 对）。",
                                   "The token just right: score {r} (only row w differs, so only the {nw} pairs following w turn)."},
                            {{"r", num(grid(qr, qc + 1), 6)}, {"nw", integer(c.section[2])}}));
    const Eigen::VectorXd theta_all = rope_default_inv_freq(c.d, in.mrope_base);
    const int first_w = c.section[0] + c.section[1];
    notes.push_back(say(lang, {"跟随 w 行的是最慢的几对：底数 {b} 时 θ 从 {hi} 到 {lo}。底数越大，它们在一幅图里转得越少，图样越淡。",
                               "The pairs following row w are the slowest: with base {b}, θ runs from {hi} down to {lo}. A larger base turns them less across an image and fades the pattern."},
                        {{"b", num(in.mrope_base, 6)}, {"hi", num(theta_all(first_w), 4)}, {"lo", num(theta_all(c.d / 2 - 1), 4)}}));
    notes.push_back(say(lang, {"查询是第 0 帧中间的图像词元（{h}, {w}）；q = k = 全 1，分数 = Σ 2·cos(转角之差)，自身为 d = {d}。",
                               "The query is a middle image token of frame 0 ({h}, {w}); q = k = all ones, so a score is Σ 2·cos(angle difference), d = {d} on itself."},
                        {{"h", integer(qr)}, {"w", integer(qc)}, {"d", integer(c.d)}}));
    return make_view(say(lang, {"图像内部的二维分数（第 0 帧）", "The 2-D score pattern inside the image (frame 0)"}), std::move(h), std::move(notes));
}

ViewData mrope_scores_view(const Inputs& in, const MropeCase& c, Lang lang) {
    HeatmapView h = qk_matrix(c.scores, lang);
    h.is_signed = false;  // every score here is near d: a sequential map shows the small differences
    const Eigen::MatrixXd S = c.scores;
    const Eigen::MatrixXi ids = c.ids;
    h.explain = [S, ids, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= S.rows() || col >= S.cols() || r >= ids.cols() || col >= ids.cols()) return "";
        return say(lang, {"查询 {m}（t, h, w = {qt}, {qh}, {qw}），键 {n}（{kt}, {kh}, {kw}）：分数 {s}",
                          "query {m} (t, h, w = {qt}, {qh}, {qw}), key {n} ({kt}, {kh}, {kw}): score {s}"},
                   {{"m", integer(r)}, {"n", integer(col)}, {"s", num(S(r, col), 4)}, {"qt", integer(ids(0, r))},
                    {"qh", integer(ids(1, r))}, {"qw", integer(ids(2, r))}, {"kt", integer(ids(0, col))},
                    {"kh", integer(ids(1, col))}, {"kw", integer(ids(2, col))}});
    };
    // Text alone: the three rows are equal, so M-RoPE must equal 1-D RoPE in the rotate_half layout.
    MropeSequence text = c.seq;
    text.grid_t = 0;
    const Eigen::MatrixXi text_ids = mrope_position_ids(text);
    const int nt = static_cast<int>(text_ids.cols());
    const Eigen::MatrixXd mrope_text = mrope_scores(text_ids, in.mrope_base, c.section, c.q, c.k);
    const Eigen::MatrixXd rope_text = rope_scores(nt, rope_default_inv_freq(c.d, in.mrope_base), c.q, c.k, RopeLayout::half);
    std::vector<std::string> notes = {
        say_error(lang, {"只有文本时（{n} 个词元，t = h = w）：M-RoPE 与一维 RoPE（前后两半配对）的最大差 = {err}{hint}。",
                         "Text alone ({n} tokens, t = h = w): largest difference between M-RoPE and 1-D RoPE (rotate_half pairs) = {err}{hint}."},
                  max_abs(mrope_text - rope_text), {{"n", integer(nt)}}),
    };
    return make_view(say(lang, {"整个序列的分数 S[m][n]（q = k = 全 1）", "Scores S[m][n] of the whole sequence (q = k = all ones)"}), std::move(h),
                     std::move(notes));
}

std::vector<ViewData> mrope_views(const Inputs& in, Lang lang) {
    const MropeCase c = mrope_case(in);
    // The square score matrix leads (its image block is the picture of the step; hovering a cell gives both
    // tokens' ids); the three rows of ids are a wide, short strip that could not hold a fifth of the screen.
    std::vector<ViewData> out = {mrope_scores_view(in, c, lang), mrope_ids_view(c, lang)};
    if (mrope_vision_tokens(c.seq) > 0) out.push_back(mrope_image_view(in, c, lang));
    return out;
}

}  // namespace

Step multimodal_rope() {
    return {
        "m-rope",
        {"M-RoPE：文本和图像共用的三行位置", "M-RoPE: three rows of positions for text and images"},
        {"Qwen2-VL 给每个词元三个位置：时间 t、高 h、宽 w。文本词元的三个位置相同，就是它的顺序号；"
         "图像词元从当前起点开始，加上它在合并后网格里的 (t, h, w) 下标，所以同一行的词元 h 相同，同一列的词元 w 相同。"
         "图像之后的文本从目前最大的位置加 1 接着数。mrope_section 把 d/2 个[[frequency-pair|频率对]]分成三段：第一段跟随 t 行转，第二段跟随 h 行，第三段跟随 w 行"
         "（HF 把加倍后的 section 表的第 i 块取自第 i mod 3 行，所以一对的两半跟随同一行）。"
         "只有文本时三行相同，M-RoPE 就退化为普通的一维 RoPE；在图像内部，分数同时依赖行距和列距，形成二维的图样。",
         "Qwen2-VL gives every token three positions: temporal t, height h and width w. A text token's three positions are equal, "
         "its running index; an image token starts at the running start plus its (t, h, w) index in the merged grid, so tokens in one "
         "row share h and tokens in one column share w. Text after the image resumes at the largest position so far plus 1. "
         "mrope_section splits the d/2 [[frequency-pair|frequency pairs]] into three runs: the first turns with row t, the second with row h, the third "
         "with row w (HF takes chunk i of the doubled section list from row i mod 3, so both halves of a pair follow the same row). "
         "With text alone the three rows are equal and M-RoPE reduces to plain 1-D RoPE; inside the image a score depends on both the "
         "row and the column distance, a two-dimensional pattern."},
        {"text_before", "grid_t", "grid_h", "grid_w", "merge", "text_after", "section", "mrope_base"},
        views_of(read_inputs, mrope_views),
        {R"tex(\mathrm{pos}_j=(t_j,\,h_j,\,w_j),\qquad \text{pair } i \text{ turns by } \mathrm{pos}_{j,\,r(i)}\,\theta_i,\quad \theta_i=b^{-2i/d})tex",
         R"tex(r(i)=\begin{cases}t & i<s_0\\ h & s_0\le i<s_0+s_1\\ w & \text{otherwise}\end{cases},\qquad d=2(s_0+s_1+s_2))tex",
         R"tex(t_j=h_j=w_j=p_j\ \Rightarrow\ \text{M-RoPE}=\text{1-D RoPE})tex"},
    };
}

// [SECTION] step 6: decoupled RoPE in MLA
namespace {
MlaConfig mla_config(const Inputs& in) {
    MlaConfig c;
    c.heads = in.heads;
    c.kv_lora_rank = in.kv_lora_rank;
    c.qk_rope_head_dim = in.qk_rope_head_dim / 2 * 2;
    c.qk_nope_head_dim = in.qk_nope_head_dim;
    c.v_head_dim = in.v_head_dim;
    return c;
}

// Cache bytes per token per layer against the number of heads: MLA's stays flat, ordinary MHA's grows.
ViewData mla_cache_view(const Inputs& in, Lang lang) {
    const MlaConfig c = mla_config(in);
    const int top = 256;  // the whole range of heads
    CurveView curve;
    std::vector<double> mha, mla;
    for (int h = 1; h <= top; ++h) {
        MlaConfig at = c;
        at.heads = h;
        curve.x.push_back(h);
        mha.push_back(static_cast<double>(mha_cache_numbers(at)) * in.bytes_per_number);
        mla.push_back(static_cast<double>(mla_cache_numbers(at)) * in.bytes_per_number);
    }
    curve.series = {mha, mla};
    curve.series_labels = {say(lang, {"普通多头注意力（每个头的键和值）", "ordinary multi-head attention (every head's key and value)"}),
                           say(lang, {"MLA（潜向量 + 共用的旋转键）", "MLA (latent + shared rope key)"})};
    curve.x_axis = say(lang, {"注意力头数", "attention heads"});
    curve.y_axis = say(lang, {"每个词元每层的缓存（字节，对数轴）", "cache per token per layer (bytes, log axis)"});
    curve.log_y = true;
    curve.vlines_x = {static_cast<double>(in.heads)};
    curve.vline_labels = {"heads"};
    const long long mla_n = mla_cache_numbers(c), mha_n = mha_cache_numbers(c);
    std::vector<std::string> notes = {
        say(lang, {"MLA：kv_lora_rank + qk_rope_head_dim = {l} + {r} = {n} 个数 = {b}（每个数 {bp} 字节）。",
                   "MLA: kv_lora_rank + qk_rope_head_dim = {l} + {r} = {n} numbers = {b} ({bp} bytes each)."},
            {{"l", integer(c.kv_lora_rank)}, {"r", integer(c.qk_rope_head_dim)}, {"n", integer(mla_n)},
             {"b", bytes_text(static_cast<double>(mla_n) * in.bytes_per_number)}, {"bp", integer(in.bytes_per_number)}}),
        say(lang, {"同样 {h} 个头的普通多头注意力：{h} × ({nope} + {r} + {v}) = {n} 个数 = {b}，是 MLA 的 {x} 倍。",
                   "Ordinary multi-head attention with the same {h} heads: {h} × ({nope} + {r} + {v}) = {n} numbers = {b}, {x} times MLA's."},
            {{"h", integer(c.heads)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)}, {"v", integer(c.v_head_dim)},
             {"n", integer(mha_n)}, {"b", bytes_text(static_cast<double>(mha_n) * in.bytes_per_number)},
             {"x", num(static_cast<double>(mha_n) / static_cast<double>(mla_n), 4)}}),
    };
    return make_view(say(lang, {"KV 缓存：MLA 与普通多头注意力", "KV cache: MLA against ordinary multi-head attention"}), std::move(curve),
                     std::move(notes));
}

// Why RoPE cannot be absorbed: with up-projections W_q, W_k (rope width × latent width), the score of two
// latents is c_qᵀ W_qᵀ R_(n−m) W_k c_k. Without RoPE the middle matrix is one fixed W_qᵀ W_k (absorbed once);
// with RoPE it changes with n − m. The curve shows max |W_qᵀ R_Δ W_k − W_qᵀ W_k| against Δ.
constexpr int kToyLatent = 8;            // a small latent width: the check is about structure, not size
constexpr std::uint64_t kToyDraw = 6;    // the fixed draw of the toy projections

ViewData mla_absorb_view(const Inputs& in, Lang lang) {
    const int r = in.qk_rope_head_dim / 2 * 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(r, in.base);
    SplitMix64 rng(kToyDraw);
    const Eigen::MatrixXd Wq = random_signed_matrix(r, kToyLatent, rng), Wk = random_signed_matrix(r, kToyLatent, rng);
    const Eigen::MatrixXd absorbed = Wq.transpose() * Wk;
    CurveView curve;
    std::vector<double> with_rope, without;
    for (int delta = 0; delta <= 64; ++delta) {
        curve.x.push_back(delta);
        with_rope.push_back(max_abs(Wq.transpose() * rope_matrix(theta, delta, RopeLayout::interleaved) * Wk - absorbed));
        without.push_back(max_abs(Wq.transpose() * Wk - absorbed));
    }
    curve.series = {with_rope, without};
    curve.series_labels = {say(lang, {"有 RoPE：W_qᵀ R_Δ W_k", "with RoPE: W_qᵀ R_Δ W_k"}), say(lang, {"没有 RoPE：W_qᵀ W_k", "without RoPE: W_qᵀ W_k"})};
    curve.x_axis = say(lang, {"距离 Δ = n − m", "distance Δ = n − m"});
    curve.y_axis = say(lang, {"与 Δ = 0 时矩阵的最大差", "largest difference from the matrix at Δ = 0"});
    // The decoupled score: position-free content part through the absorbed matrix plus the shared rope key.
    const Eigen::VectorXd cq = random_signed_matrix(kToyLatent, 1, rng), ck = random_signed_matrix(kToyLatent, 1, rng);
    const Eigen::VectorXd qr = random_signed_matrix(r, 1, rng), kr = random_signed_matrix(r, 1, rng);
    const int m = 9, n = 4;
    const double explicit_score = (Wq * cq).dot(Wk * ck) + rope_apply(qr, m, theta, RopeLayout::interleaved).dot(rope_apply(kr, n, theta, RopeLayout::interleaved));
    const double absorbed_score = cq.dot(absorbed * ck) + qr.dot(rope_matrix(theta, n - m, RopeLayout::interleaved) * kr);
    std::vector<std::string> notes = {
        say(lang, {"旋转宽度 {r}、潜向量宽度 {c} 的随机投影：Δ = 1 时差 {d1}，Δ = 64 时差 {d64}；没有 RoPE 时每个 Δ 都是 0。",
                   "Random projections, rotating width {r}, latent width {c}: the difference is {d1} at Δ = 1 and {d64} at Δ = 64; without RoPE it is 0 at every Δ."},
            {{"r", integer(r)}, {"c", integer(kToyLatent)}, {"d1", num(with_rope[1], 4)}, {"d64", num(with_rope.back(), 4)}}),
        say_error(lang, {"解耦后：内容部分用吸收好的 W_qᵀW_k，旋转部分用共用键的 R_(n−m)；m = {m}、n = {n} 时与逐项计算的分数之差 = {err}{hint}。",
                         "Decoupled: the content part through the absorbed W_qᵀW_k, the rope part through the shared key's R_(n−m); at m = {m}, n = {n} it differs from the explicit score by {err}{hint}."},
                  std::abs(explicit_score - absorbed_score), {{"m", integer(m)}, {"n", integer(n)}}),
    };
    return make_view(say(lang, {"为什么 RoPE 不能吸收进投影", "Why RoPE cannot be absorbed into the projections"}), std::move(curve), std::move(notes));
}

// DeepSeek's YaRN settings against the factor: the cos/sin scale, the softmax-scale multiplier and their product
// on the logits.
ViewData mla_yarn_view(const Inputs& in, Lang lang) {
    CurveView curve;
    std::vector<double> cos_sin, softmax, logits;
    for (double f = 1; f <= 64.0001; f += 0.5) {
        curve.x.push_back(f);
        const double a = yarn_attention_factor(f, in.mscale, in.mscale_all_dim), b = mla_softmax_scale_factor(f, in.mscale_all_dim);
        cos_sin.push_back(a);
        softmax.push_back(b);
        logits.push_back(a * a * b);
    }
    curve.series = {cos_sin, softmax, logits};
    curve.series_labels = {say(lang, {"cos/sin 的倍数", "cos/sin scale"}), say(lang, {"softmax 缩放的倍数", "softmax-scale multiplier"}),
                           say(lang, {"logit 的总倍数", "logits in total"})};
    curve.series_dashed = {false, false, true};
    curve.x_axis = say(lang, {"扩展倍数 factor", "extension factor"});
    curve.y_axis = say(lang, {"倍数", "multiplier"});
    curve.vlines_x = {in.factor};
    curve.vline_labels = {"factor"};
    const double a = yarn_attention_factor(in.factor, in.mscale, in.mscale_all_dim);
    const double b = mla_softmax_scale_factor(in.factor, in.mscale_all_dim);
    const MlaConfig c = mla_config(in);
    std::vector<std::string> notes = {
        say(lang, {"factor = {f}：cos/sin 乘 mscale(s, mscale) / mscale(s, mscale_all_dim) = {a}；softmax 缩放乘 mscale(s, mscale_all_dim)² = {b}。",
                   "factor = {f}: cos/sin are multiplied by mscale(s, mscale) / mscale(s, mscale_all_dim) = {a}; the softmax scale by mscale(s, mscale_all_dim)² = {b}."},
            {{"f", num(in.factor, 4)}, {"a", num(a, 6)}, {"b", num(b, 6)}}),
        say(lang, {"softmax 缩放 = {b} / √({nope} + {r}) = {s}；扩展后的长度 factor × original_max = {len}。",
                   "Softmax scale = {b} / √({nope} + {r}) = {s}; the extended length factor × original_max = {len}."},
            {{"b", num(b, 6)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)},
             {"s", num(mla_softmax_scale(c, in.factor, in.mscale_all_dim), 6)}, {"len", num(in.factor * in.original_max, 8)}}),
    };
    return make_view(say(lang, {"DeepSeek 的 YaRN：两处缩放", "DeepSeek's YaRN: the two scales"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> mla_views(const Inputs& in, Lang lang) {
    return {mla_cache_view(in, lang), mla_absorb_view(in, lang), mla_yarn_view(in, lang)};
}

}  // namespace

Step decoupled_rope_mla() {
    return {
        "decoupled-rope",
        {"多头潜注意力中的解耦 RoPE（DeepSeek-V2/V3）", "Decoupled RoPE in multi-head latent attention (DeepSeek-V2/V3)"},
        {"DeepSeek-V2/V3 的多头潜注意力（MLA）不在[[kv-cache|KV 缓存]]里存每个头的键和值，只存一个低维潜向量 c_KV，需要时再用上投影还原。"
         "推理时可以把键的上投影吸收进查询一侧：分数 (W_q c_q)ᵀ(W_k c_k) = c_qᵀ (W_qᵀ W_k) c_k，中间是一个固定的矩阵。"
         "RoPE 会破坏这一点：旋转夹在两个投影之间，中间变成 W_qᵀ R_(n−m) W_k，随距离变化，没法预先乘好。"
         "所以 DeepSeek 把 RoPE 拆出来：每个头的键分成不旋转的部分（由潜向量还原，可以吸收）和一小段旋转的维度 qk_rope_head_dim，"
         "这段旋转的键所有头共用一份，和潜向量一起缓存。长上下文用 [[yarn|YaRN]]：它的 mscale 与 mscale_all_dim 起两个作用，"
         "cos 和 sin 乘两者之比（DeepSeek-V3 两者都为 1，所以这个倍数是 1），softmax 的缩放则乘 mscale(factor, mscale_all_dim) 的平方。式中 μ 即 mscale，μ_all 即 mscale_all_dim。",
         "Multi-head latent attention (MLA) in DeepSeek-V2/V3 does not keep every head's key and value in the [[kv-cache|KV cache]]; it keeps one "
         "low-dimensional latent c_KV and rebuilds them with up-projections when needed. At inference the key's up-projection can be absorbed into the "
         "query side: the score (W_q c_q)ᵀ(W_k c_k) = c_qᵀ (W_qᵀ W_k) c_k has one fixed matrix in the middle. RoPE breaks this: the "
         "rotation sits between the two projections, so the middle becomes W_qᵀ R_(n−m) W_k, which changes with the distance and cannot "
         "be multiplied out in advance. DeepSeek therefore decouples RoPE: each head's key splits into a part without rotation (rebuilt "
         "from the latent, absorbable) and a few rotating dimensions, qk_rope_head_dim, whose key is one copy shared by all heads and "
         "cached beside the latent. For long context it uses [[yarn|YaRN]], whose mscale and mscale_all_dim act twice: cos and sin are multiplied "
         "by their ratio (both are 1 in DeepSeek-V3, so that multiplier is 1), and the softmax scale by mscale(factor, mscale_all_dim) squared. In the equations μ is mscale and μ_all is mscale_all_dim."},
        {"heads", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "bytes_per_number", "factor", "mscale",
         "mscale_all_dim", "original_max", "base"},
        views_of(read_inputs, mla_views),
        {R"tex(q_{m,i}^\top k_{n,i}=\underbrace{c_{Q,m}^\top W^{UQ\top}_i W^{UK}_i c_{KV,n}}_{\text{absorbed}}+\bigl(R_m\,q^R_{m,i}\bigr)^\top\bigl(R_n\,k^R_n\bigr))tex",
         R"tex(\text{cache per token: } d_c+d_R\quad\text{vs}\quad n_h\,(d_{\mathrm{nope}}+d_R+d_v))tex",
         R"tex(m(s,a)=0.1\,a\ln s+1,\qquad \cos,\sin\times\frac{m(s,\mu)}{m(s,\mu_{\mathrm{all}})},\qquad \tau=\frac{m(s,\mu_{\mathrm{all}})^2}{\sqrt{d_{\mathrm{nope}}+d_R}})tex"},
    };
}


}  // namespace open_models_lesson
}  // namespace pelab
