// PE Lab — lessons/open_models/lesson.cpp
// Lesson "open-models": how the open models people download in 2025–2026 change RoPE, one change at a time, each
// where the model that made it is taught — partial rotation (GPT-NeoX), two RoPE bases in one model (Gemma 3),
// layers without position encoding and Llama 4's attention temperature, Llama 3.1's band rule and LongRoPE
// (Phi-3) for longer contexts, multimodal RoPE (Qwen2-VL), then multi-head latent attention (DeepSeek-V3): the
// KV cache it shrinks, why RoPE blocks folding the key projection into the query, decoupled RoPE and its YaRN; a
// table of released models' position settings, and a recap. Every number shown comes from core (open_models.h,
// rope.h, rope_scaling.h and the model presets).
// This file holds the lesson's one parameter table, the helpers a step shares with the memory guard or with
// other steps, the order of the steps and the references; each step (its views and questions) is in the file
// named for its id.
//
// [SECTION] parameters (declared once)
// [SECTION] shared helpers
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/rope/model_presets.h"
#include "core/rope/open_models.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

// [SECTION] parameters (declared once)
namespace {

// The lesson's preset key: the shared key without "none" (this step always shows a model).
ParamSpec lesson_preset_spec() {
    std::vector<std::string> names;
    for (const ModelPreset& p : pelab::model_presets()) names.push_back(p.name);
    return choice_spec("preset", names, "llama-3.1-8b", "a released model's position settings");
}

}  // namespace

const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        // -- partial-rotation, two-bases, nope-layers
        // HF's config names (head_dim, rope_theta) are accepted too: the whole lesson shares one d and one base.
        {Key::shared("d").range(2, 256).def("128").multiple_of(2)
             .about({"每个注意力头的维度 d（偶数）", "head dimension d (even)"}).alias("head_dim"), &Inputs::d},
        {Key::shared("base").range(3.1622776601683795, 1e9).def("10000").alias("rope_theta"), &Inputs::base},
        {Key::shared("rotary_dim").range(2, 256).def("32")
             .about({"转动的维度数：q、k 的前 rotary_dim 个数旋转，其余原样通过（超过 d 时按 d 计）",
                     "rotating dimensions: the first rotary_dim numbers of q and k turn, the rest pass through (above d it counts as d)"}),
         &Inputs::rotary_dim},
        {Key::shared("L").range(2, 64).def("16"), &Inputs::L},
        {Key::shared("seed").def("1"), &Inputs::seed},
        {Key::real("local_base", 2, 1e9, "10000",
                   {"滑动窗口（局部）层的 RoPE 底数（Gemma 3 的 rope_local_base_freq）",
                    "RoPE base of the sliding-window (local) layers (Gemma 3 rope_local_base_freq)"}),
         &Inputs::local_base},
        {Key::real("global_base", 2, 1e9, "1000000",
                   {"全局层的 RoPE 底数（Gemma 3 的 rope_theta）", "RoPE base of the global layers (Gemma 3 rope_theta)"}),
         &Inputs::global_base},
        {Key::integer("window", 1, 1048576, "1024",
                      {"局部层的滑动窗口长度（Gemma 3 发布的模型为 1024）",
                       "sliding window of the local layers (1024 in the released Gemma 3 models)"}),
         &Inputs::window},
        {Key::integer("context", 2, 16777216, "131072",
                      {"全局层要覆盖的上下文长度", "context length the global layers serve"}),
         &Inputs::context},
        {Key::shared("attn_scale").range(0, 10).def("0.1")
             .about({"Llama 4 NoPE 层温度的强度 attn_scale（默认 0.1）", "Llama 4: strength attn_scale of the NoPE layers' temperature (0.1 by default)"}),
         &Inputs::attn_scale},
        {Key::shared("floor_scale").range(1, 100000000).def("8192")
             .about({"Llama 4 温度的分段长度 floor_scale（默认 8192 个位置）", "Llama 4: step length floor_scale of the temperature (8192 positions by default)"}),
         &Inputs::floor_scale},
        {Key::integer("temperature_length", 16, 16777216, "131072",
                      {"注意力温度曲线画到的最大位置", "last position on the attention-temperature curve"}),
         &Inputs::temperature_length},
        // -- longrope, m-rope, decoupled-rope
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
        // -- model-presets
        {Key::from(lesson_preset_spec(), {"模型预设：一个已发布模型的位置设置", "model preset: a released model's position settings"}),
         &Inputs::preset},
    };
    return table;
}

Inputs read_inputs(const ParamSet& p) { return params().read(p); }

// [SECTION] shared helpers
// Points on the temperature curve: positions 0, stride, 2·stride, … up to temperature_length.
constexpr int kTemperatureSamples = 1200;
long long temperature_stride(int length) { return std::max(1, length / kTemperatureSamples); }

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

// longrope, longrope-scale
namespace {
// Illustrative rescale factors (Phi-3's released lists are not reproduced here): a geometric ramp from 1 at
// pair 0 to `end` at the last pair, f_i = end^(i/(n − 1)), so the fast pairs stay near 1.
std::vector<double> ramp_factors(int n, double end) {
    std::vector<double> f(static_cast<std::size_t>(n), 1.0);
    for (int i = 0; i < n; ++i) f[static_cast<std::size_t>(i)] = std::pow(end, static_cast<double>(i) / std::max(1, n - 1));
    return f;
}

}  // namespace

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


// m-rope, m-rope-image
std::vector<int> shown_section(const Inputs& in) {
    std::vector<int> out;
    for (double x : in.section) out.push_back(std::max(1, static_cast<int>(x)));
    while (out.size() < 3) out.push_back(1);
    out.resize(3);
    return out;
}

MropeCase mrope_case(const Inputs& in) {
    MropeCase c;
    c.seq = shown_sequence(in, &c.adjusted);
    c.section = shown_section(in);
    c.d = 2 * (c.section[0] + c.section[1] + c.section[2]);
    c.ids = mrope_position_ids(c.seq);
    c.q = Eigen::VectorXd::Ones(c.d);
    c.k = c.q;
    c.scores = mrope_scores(c.ids, in.mrope_base, c.section, c.q, c.k);
    return c;
}

Inputs with_an_image(const Inputs& in) {
    Inputs out = in;
    out.grid_t = std::max(1, in.grid_t);
    return out;
}

MropeBelow mrope_below(const MropeCase& c, double base) {
    MropeBelow b;
    const int gh = c.seq.grid_h / c.seq.merge, gw = c.seq.grid_w / c.seq.merge;
    b.row_tokens = gw;
    const int first = c.seq.text_before, qr = (gh - 1) / 2, qc = (gw - 1) / 2, query = first + qr * gw + qc;
    if (c.seq.grid_t < 1 || qr + 1 >= gh) {
        b.mrope = b.flat = std::nan("");
        return b;
    }
    b.mrope = c.scores(query, query + gw);
    const Eigen::VectorXd theta = rope_default_inv_freq(c.d, base);
    b.flat = rope_apply(c.q, query, theta, RopeLayout::half).dot(rope_apply(c.k, query + gw, theta, RopeLayout::half));
    return b;
}

// mla-cache, absorption, decoupled-rope, mla-yarn
MlaConfig mla_config(const Inputs& in) {
    MlaConfig c;
    c.heads = in.heads;
    c.kv_lora_rank = in.kv_lora_rank;
    c.qk_rope_head_dim = in.qk_rope_head_dim / 2 * 2;
    c.qk_nope_head_dim = in.qk_nope_head_dim;
    c.v_head_dim = in.v_head_dim;
    return c;
}

// The toy's latent width and its one draw (fixed, so the figure does not change with the seed).
constexpr int kToyLatent = 8;
constexpr std::uint64_t kToyDraw = 6;

MlaToy mla_toy(const Inputs& in) {
    MlaToy t;
    t.r = in.qk_rope_head_dim / 2 * 2;
    t.latent = kToyLatent;
    t.theta = rope_default_inv_freq(t.r, in.base);
    SplitMix64 rng(kToyDraw);
    t.Wq = random_signed_matrix(t.r, kToyLatent, rng);
    t.Wk = random_signed_matrix(t.r, kToyLatent, rng);
    t.cq = random_signed_matrix(kToyLatent, 1, rng).col(0);
    t.ck = random_signed_matrix(kToyLatent, 1, rng).col(0);
    t.qr = random_signed_matrix(t.r, 1, rng).col(0);
    t.kr = random_signed_matrix(t.r, 1, rng).col(0);
    return t;
}

// llama3-scaling, recap: each pair's divisor θᵢ/θᵢ' read from core's scaled frequencies.
Llama3Counts llama3_counts(const ModelPreset& p) {
    Llama3Counts n;
    const Eigen::VectorXd plain = rope_default_inv_freq(p.rotary_dim, p.base);
    const std::vector<double> scaled = preset_inv_freq(p);
    if (static_cast<Eigen::Index>(scaled.size()) != plain.size()) return n;
    for (Eigen::Index i = 0; i < plain.size(); ++i) {
        const double ratio = plain(i) / scaled[static_cast<std::size_t>(i)];
        if (std::abs(ratio - p.factor) < 1e-12 * p.factor) ++n.divided;
        else if (std::abs(ratio - 1.0) < 1e-12) ++n.kept;
        else ++n.between;
    }
    return n;
}

// model-presets, presets-unscaled, presets-scaled
const ModelPreset& selected_preset(const Inputs& in) {
    const ModelPreset* p = find_model_preset(in.preset);
    return p ? *p : pelab::model_presets().front();
}

std::string scaling_words(const std::string& scaling, Lang lang) {
    if (scaling == "llama3") return say(lang, {"分段规则", "band rule"});
    if (scaling == "yarn") return "YaRN";
    if (scaling == "longrope") return "LongRoPE";
    if (scaling == "linear") return say(lang, {"线性", "linear"});
    if (scaling == "none") return say(lang, {"不缩放", "none"});
    return scaling;
}

// The table of released models (core/rope/model_presets.txt), one group at a time: those that run at the length
// they were built for (scaling none) or those that scale their positions to a longer context. A column no model
// of the group fills is left out, so each table stays narrow; the rows keep core's order. An empty cell ("—")
// means the model has no such setting; a value that exists but that no source read gives is marked "unknown",
// and LongRoPE's factor (a list, one per pair) "per pair", so "—" has one meaning.
ViewData preset_group_table(bool scaled, Lang lang) {
    std::vector<const ModelPreset*> rows;
    for (const ModelPreset& p : pelab::model_presets())
        if ((p.scaling != "none") == scaled) rows.push_back(&p);
    // Every candidate column: its label, its value for one model (NaN: no value), and why a value is missing
    // (Missing::none: the model has no such setting).
    enum class Missing { none, unknown, per_pair };
    struct Column {
        std::string label;
        double (*value)(const ModelPreset&);
        Missing (*why)(const ModelPreset&);
    };
    const auto has_none = [](const ModelPreset&) { return Missing::none; };
    const std::vector<Column> columns = {
        {say(lang, {"头维度", "head dim"}), [](const ModelPreset& p) { return double(p.head_dim); }, has_none},
        {say(lang, {"旋转维度", "rotary dim"}), [](const ModelPreset& p) { return double(p.rotary_dim); }, has_none},
        {say(lang, {"无位置维度", "no-position dims"}), [](const ModelPreset& p) { return p.nope_dim > 0 ? double(p.nope_dim) : std::nan(""); }, has_none},
        {say(lang, {"底数", "base"}), [](const ModelPreset& p) { return p.base; }, has_none},
        {say(lang, {"局部层底数", "local base"}), [](const ModelPreset& p) { return p.local_base > 0 ? p.local_base : std::nan(""); }, has_none},
        {say(lang, {"窗口", "window"}), [](const ModelPreset& p) { return p.sliding_window > 0 ? double(p.sliding_window) : std::nan(""); }, has_none},
        {say(lang, {"倍数 s", "factor s"}),
         [](const ModelPreset& p) { return p.scaling == "none" || p.scaling == "longrope" ? std::nan("") : p.factor; },
         [](const ModelPreset& p) { return p.scaling == "longrope" ? Missing::per_pair : Missing::none; }},
        {say(lang, {"训练长度", "trained"}), [](const ModelPreset& p) { return p.trained_context > 0 ? double(p.trained_context) : std::nan(""); },
         [](const ModelPreset&) { return Missing::unknown; }},  // every model was trained at some length
        {scaled ? say(lang, {"扩展后长度", "extended"}) : say(lang, {"最大长度", "max length"}),
         [](const ModelPreset& p) { return double(p.extended_context); }, has_none},
    };
    std::vector<const Column*> kept;
    for (const Column& c : columns) {
        bool any = false;
        for (const ModelPreset* p : rows) any = any || !std::isnan(c.value(*p));
        if (any) kept.push_back(&c);
    }
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(kept.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t c = 0; c < kept.size(); ++c)
            table.values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = kept[c]->value(*rows[r]);
        table.row_labels.push_back(scaled ? rows[r]->display + " · " + scaling_words(rows[r]->scaling, lang) : rows[r]->display);
    }
    for (const Column* c : kept) table.col_labels.push_back(c->label);
    // The deciding cells: what sets a model apart from the others in its table, read from the numbers. A head that
    // turns only part of its numbers, a base other than the one most of the table shares (when one is), a second
    // base for local layers, a sliding window.
    const auto column_of = [&](std::size_t k) {
        for (std::size_t c = 0; c < kept.size(); ++c)
            if (kept[c] == &columns[k]) return static_cast<int>(c);
        return -1;
    };
    const int head_col = column_of(0), rotary_col = column_of(1), base_col = column_of(3), local_col = column_of(4),
              window_col = column_of(5);
    double usual_base = std::nan("");
    if (base_col >= 0) {
        std::map<double, int> counts;
        for (Eigen::Index r = 0; r < table.values.rows(); ++r) ++counts[table.values(r, base_col)];
        int best = 0, ties = 0;
        for (const auto& [b, n] : counts) {
            if (n > best) best = n, ties = 1, usual_base = b;
            else if (n == best) ++ties;
        }
        if (ties > 1 || best < 2) usual_base = std::nan("");  // no base most of the table shares
    }
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) {
        const int row = static_cast<int>(r);
        if (head_col >= 0 && rotary_col >= 0 && table.values(r, rotary_col) < table.values(r, head_col))
            table.marks.push_back({row, rotary_col, true, say(lang, {"部分旋转", "partial"})});
        if (!std::isnan(usual_base) && table.values(r, base_col) != usual_base)
            table.marks.push_back({row, base_col, true, table.values(r, base_col) > usual_base ? say(lang, {"底数更大", "larger base"})
                                                                                             : say(lang, {"底数更小", "smaller base"})});
        if (local_col >= 0 && !std::isnan(table.values(r, local_col)))
            table.marks.push_back({row, local_col, true, say(lang, {"两种底数", "two bases"})});
        if (window_col >= 0 && !std::isnan(table.values(r, window_col)))
            table.marks.push_back({row, window_col, true, say(lang, {"滑动窗口", "sliding window"})});
        // An empty cell that is not "none": the value exists but is not known here, or is not one number.
        for (std::size_t c = 0; c < kept.size(); ++c) {
            if (!std::isnan(table.values(r, static_cast<Eigen::Index>(c)))) continue;
            const Missing why = kept[c]->why(*rows[static_cast<std::size_t>(r)]);
            if (why == Missing::unknown) table.marks.push_back({row, static_cast<int>(c), false, say(lang, {"未知", "unknown"})});
            if (why == Missing::per_pair) table.marks.push_back({row, static_cast<int>(c), false, say(lang, {"逐对", "per pair"})});
        }
    }
    table.integer = true;
    table.corner = scaled ? say(lang, {"模型 · 缩放", "model · scaling"}) : say(lang, {"模型", "model"});
    table.explain = [rows, lang](int r, int) {
        if (r < 0 || r >= static_cast<int>(rows.size())) return std::string();
        return say(lang, {"{model}：数值出自其发布的配置文件，见参考文献。", "{model}: values from its published configuration files; see the references."},
                   {{"model", rows[static_cast<std::size_t>(r)]->display}});
    };
    std::vector<std::string> notes = {
        say(lang, {"{n} 个模型。只有“—”：该模型没有这一项；“—”下标“未知”：有这一项，但读到的来源都没给出。",
                   "{n} models. “—” alone: the model has no such setting; “—” marked “unknown”: it has one, but no source read gives it."},
            {{"n", lessonui::integer(static_cast<long long>(rows.size()))}})};
    if (scaled)
        notes.push_back(say(lang, {"“—”下标“逐对”：LongRoPE 没有单一的倍数，而是每对一个因子；这些表不在预设里。",
                                   "“—” marked “per pair”: LongRoPE has no single factor but one per pair; those lists are not in the preset."}));
    return make_view(scaled ? say(lang, {"缩放位置以延长上下文的模型", "Models that scale their positions for a longer context"})
                            : say(lang, {"不做上下文缩放的模型", "Models without context scaling"}),
                     table, notes);
}
// [SECTION] the lesson
namespace {

// The largest arrays: the table (presets × 9 columns) and the figures (up to four series of rotary_dim/2 pairs).
long long largest_preset_array() {
    long long most = 1;
    for (const ModelPreset& p : pelab::model_presets())
        most = std::max<long long>(most, 4LL * std::max(1, p.rotary_dim / 2));
    return std::max<long long>(most, static_cast<long long>(pelab::model_presets().size()) * 9);
}

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "open-models";
    lesson.title = {"当今开源模型中的位置编码", "Position in current open models"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {
        const Inputs in = read_inputs(p);
        // partial-rotation and nope-layers: L×L matrices, d-long vectors and the temperature curve's samples
        const long long L = in.L;
        const long long samples = in.temperature_length / temperature_stride(in.temperature_length) + 2;
        // m-rope: the n×n scores and the 3×n ids; decoupled-rope: r×r rotations; longrope: d/2 pairs per series
        const long long n = mrope_token_count(shown_sequence(in, nullptr));
        const long long r = in.qk_rope_head_dim;
        return std::vector<long long>{std::max({4 * L * L, static_cast<long long>(in.d) * 4, samples * 2, n * n, 3 * n,
                                                r * r, 4LL * in.d, 1024LL, largest_preset_array(), 1LL})};
    };
    // Every problem before its fix: the band rule of Llama 3.1 before LongRoPE and before DeepSeek; in
    // MLA the cache first, then why RoPE blocks folding the key projection into the query, then decoupled RoPE.
    lesson.steps = {
        partial_rotation(),
        two_bases(),
        layers_without_position(),
        nope_temperature(),
        llama3_scaling(),
        longrope(),
        longrope_scale(),
        multimodal_rope(),
        mrope_image(),
        mla_cache(),
        rope_absorption(),
        decoupled_rope_mla(),
        mla_yarn(),
        model_presets(),
        presets_unscaled(),
        presets_scaled(),
        recap(),
    };
    // Links written before the lesson was split into one idea per screen number the seven steps it had: old
    // step n opens this id. Putting every problem before its fix kept these ids in this order, so the table
    // still holds.
    lesson.old_numbering = {"partial-rotation", "two-bases", "nope-layers", "longrope", "m-rope", "decoupled-rope", "model-presets"};
    lesson.references = {"black2022-gpt-neox", "gemma3-hf", "gemma3-deepmind", "haviv2022", "nakanishi2025",
                         "ding2024-longrope", "wang2024-qwen2-vl", "deepseek-v2", "deepseek-v3-hf"};
    for (const ModelPreset& preset : pelab::model_presets()) lesson.references.push_back("model:" + preset.name);
    lesson.references.push_back("deepseek-v3");
    lesson.references.push_back("hf-rope-utils");
    return lesson;
}

}  // namespace
}  // namespace open_models_lesson

const Lesson* lesson_open_models() {
    static const Lesson lesson = open_models_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
