// PE Lab — lessons/legacy_view.cpp
// TRANSITIONAL: LegacyView → ViewData (see legacy_view.h).
#include "lessons/legacy_view.h"

#include "lessons/lesson_util.h"

namespace pelab {

ViewData from_legacy(LegacyView v) {
    ViewData out;
    out.title = std::move(v.title);
    out.notes = std::move(v.notes);
    switch (v.kind) {
    case ViewKind::Heatmap: {
        HeatmapView h;
        h.values = std::move(v.values);
        h.row_labels = std::move(v.row_labels);
        h.col_labels = std::move(v.col_labels);
        h.row_axis = std::move(v.row_axis);
        h.col_axis = std::move(v.col_axis);
        h.is_signed = v.is_signed;
        h.integer = v.integer;
        h.decimals = v.decimals;
        h.qk_axes = v.qk_axes;
        h.row_offset = v.row_offset;
        h.col_offset = v.col_offset;
        h.highlight_delta = v.highlight_delta;
        h.explain = std::move(v.explain);
        h.highlight_cells = std::move(v.highlight_cells);
        h.highlight_row = v.highlight_row;
        for (const LegacyView::Arrow& a : v.arrows) h.arrows.push_back({a.r0, a.c0, a.r1, a.c1});
        h.cell_text = std::move(v.cell_text);
        h.select_mode = static_cast<HeatmapView::SelectMode>(v.select_mode);
        h.select_param = std::move(v.select_param);
        out.figure = std::move(h);
        break;
    }
    case ViewKind::Table: {
        TableView t;
        t.values = std::move(v.values);
        t.row_labels = std::move(v.row_labels);
        t.col_labels = std::move(v.col_labels);
        t.corner = std::move(v.row_axis);
        t.integer = v.integer;
        t.decimals = v.decimals;
        t.col_decimals = std::move(v.col_decimals);
        t.explain = std::move(v.explain);
        out.figure = std::move(t);
        break;
    }
    case ViewKind::Curve: {
        CurveView c;
        c.x = std::move(v.x);
        c.series = std::move(v.series);
        c.series_labels = std::move(v.series_labels);
        c.x_axis = std::move(v.col_axis);
        c.y_axis = std::move(v.row_axis);
        c.markers_x = std::move(v.markers_x);
        c.vlines_x = std::move(v.vlines_x);
        c.vline_labels = std::move(v.vline_labels);
        out.figure = std::move(c);
        break;
    }
    case ViewKind::PositionMap: out.figure = MapView{std::move(v.posmap)}; break;
    }
    return out;
}

std::vector<ViewData> from_legacy(std::vector<LegacyView> views) {
    std::vector<ViewData> out;
    for (LegacyView& v : views) out.push_back(from_legacy(std::move(v)));
    return out;
}

std::function<std::vector<ViewData>(const ParamSet&, Lang)> legacy(std::vector<LegacyView> (*build)(const ParamSet&, Lang)) {
    return [build](const ParamSet& p, Lang lang) { return from_legacy(build(p, lang)); };
}

namespace lessonui {

LegacyView labelled_heatmap(const std::string& title, RowMatrix values, std::vector<std::string> row_labels,
                            std::vector<std::string> col_labels, const std::string& row_axis, const std::string& col_axis) {
    LegacyView view;
    view.kind = ViewKind::Heatmap;
    view.title = title;
    view.values = std::move(values);
    view.row_labels = std::move(row_labels);
    view.col_labels = std::move(col_labels);
    view.row_axis = row_axis;
    view.col_axis = col_axis;
    return view;
}

LegacyView matrix_heatmap(const std::string& title, const Eigen::MatrixXd& M, const std::string& row_axis,
                          const std::string& col_axis) {
    return labelled_heatmap(title, to_rows(M), index_labels(static_cast<int>(M.rows())),
                            index_labels(static_cast<int>(M.cols())), row_axis, col_axis);
}

LegacyView qk_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang) {
    const HeatmapView h = qk_matrix(M, lang);
    LegacyView view = matrix_heatmap(title, M, h.row_axis, h.col_axis);
    view.is_signed = true;
    view.qk_axes = true;
    return view;
}

}  // namespace lessonui

}  // namespace pelab
