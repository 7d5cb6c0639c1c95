// PE Lab — lessons/lesson.h
// The lesson model: a lesson is an ordered list of steps; a step is a bilingual title and explanation
// plus the views it shows and the parameters the learner may change there.
// Lessons *describe* (numbers come from core); the ImGui views layer only *draws* ViewData.
// Nothing here includes ImGui, GL or SDL.
#pragma once
#include <Eigen/Dense>
#include <climits>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/io/format.h"
#include "core/io/params.h"
#include "lessons/bilingual.h"
#include "lessons/param_table.h"
#include "lessons/questions.h"
#include "core/maps/position_map.h"

namespace pelab {

enum class ViewKind {
    Heatmap,      // matrix coloured by the GLSL colour map; optional cell values, hover explain
    Table,        // small matrix or list of vectors as an ImGui table with row/column labels
    Curve,        // one or more y(x) series on shared axes
    PositionMap,  // an L×L position map (L up to 65,536) evaluated per pixel on the GPU; pan/zoom to cells
    Phasor,       // unit circles with vectors turning on them (angle arcs, trails, draggable arrowheads)
    Odometer,     // the d/2 frequency pairs as small dials, fastest first, with the training arc shaded
    Bars,         // one horizontal bar per labelled category on a shared value axis (linear or logarithmic)
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
    // The colour scale's ends when they are fixed (a 0/1 picture keeps its meaning when every cell is
    // 1); NaN: from the values.
    double scale_lo = std::numeric_limits<double>::quiet_NaN(), scale_hi = std::numeric_limits<double>::quiet_NaN();
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
    // Optional, one per highlight_cells: the outline's verdict, +1 right (blue), −1 wrong (red), 0 plain (black):
    // e.g. where a model had to read for each answer digit, and whether the digit it gave was right.
    std::vector<int> highlight_verdicts;
    int highlight_row = -1;               // a whole row outlined (e.g. the selected query of A)
    int block = 0;                        // > 0: lines between blocks of block × block cells (a block matrix's parts)
    struct Arrow {
        int r0, c0, r1, c1;               // from the centre of cell (r0,c0) to the centre of (r1,c1)
    };
    std::vector<Arrow> arrows;
    // Straight lines over the map, in cell-edge coordinates (row r, column c is the top-left corner of cell (r, c);
    // r + 0.5 its middle): a border the cells do not show, such as where the positions a model trained on end, or
    // a band of equal Δ in one tile of a tiled map. Light lines read on both ends of the map; accent lines stand out.
    struct Line {
        float r0, c0, r1, c1;
        bool accent = false;
    };
    std::vector<Line> lines;
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
    // Optional per-row override, before the column's (0 = whole numbers, −1 = the column's): a table whose rows
    // are different quantities (a recap: a count beside a ratio) prints each row as its quantity needs.
    std::vector<int> row_decimals;
    std::function<std::string(int r, int c)> explain;  // optional hover text per cell
    // The cells that decide the step's point, each with a colour and a word ("not orthogonal", "not relative"):
    // drawn tinted with the word after the value, said by the text mirror, written by the exports.
    std::vector<CellMark> marks;
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
    std::vector<double> hlines_y;         // horizontal marker lines (e.g. the training and target lengths)
    std::vector<std::string> hline_labels;
    bool log_x = false, log_y = false;    // logarithmic axes (every x, resp. y, must then be > 0)
    std::vector<bool> series_dashed;      // optional, per series: drawn dashed (e.g. a bound beside the curve)
    // A series may lack points (NaN, drawn as a gap): a loss curve still growing, a run scored at
    // other lengths than the rest. Otherwise every point of every series is a number (the battery checks).
    bool missing_points = false;
};

// An L×L position map drawn by the GPU (shared, immutable; row/col axes are query/key positions).
struct MapView {
    std::shared_ptr<const PositionMapView> map;
};

// Unit circles with vectors on them: rotations the learner can watch (and, where an angle is a parameter,
// drag). Dials are laid out in a row at one radius.
struct PhasorView {
    struct Arrow {
        double angle = 0;                 // radians, counter-clockwise from +x
        double length = 1;                // relative to the circle's radius (0 … 1.25)
        std::string label;                // drawn at the arrowhead, e.g. "R₃k"
        int colour = 0;                   // 0 query blue, 1 key red, 2 green, 3 grey (a reference, "before")
        bool dashed = false;              // e.g. the vector before it was turned
        std::vector<double> trail;        // earlier angles, drawn as fading dots (e.g. while playing)
        // Dragging the arrowhead sets this parameter (empty = not draggable) to
        // (angle − drag_origin) / drag_per_unit, the angle unwrapped next to the current value, rounded for an
        // Int key and clamped to its range; the edit goes through ViewContext::edits like every other.
        std::string drag_param;
        double drag_origin = 0, drag_per_unit = 1;
    };
    struct Arc {                          // the angle from arrow `from` to arrow `to`, an arc with its label
        int from = 0, to = 1;
        std::string label;                // e.g. "(n − m)θ₀ = 4 rad"
    };
    struct Dial {
        std::string caption;              // under the dial, e.g. "pair 0 (θ₀ = 1)"
        std::vector<Arrow> arrows;
        std::vector<Arc> arcs;
    };
    std::vector<Dial> dials;
};

// The frequency pairs as a row of small dials, fastest first: needle i at position·θᵢ (mod 2π), the arc swept
// over the training positions 0 … train_length shaded, and the pairs whose turns_in_training < 1 (they never
// completed a turn in training) marked. The picture of why extrapolation fails and what PI/NTK/YaRN change.
struct OdometerView {
    std::vector<double> theta;            // radians per position, one per pair, fastest first
    std::vector<double> turns_in_training;  // train_length·θᵢ / 2π per pair (computed by core), same size
    double position = 0;                  // p: where the needles point
    double train_length = 0;              // L_train (0 = no training arc)
    // Whether that span is a training length (the legend and the text mirror say "training"), or only a span of
    // positions the lesson shades (absolute-pe's counter: positions 0…2^bits, no model is trained there).
    bool span_is_training = true;
    std::vector<double> theta_scaled;     // optional second needle per pair (PI/NTK/YaRN frequencies), same size
    std::string scaled_label;             // its legend entry, e.g. "YaRN"
    std::vector<std::string> captions;    // per pair, e.g. "θ₀ = 1" (empty: the pair index)
    int binary_bits = 0;                  // > 0: a binary counter of round(position) beside the dials (absolute-pe)
    std::string position_label;           // e.g. "position p = 37"
    // The needle's legend entry in the lesson's own letters (absolute-pe writes pos·ω_i); empty: "needle p·θᵢ".
    std::string needle_label;
};

// One horizontal bar per category (e.g. per method) on a shared value axis: quantities measured per category,
// which a curve would misrepresent (there is nothing between two methods). Each bar's value is written at its
// end; bars sharing a colour group share a colour (e.g. methods of one family).
struct BarsView {
    std::vector<std::string> labels;      // one per bar, drawn left of it
    std::vector<double> values;           // same size; NaN = no value (no bar, a dash at its end)
    std::string value_axis;               // caption with the unit, under the axis, e.g. "fastest run (µs)"
    bool log = false;                     // logarithmic value axis (every value must then be > 0)
    int significant = 3;                  // significant digits of the value written at a bar's end (a whole
                                          // number keeps all its digits: 1800, 71.4, 0.439)
    std::vector<int> groups;              // optional, per bar: colour group (same size as values)
    std::vector<std::string> group_labels;  // optional legend above the bars: what each colour group means
    std::function<std::string(int bar)> explain;  // optional hover text per bar
};

// One figure of a step: a title, the computed facts shown under it (one per line) and its payload.
// The payload's index in the variant is its ViewKind.
struct ViewData {
    std::string title;                    // already in the requested language
    std::vector<std::string> notes;
    std::variant<HeatmapView, TableView, CurveView, MapView, PhasorView, OdometerView, BarsView> figure;

    ViewKind kind() const { return static_cast<ViewKind>(figure.index()); }
    // The payload; throws std::bad_variant_access when the view is another kind (tests rely on it).
    const HeatmapView& heatmap() const { return std::get<HeatmapView>(figure); }
    const TableView& table() const { return std::get<TableView>(figure); }
    const CurveView& curve() const { return std::get<CurveView>(figure); }
    const MapView& map() const { return std::get<MapView>(figure); }
    const PhasorView& phasor() const { return std::get<PhasorView>(figure); }
    const OdometerView& odometer() const { return std::get<OdometerView>(figure); }
    const BarsView& bars() const { return std::get<BarsView>(figure); }
    HeatmapView& heatmap() { return std::get<HeatmapView>(figure); }
    TableView& table() { return std::get<TableView>(figure); }
    CurveView& curve() { return std::get<CurveView>(figure); }
};

// Adding a kind of figure: a payload struct above, its place in ViewData's variant and in ViewKind (same
// order), its name in figure_kind_name (lessons/registry.cpp). Everything else that handles a figure visits
// the variant with one overload per payload, so the compiler names each place still missing: the drawing and
// its size queries (views/views.h, a views_<kind>.cpp), the words of the text mirror (lessons/view_text.cpp),
// the export (lessons/view_export.cpp) and the font-coverage test (tests/app/font_coverage.cpp).

// The kind's name in the host page's layout() report and the desktop --layout JSON ("heatmap", ...).
const char* figure_kind_name(ViewKind kind);

// A figure from its payload: view(title, payload, notes).
template <class Payload>
ViewData make_view(std::string title, Payload payload, std::vector<std::string> notes = {}) {
    ViewData v;
    v.title = std::move(title);
    v.notes = std::move(notes);
    v.figure = std::move(payload);
    return v;
}

// Playback: one parameter of a step bound to a timeline (play / pause / step / scrub). Nothing plays until
// the learner (or play=1 in the URL) starts it; the paused position is ordinary URL state.
struct Timeline {
    std::string param;                    // the key it moves; empty = the step has no playback
    double from = 0, to = 0;              // the stretch played, inside the key's range
    double per_second = 1;                // units of the key per second at 1× speed
};

// A button of a step that asks for work beyond the URL state (the lab's "train", "pause all"): drawn
// in the side column above the parameters, greyed out while `enabled` says no. `press` may only make requests
// (lessons/length_lab/lab_board.h); what it starts shows up in the views through the lesson's live_revision.
struct StepAction {
    Text label;
    Text help;                                             // the tooltip: what pressing does
    std::function<bool(const ParamSet&)> enabled;          // null: always
    std::function<void(const ParamSet&)> press;
};

// A progress bar under a step's buttons (the lab's runs): what it counts, how far it is (0…1) and the
// words drawn on it ("640 / 1,500 · training").
struct StepProgress {
    std::string label;
    double fraction = 0;
    std::string overlay;
};

// A step is written as one aggregate, its id and narration first: `return {id, title, body, params, views};`,
// optionally followed by the key equations (TeX: `{R"tex(…)tex", …}`, or `{R"tex(zh)tex", R"tex(en)tex"}` for
// one with words) and a timeline.
// One of a step's key equations as TeX: one string for both languages, or one per language when the equation
// holds words (\text{…}), so that a Chinese screen reads Chinese words there too. Chinese inside \text{…} is
// typeset by MathJax at build time in cells of 1 em and drawn with the app's font (views/equation_data.h).
struct StepEquation {
    StepEquation(const char* both) : zh(both), en(both) {}  // NOLINT: a plain TeX string is the common case
    StepEquation(const char* zh_tex, const char* en_tex) : zh(zh_tex), en(en_tex) {}
    const char* zh;
    const char* en;
    const char* get(Lang l) const { return l == Lang::zh ? zh : en; }
};

struct Step {
    // The step's stable name, for links that must survive steps being inserted later: `step=shift-invariance`
    // opens the same step as `step=4` (URL, desktop arguments, setState, an embed's `steps=` range). The idea's
    // name in lowercase kebab case (`[a-z0-9]+(-[a-z0-9]+)*`, not all digits), unique within its lesson; the
    // lesson battery checks it. Never renamed once published: a link may hold it.
    const char* id;
    Text title;
    Text body;                            // prose only: numbers the prose needs come from views/notes
    std::vector<std::string> params;      // keys the learner may change on this step (subset of lesson)
    std::function<std::vector<ViewData>(const ParamSet&, Lang)> views;
    // The step's key equations as TeX, typeset at build time (StepEquation: words in \text{…} in each language).
    std::vector<StepEquation> equations = {};
    Timeline timeline = {};           // (both initialised: a step may leave them out without a warning)
    // Optional: the keys shown when they depend on other values (e.g. the chosen map); a subset of params.
    std::function<std::vector<std::string>(const ParamSet&)> params_for = nullptr;
    // Predict-then-reveal questions on this step, in the order shown (set after the aggregate: `s.questions = …`).
    std::vector<Question> questions = {};
    // Buttons of the step (set after the aggregate: `s.actions = …`), in the order drawn.
    std::vector<StepAction> actions = {};
    // Progress bars drawn under the buttons, computed each frame from state outside the URL.
    std::function<std::vector<StepProgress>(const ParamSet&, Lang)> progress = nullptr;
    // The step's point and the reason it holds, in one or two sentences in each language: drawn in full under
    // the title on every layout (never behind "more"), read first by the text mirror and `pelab-cli text`. The
    // body is the detail behind it and does not repeat it. Set after the aggregate (`s.takeaway = {…}`). Its
    // live numbers are named placeholders that takeaway_args fills from the lesson's inputs (never typed).
    // On a step with a prediction (Question::predict) it is covered with the figures until the learner answers.
    Text takeaway = {};
    std::function<std::vector<Arg>(const ParamSet&, Lang)> takeaway_args = nullptr;
    // Facts of the lesson's set-up that the body names (a default, a limit, a count), filled into the body's named
    // placeholders from the constants that define them, so the prose never types a number the code holds. Set
    // after the aggregate (`s.body_args = setup_args;`); a lesson's one list serves every step, each body taking
    // the facts it names.
    std::vector<Arg> (*body_args)(Lang) = nullptr;
    std::vector<std::string> keys_shown(const ParamSet& p) const { return params_for ? params_for(p) : params; }
};

// A step's views drawn from the lesson's inputs as read once: `read` takes the values from the lesson's
// parameter table (clamped, defaulted), so a view builder starts from its inputs instead of re-reading them.
template <class In>
std::function<std::vector<ViewData>(const ParamSet&, Lang)> views_of(In (*read)(const ParamSet&),
                                                                     std::vector<ViewData> (*build)(const In&, Lang)) {
    return [read, build](const ParamSet& p, Lang lang) { return build(read(p), lang); };
}

// A takeaway's live numbers from the lesson's inputs as read once (Step::takeaway_args), as views_of does for
// the views: `s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) { return std::vector<Arg>{…}; });`
template <class In>
std::function<std::vector<Arg>(const ParamSet&, Lang)> args_of(In (*read)(const ParamSet&),
                                                              std::vector<Arg> (*build)(const In&, Lang)) {
    return [read, build](const ParamSet& p, Lang lang) { return build(read(p), lang); };
}

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
    // The step ids in the order that links held as numbers (step=4, steps=3-5) before the
    // lesson's steps were split: old_numbering[n-1] is the step that now begins old step n's content. A number
    // in a link reads through this table, so an old link opens what it opened before; the widget itself writes
    // ids. Empty: the lesson was never renumbered, and a number is a position in `steps`. Never edited once set
    // (a later split adds nothing here: by then every link the widget wrote holds an id).
    std::vector<const char*> old_numbering = {};
    // Steps that moved to another lesson: a link naming step id `first` of this lesson (or an old number that
    // old_numbering maps to it) opens `second`, written "lesson-id/step-id". Never edited once set.
    std::vector<std::pair<const char*, const char*>> moved_steps = {};
    // The sources the lesson follows, as keys of the one bibliography (lessons/bibliography.h), in the order
    // listed on its last step.
    std::vector<std::string> references;
    // Shape of the largest array any step allocates for these parameters (an upper bound,
    // in doubles): the memory guard checks it before a step's views are computed.
    std::function<std::vector<long long>(const ParamSet&)> result_shape;
    // The one place that says whether the entry is in the curriculum: curriculum lessons fill
    // the lesson menu in registry order; an entry that sets this false is built, tested and opened by URL
    // (lesson= or its overlay key) but not listed in the menu, and `pelab-cli text` marks it "not part of
    // the curriculum". Nothing else restates which entries those are.
    bool in_curriculum = true;
    // An entry that opens with this URL key on top of the current lesson instead of by `lesson=` (the map
    // page: map=). That lesson stays in the URL as `lesson=`, and `lesson=` returns to it. `open_over`: the
    // keys that open the entry over `host` (its item in the lesson menu).
    const char* overlay_key = nullptr;
    std::function<KeyValues(const Lesson& host)> open_over;
    // Picking preset=NAME (core/rope/model_presets.h) sets the lesson's keys the preset gives (d,
    // base, scaling, factor, original_max, seq_len, beta_*, *_freq_factor) as if typed; keys given explicitly
    // in the same query win (apply_query).
    bool preset_sets_params = false;
    // Views that also show state kept outside the URL (the lab's runs): live_revision() changes
    // whenever that state does, and the app recomputes the step's views then as when a parameter changes.
    // `opened` runs when the learner opens the lesson (the lab asks for its data then, not at start-up).
    std::function<std::uint64_t()> live_revision = nullptr;
    std::function<void()> opened = nullptr;
};

template <class In>
void use_params(Lesson& lesson, const ParamTable<In>& table) {
    lesson.params = table.specs();
    lesson.labels = table.labels();
}

// The memory guard for lessons: within_result_budget (core/quantities/quantity.h) on the lesson's result_shape.
// False, with a one-line reason in *why, when these parameters would pass the budget.
bool lesson_within_budget(const Lesson& lesson, const ParamSet& params, std::string* why);

// The step's takeaway (Step::takeaway) in `lang` with its live numbers for these parameters.
std::string step_takeaway(const Step& step, const ParamSet& params, Lang lang);
// The step's body in `lang` with its set-up facts filled in (Step::body_args), and those arguments alone (for
// say_linked, which also says where the glossary links landed).
std::string step_body(const Step& step, Lang lang);
std::vector<Arg> step_body_args(const Step& step, Lang lang);
// Whether the step asks a prediction (a Question with `predict`): its figures, their notes and its takeaway are
// covered until every such question is answered or the learner reveals them.
bool step_has_prediction(const Step& step);

// The 1-based number of the step of `lesson` whose id is `id` (Step::id), or 0 when no step has that id.
int step_number_of(const Lesson& lesson, const std::string& id);
// The id of step `step` (1-based) of `lesson`, or null when there is no such step (the inverse of step_number_of).
const char* step_id_at(const Lesson& lesson, int step);
// How many step numbers a link to `lesson` may hold (old_numbering's size, else the number of steps), and the
// step (1-based, in today's order) that a link's number `n` in 1..that opens: the first step holding old step
// n's content, or with `range_end` the last one (steps=3-5 keeps all of old step 5).
int linked_step_count(const Lesson& lesson);
// 0 when old_numbering names a step that moved to another lesson (lesson_of_linked_number says where it opens).
int step_of_linked_number(const Lesson& lesson, int n, bool range_end = false);
// Where a link's step id `id` to `lesson` opens: that lesson's own step, or, for a step that moved
// (Lesson::moved_steps, followed through the new lesson's own moves; an old_numbering entry may also name
// "lesson-id/step-id"), the lesson it moved to. The lesson, with the 1-based step in *step; null when neither.
const Lesson* lesson_of_step_id(const Lesson& lesson, const std::string& id, int* step);
// Where a link's number `n` (1..linked_step_count) to `lesson` opens: step_of_linked_number's step, or the step
// that old number's content moved to in another lesson. With `range_end` the last step of that content in the
// lesson it opens (the step before the next old number's content there, else that lesson's last step).
const Lesson* lesson_of_linked_number(const Lesson& lesson, int n, int* step, bool range_end = false);

// The registry table (lessons/registry.cpp, one line per entry): every entry, the curriculum in order first.
const std::vector<const Lesson*>& every_lesson();
// The curriculum: the entries with in_curriculum, in order (the lesson menu, the host page's list).
const std::vector<const Lesson*>& lesson_registry();
// The entry `lesson=id` opens (any entry but an overlay), or null.
const Lesson* find_lesson(const std::string& id);
// A link in a text to another lesson (lessons/bilingual.h): "lesson:ID" or "lesson:ID/STEP" with STEP
// a step id of that lesson. is_lesson_link says whether a link's term has that form; linked_lesson gives the
// lesson it opens and (in *step, 1-based) the step, 1 without one; null when no entry or step has that id. A
// step that moved to another lesson (Lesson::moved_steps) opens there: the lesson returned is the new one.
bool is_lesson_link(const std::string& term);
const Lesson* linked_lesson(const std::string& term, int* step = nullptr);
// The entry URL key `key` opens over the current lesson (map → the map page), or null.
const Lesson* find_overlay(const std::string& key);

// The long-sequence position maps (lessons/position_maps/), an overlay entry: opened by `map=` over a
// lesson (lesson=rope&map=rope), which it returns to. The lesson that teaches a map (`pelab --gpu-map t5`
// opens the page over t5-bias).
const Lesson& position_map_lesson();
const char* position_map_host_lesson(PositionMapKind kind);

}  // namespace pelab
