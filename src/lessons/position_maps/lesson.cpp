// PE Lab — lessons/position_maps/lesson.cpp
// The long-sequence page (`map=` in the URL, `pelab --gpu-map`): position-only maps at L up to 65,536,
// evaluated per pixel on the GPU. A registry entry and an overlay: it opens over any lesson
// (lesson=rope&map=rope) and returns to it. Every number comes from core/maps/position_map.h.
// This file holds the parameter table, the map it describes, which keys each map shows and the list of steps;
// each step lives in the file named for its id (whole_map.cpp, aliasing.cpp, float32_precision.cpp,
// distance_profile.cpp), with its views.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters (one table) and the map they describe
// [SECTION] which parameters each map shows
// [SECTION] the lesson, its hosts and its registry entry
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/rope/model_presets.h"
#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
#include "lessons/lesson_util.h"
#include "lessons/position_maps/position_maps_lesson.h"

namespace pelab {
namespace position_maps_lesson {

using namespace lessonui;

// [SECTION] parameters (one table) and the map they describe ----------------------------------------

// In URL order (to_query writes the keys in this order).
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::choice("map", position_map_names(), "rope", {"哪一种位置图", "which position map"}), &Inputs::map},
        // A model preset's context beyond the cap is brought down to it (and the page says so).
        {Key::shared("L").range(2, kPositionMapMaxL).def("65536").preset_value("seq_len"), &Inputs::L},
        {Key::shared("d").range(2, 1024).def("128").about({"维度 d（d/2 个频率对；RoPE 最多 256）",
                                                            "dimension d (d/2 frequency pairs; RoPE up to 256)"}),
         &Inputs::d},
        {Key::shared("base").range(2, 1e8).def("10000"), &Inputs::base},
        {Key::shared("variant").def("vaswani"), &Inputs::variant},
        {Key::shared("layout").def("half"), &Inputs::layout},
        {Key::shared("scaling").def("none"), &Inputs::scaling},
        {Key::shared("factor").range(1, 64).def("8"), &Inputs::factor},
        {Key::shared("original_max").range(16, kPositionMapMaxL).def("4096"), &Inputs::original_max},
        {Key::shared("beta_fast").range(1, 128).def("32"), &Inputs::beta_fast},
        {Key::shared("beta_slow").range(0.25, 64).def("1"), &Inputs::beta_slow},
        {Key::shared("low_freq_factor").range(0.5, 16).def("1"), &Inputs::low_freq_factor},
        {Key::shared("high_freq_factor").range(0.5, 32).def("4"), &Inputs::high_freq_factor},
        {Key::shared("mscale").range(0, 100).def("0"), &Inputs::mscale},
        {Key::shared("mscale_all_dim").range(0, 100).def("0"), &Inputs::mscale_all_dim},
        {Key::choice("content", {"same", "random", "ones"}, "same",
                     {"RoPE：k = q、独立的 q 与 k，或全为 1", "RoPE: k = q, independent q and k, or all ones"}),
         &Inputs::content},
        {Key::shared("seed").def("1").about({"生成 q 与 k 所用的随机种子", "random seed of q and k"}), &Inputs::seed},
        {Key::shared("heads").range(1, 64).def("8"), &Inputs::heads},
        {Key::integer("head", 0, 63, "0", {"ALiBi：显示的头（从 0 起）", "ALiBi: head shown (0-based)"}), &Inputs::head},
        {Key::shared("mode").def("causal"), &Inputs::mode},
        {Key::shared("num_buckets").range(4, 64).def("32"), &Inputs::num_buckets},
        {Key::shared("max_distance").range(33, kPositionMapMaxL).def("128"), &Inputs::max_distance},
        {Key::shared("bidirectional").def("1"), &Inputs::bidirectional},
        {Key::integer("clip", 0, kPositionMapMaxL - 1, "16", {"Shaw：截断距离 c（Shaw 等人写作 k）", "Shaw: clipping distance c (Shaw et al. write k)"}).sym("c"),
         &Inputs::clip},
        {Key::shared("softmax").def("0").about({"RoPE、ALiBi：勾选后显示每一行对各个键的 softmax",
                                                "RoPE, ALiBi: shows each row's softmax over the keys"}),
         &Inputs::softmax},
        {Key::shared("preset").def("none").about({"模型预设：选一个已发布模型，设定 RoPE 图的 d、base、配对布局、缩放和 L",
                                                  "model preset: pick a released model to set the RoPE map's d, base, layout, scaling and L"}),
         &Inputs::preset},
        {Key::choice("filter", map_filter_names(), "box",
                     {"缩小时每个像素显示：box = 它覆盖的所有单元的平均值，point = 像素中心所在的那个单元",
                      "zoomed out, each pixel shows: box = the mean of the cells it covers, point = the cell under its centre"}),
         &Inputs::filter},
    };
    return table;
}

// The map the parameters describe (RoPE keeps at most 256 dimensions; the head lies among the heads).
PositionMapSpec spec_from(const ParamSet& p) {
    const Inputs in = params().read(p);
    PositionMapSpec s;
    parse_position_map(in.map, &s.kind);
    s.L = in.L;
    s.d = s.kind == PositionMapKind::rope ? std::min(in.d, 256) : in.d;
    s.base = in.base;
    s.variant = pe_variant_from(in.variant);
    parse_rope_layout(in.layout, &s.layout);
    parse_rope_scaling(in.scaling, &s.scaling.kind);
    s.scaling.factor = in.factor;
    s.scaling.original_max = in.original_max;
    s.scaling.beta_fast = in.beta_fast;
    s.scaling.beta_slow = in.beta_slow;
    s.scaling.low_freq_factor = in.low_freq_factor;
    s.scaling.high_freq_factor = in.high_freq_factor;
    s.scaling.mscale = in.mscale;
    s.scaling.mscale_all_dim = in.mscale_all_dim;
    s.content = in.content == "random" ? RopeContent::random : in.content == "ones" ? RopeContent::ones : RopeContent::same;
    s.seed = std::uint64_t(std::max(0, in.seed));
    s.heads = in.heads;
    s.head = std::clamp(in.head, 0, in.heads - 1);
    parse_alibi_mode(in.mode, &s.mode);
    s.num_buckets = in.num_buckets;
    s.max_distance = in.max_distance;
    s.bidirectional = in.bidirectional;
    s.clip = in.clip;
    s.softmax = in.softmax;
    parse_map_filter(in.filter, &s.filter);
    return s;
}

// [SECTION] which parameters each map shows -------------------------------------------------------

std::vector<std::string> keys_for(const ParamSet& p) {
    const PositionMapSpec s = spec_from(p);
    std::vector<std::string> keys = {"map", "L", "filter"};
    switch (s.kind) {
    case PositionMapKind::sinusoidal: keys.insert(keys.end(), {"d", "base", "variant"}); break;
    case PositionMapKind::rope: {
        keys.insert(keys.end(), {"preset", "d", "base", "layout", "content", "seed", "softmax", "scaling"});
        const RopeScaling k = s.scaling.kind;
        if (k != RopeScaling::none) keys.push_back("factor");
        if (k == RopeScaling::dynamic || k == RopeScaling::yarn || k == RopeScaling::llama3) keys.push_back("original_max");
        if (k == RopeScaling::yarn) keys.insert(keys.end(), {"beta_fast", "beta_slow", "mscale", "mscale_all_dim"});
        if (k == RopeScaling::llama3) keys.insert(keys.end(), {"low_freq_factor", "high_freq_factor"});
        break;
    }
    case PositionMapKind::alibi: keys.insert(keys.end(), {"heads", "head", "mode", "softmax"}); break;
    case PositionMapKind::t5: keys.insert(keys.end(), {"num_buckets", "max_distance", "bidirectional"}); break;
    case PositionMapKind::shaw: keys.push_back("clip"); break;
    }
    return keys;
}

std::vector<std::string> all_keys() {
    std::vector<std::string> keys;
    for (const ParamSpec& s : params().specs()) keys.push_back(s.name);
    return keys;
}

// [SECTION] the lesson, its hosts and its registry entry ---------------------------------------------
namespace {

// The lesson that teaches each map: the page opens over it (`pelab --gpu-map t5` → t5-bias), and a lesson's
// menu item opens the page on the map it is about (rope for lessons without one of their own).
struct MapHost {
    PositionMapKind kind;
    const char* lesson;
};
constexpr MapHost kMapHosts[] = {
    {PositionMapKind::sinusoidal, "absolute-pe"}, {PositionMapKind::rope, "rope"}, {PositionMapKind::alibi, "beyond-training"},
    {PositionMapKind::t5, "t5-bias"},             {PositionMapKind::shaw, "shaw"},
};

PositionMapKind map_of_lesson(const std::string& lesson_id) {
    for (const MapHost& h : kMapHosts)
        if (lesson_id == h.lesson) return h.kind;
    return PositionMapKind::rope;
}

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "position-maps";
    lesson.title = {"长序列位置图（GPU）", "Long-sequence position maps (GPU)"};
    lesson.in_curriculum = false;
    lesson.overlay_key = "map";
    lesson.open_over = [](const Lesson& host) { return KeyValues{{"map", position_map_name(map_of_lesson(host.id))}}; };
    use_params(lesson, params());
    lesson.preset_sets_params = true;
    lesson.result_shape = [](const ParamSet& p) {  // profile f(Δ) over 2L−1 distances, its segment tree, L row normalisers
        return std::vector<long long>{(long long)params().read(p).L, 8};
    };
    lesson.steps = {whole_map(), aliasing(), float32_at_65536(), profile_along_distance()};
    return lesson;
}

}  // namespace
}  // namespace position_maps_lesson

const char* position_map_host_lesson(PositionMapKind kind) {
    for (const position_maps_lesson::MapHost& h : position_maps_lesson::kMapHosts)
        if (h.kind == kind) return h.lesson;
    return "rope";
}

const Lesson& position_map_lesson() {
    static const Lesson lesson = position_maps_lesson::make_lesson();
    return lesson;
}

const Lesson* lesson_position_maps() { return &position_map_lesson(); }

}  // namespace pelab
