// PE Lab — lessons/legacy_view.h
// TRANSITIONAL (removed when every lesson builds ViewData payloads directly): the old all-in-one view
// struct, so that lessons not yet moved to the per-kind payloads of lesson.h still compile. from_legacy()
// turns one into a ViewData of its kind.
#pragma once
#include "lessons/lesson.h"

namespace pelab {

struct LegacyView {
    ViewKind kind = ViewKind::Heatmap;
    std::string title;                    // already in the requested language
    RowMatrix values;                     // Heatmap/Table cells. NaN = missing cell (drawn hatched/grey)
    std::vector<std::string> row_labels;  // optional; size rows() when given
    std::vector<std::string> col_labels;  // optional; size cols() when given
    std::string row_axis, col_axis;       // axis captions, e.g. "query q", "key k"
    bool is_signed = false;               // diverging map centred on 0 (else sequential)
    bool integer = false;                 // print cell values without decimals
    int decimals = 3;                     // digits printed in cells/tables when not integer
    std::vector<int> col_decimals;        // optional per-column override (0 = whole numbers), tables
    // Heatmap whose rows/cols are query/key positions: hover shows Δ = q − k and the diagonal
    // with the hovered Δ is outlined. row_offset/col_offset give the position of row/col 0.
    bool qk_axes = false;
    int row_offset = 0, col_offset = 0;
    int highlight_delta = INT_MIN;        // diagonal outlined even without hover (INT_MIN = none)
    // Hover text for cell (r, c): the terms that make the value up, in the requested language.
    std::function<std::string(int r, int c)> explain;
    // Curve data: x and one or more series of the same length.
    std::vector<double> x;
    std::vector<std::vector<double>> series;
    std::vector<std::string> series_labels;
    std::vector<double> markers_x;        // x positions drawn as dots on every series (e.g. integer Δ)
    // Overlays in cell coordinates (heatmaps; also used for 2-D position grids drawn as H×W heatmaps).
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
    // Curves: vertical marker lines (e.g. the training length) with optional labels.
    std::vector<double> vlines_x;
    std::vector<std::string> vline_labels;
    // PositionMap views: the map (shared, immutable; row/col axes are query/key positions).
    std::shared_ptr<const PositionMapView> posmap;
    // Computed facts shown under the view, one per line (e.g. "largest spread along a diagonal: 0").
    std::vector<std::string> notes;
};

ViewData from_legacy(LegacyView v);
std::vector<ViewData> from_legacy(std::vector<LegacyView> views);
// A step's view builder written against LegacyView, as a Step::views function.
std::function<std::vector<ViewData>(const ParamSet&, Lang)> legacy(std::vector<LegacyView> (*build)(const ParamSet&, Lang));

namespace lessonui {
// The LegacyView forms of labelled_matrix / index_matrix / qk_matrix (lesson_util.h).
LegacyView labelled_heatmap(const std::string& title, RowMatrix values, std::vector<std::string> row_labels,
                            std::vector<std::string> col_labels, const std::string& row_axis, const std::string& col_axis);
LegacyView matrix_heatmap(const std::string& title, const Eigen::MatrixXd& M, const std::string& row_axis,
                          const std::string& col_axis);
LegacyView qk_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang);
}  // namespace lessonui

}  // namespace pelab
