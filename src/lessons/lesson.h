// PE Lab — lessons/lesson.h
// The lesson model: a lesson is an ordered list of steps; a step is a bilingual title and explanation
// plus the views it shows and the parameters the learner may change there.
// Lessons *describe* (numbers come from core); the ImGui views layer only *draws* ViewData.
// Nothing here includes ImGui, GL or SDL.
#pragma once
#include <Eigen/Dense>
#include <climits>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/params.h"
#include "lessons/bilingual.h"
#include "lessons/param_table.h"
#include "core/position_map.h"

namespace pelab {

enum class ViewKind {
    Heatmap,      // matrix coloured by the GLSL colour map; optional cell values, hover explain
    Table,        // small matrix or list of vectors as an ImGui table with row/column labels
    Curve,        // one or more y(x) series on shared axes
    PositionMap,  // an L×L position map (L up to 65,536) evaluated per pixel on the GPU; pan/zoom to cells
};

// Row-major matrix: values(r, c) is row r, column c, and .data() is laid out the way the GL texture upload
// and the tables read it (no transposition anywhere in views).
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// [SECTION] one payload per kind of figure (implot style: each kind its own fields, one drawing function)

// A matrix coloured cell by cell.
struct HeatmapView {
    RowMatrix values;                     // NaN = missing cell (drawn hatched/grey)
    std::vector<std::string> row_labels;  // optional; size rows() when given
    std::vector<std::string> col_labels;  // optional; size cols() when given
    std::string row_axis, col_axis;       // axis captions, e.g. "query q", "key k"
    bool is_signed = false;               // diverging map centred on 0 (else sequential)
    bool integer = false;                 // print cell values without decimals
    int decimals = 3;                     // digits printed in cells when not integer
    // Rows/cols are query/key positions: hover shows Δ = q − k and the diagonal with the hovered Δ is
    // outlined. row_offset/col_offset give the position of row/col 0.
    bool qk_axes = false;
    int row_offset = 0, col_offset = 0;
    int highlight_delta = INT_MIN;        // diagonal outlined even without hover (INT_MIN = none)
    // Hover text for cell (r, c): the terms that make the value up, in the requested language.
    std::function<std::string(int r, int c)> explain;
    // Overlays in cell coordinates (also used for 2-D position grids drawn as H×W heatmaps).
    std::vector<std::pair<int, int>> highlight_cells;  // (row, col) cells outlined
    int highlight_row = -1;               // a whole row outlined (e.g. the selected query of A)
    struct Arrow {
        int r0, c0, r1, c1;               // from the centre of cell (r0,c0) to the centre of (r1,c1)
    };
    std::vector<Arrow> arrows;
    std::vector<std::string> cell_text;   // optional row-major text per cell, shown instead of the value
    // Clicking a cell sets this Int parameter of the lesson (so the selection lives in the URL):
    // SelectMode::Row sets it to the row index, SelectMode::Cell to row * cols + col.
    enum class SelectMode { None, Row, Cell };
    SelectMode select_mode = SelectMode::None;
    std::string select_param;
};

// Numbers in rows and columns with their labels.
struct TableView {
    RowMatrix values;                     // NaN = no value (an empty cell)
    std::vector<std::string> row_labels;  // optional; size rows() when given
    std::vector<std::string> col_labels;  // optional; size cols() when given
    std::string corner;                   // caption of the row labels (top-left cell), e.g. "method"
    bool integer = false;                 // print every cell without decimals
    int decimals = 3;                     // digits printed when not integer
    std::vector<int> col_decimals;        // optional per-column override (0 = whole numbers)
    std::function<std::string(int r, int c)> explain;  // optional hover text per cell
};

// One or more y(x) series on shared axes.
struct CurveView {
    std::vector<double> x;
    std::vector<std::vector<double>> series;
    std::vector<std::string> series_labels;
    std::string x_axis, y_axis;           // axis captions with units, e.g. "position p", "angle (rad)"
    std::vector<double> markers_x;        // x positions drawn as dots on every series (e.g. integer Δ)
    std::vector<double> vlines_x;         // vertical marker lines (e.g. the training length)
    std::vector<std::string> vline_labels;
};

// An L×L position map drawn by the GPU (shared, immutable; row/col axes are query/key positions).
struct MapView {
    std::shared_ptr<const PositionMapView> map;
};

// One figure of a step: a title, the computed facts shown under it (one per line) and its payload.
// The payload's index in the variant is its ViewKind.
struct ViewData {
    std::string title;                    // already in the requested language
    std::vector<std::string> notes;
    std::variant<HeatmapView, TableView, CurveView, MapView> figure;

    ViewKind kind() const { return static_cast<ViewKind>(figure.index()); }
    // The payload; throws std::bad_variant_access when the view is another kind (tests rely on it).
    const HeatmapView& heatmap() const { return std::get<HeatmapView>(figure); }
    const TableView& table() const { return std::get<TableView>(figure); }
    const CurveView& curve() const { return std::get<CurveView>(figure); }
    const MapView& map() const { return std::get<MapView>(figure); }
    HeatmapView& heatmap() { return std::get<HeatmapView>(figure); }
    TableView& table() { return std::get<TableView>(figure); }
    CurveView& curve() { return std::get<CurveView>(figure); }
};

// A figure from its payload: view(title, payload, notes).
template <class Payload>
ViewData make_view(std::string title, Payload payload, std::vector<std::string> notes = {}) {
    ViewData v;
    v.title = std::move(title);
    v.notes = std::move(notes);
    v.figure = std::move(payload);
    return v;
}

// A step is written as one aggregate, narration first: `return {title, body, params, views};`.
struct Step {
    Text title;
    Text body;                            // prose only: numbers the prose needs come from views/notes
    std::vector<std::string> params;      // keys the learner may change on this step (subset of lesson)
    std::function<std::vector<ViewData>(const ParamSet&, Lang)> views;
    // Optional: the keys shown when they depend on other values (e.g. the chosen map); a subset of params.
    std::function<std::vector<std::string>(const ParamSet&)> params_for = nullptr;
    std::vector<std::string> keys_shown(const ParamSet& p) const { return params_for ? params_for(p) : params; }
};

struct Lesson;
// Sets lesson.params and lesson.labels from the lesson's one parameter table.
template <class In>
void use_params(Lesson& lesson, const ParamTable<In>& table);

struct Lesson {
    const char* id;                       // e.g. "f-delta"
    Text title;
    std::vector<ParamSpec> params;        // every parameter of the lesson, with ranges and defaults
    std::vector<ParamLabel> labels;       // how the widget presents them (help in both languages, symbol)
    std::vector<Step> steps;
    // [added, issue 10] Shape of the largest array any step allocates for these parameters (an upper bound,
    // in doubles): the memory guard checks it before a step's views are computed.
    std::function<std::vector<long long>(const ParamSet&)> result_shape;
    // [added, issue 11] Where the registry lists the entry. Curriculum lessons fill the lesson menu in order;
    // the others (the example lesson, the long-sequence map page) are built and tested but not listed.
    bool in_curriculum = true;
    // An entry that opens with this URL key on top of the current lesson instead of by `lesson=` (the map
    // page: map=). That lesson stays in the URL as `lesson=`, and `lesson=` returns to it. `open_over`: the
    // keys that open the entry over `host` (its item in the lesson menu).
    const char* overlay_key = nullptr;
    std::function<KeyValues(const Lesson& host)> open_over;
};

template <class In>
void use_params(Lesson& lesson, const ParamTable<In>& table) {
    lesson.params = table.specs();
    lesson.labels = table.labels();
}

// The memory guard for lessons: within_result_budget (core/quantity.h) on the lesson's result_shape.
// False, with a one-line reason in *why, when these parameters would pass the budget.
bool lesson_within_budget(const Lesson& lesson, const ParamSet& params, std::string* why);

// The registry table (lessons/registry.cpp, one line per entry): every entry, the curriculum in order first.
const std::vector<const Lesson*>& every_lesson();
// The curriculum: the entries with in_curriculum, in order (the lesson menu, the host page's list).
const std::vector<const Lesson*>& lesson_registry();
// The entry `lesson=id` opens (any entry but an overlay), or null.
const Lesson* find_lesson(const std::string& id);
// The entry URL key `key` opens over the current lesson (map → the map page), or null.
const Lesson* find_overlay(const std::string& key);

// The long-sequence position maps (lessons/position_maps.cpp), an overlay entry: opened by `map=` over a
// lesson (lesson=rope&map=rope), which it returns to. The lesson that teaches a map (`pelab --gpu-map t5`
// opens the page over t5-bias).
const Lesson& position_map_lesson();
const char* position_map_host_lesson(PositionMapKind kind);

}  // namespace pelab
