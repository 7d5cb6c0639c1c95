// PE Lab — views/views_table.cpp
// Table view: vectors and small matrices (e.g. the R_Δ table, one row per Δ) as an ImGui table.
// Long tables scroll inside a bounded height so the step text stays on screen. Given the room a step's primary
// figure gets (ViewContext::max_height), a leading table is a fixed, scrollable box of exactly that room (its rows
// grow to spread over it when they need less); any other table is no taller than its rows (at most
// kMaxVisibleRows of them) and that room.
#include <algorithm>
#include <cmath>

#include "views/views.h"

namespace pelab {

namespace {
constexpr int kMaxVisibleRows = 15;

// One table row: a line of text plus the cell padding above and below (ImGui draws row borders inside it).
float table_row_height() { return ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2.0f; }

// The mark on cell (r, c), or null. A marked cell shows its value and under it its word in the mark's colour,
// on a tinted background: green where the check the cell shows holds, red where it fails. A row holding a mark
// is two lines tall (the word under the value keeps a narrow table's columns narrow).
const CellMark* cell_mark(const TableView& v, int r, int c) {
    for (const CellMark& m : v.marks)
        if (m.row == r && m.col == c) return &m;
    return nullptr;
}
ImU32 mark_colour(const CellMark& m) { return m.holds ? IM_COL32(30, 130, 50, 255) : IM_COL32(200, 40, 40, 255); }
bool row_has_mark(const TableView& v, int r) {
    for (const CellMark& m : v.marks)
        if (m.row == r) return true;
    return false;
}
// Row r's height as ImGui draws it: one line, or for a row with a mark two lines and the item spacing between
// the value and its word.
float row_height(const TableView& v, int r) {
    return table_row_height() +
           (row_has_mark(v, r) ? ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y : 0.0f);
}
// The first `rows` rows' height.
float table_rows_height(const TableView& v, int rows) {
    float h = 0.0f;
    for (int r = 0; r < rows; ++r) h += row_height(v, r);
    return h;
}

int cell_decimals(const TableView& v, int r, int c) {
    if (r < int(v.row_decimals.size()) && v.row_decimals[size_t(r)] >= 0) return v.row_decimals[size_t(r)];
    if (c < int(v.col_decimals.size()) && v.col_decimals[size_t(c)] >= 0) return v.col_decimals[size_t(c)];
    return v.integer ? 0 : v.decimals;
}

// The columns of a table `width` wide: each as wide as its widest cell or header. When that is too wide,
// headers longer than their numbers take two or more lines, so that the columns are as wide as their
// numbers (a column scrolled out of sight would show its header and hide its values). width = 0: the
// narrowest layout. Widths include the cell padding and the border line.
struct TableColumns {
    std::vector<float> widths;        // the row labels' column first, when there is one
    std::vector<std::string> headers; // the value columns' headers, with their line breaks
    int header_lines = 1;
    float total() const {
        float t = 0;
        for (float w : widths) t += w;
        return t;
    }
};

TableColumns table_columns(const TableView& v, float width) {
    const int rows = int(v.values.rows()), cols = int(v.values.cols());
    const float font = ImGui::GetFontSize();
    const float padding = ImGui::GetStyle().CellPadding.x * 2.0f + 1.0f;
    // A cell's text and, on top of the cell padding, a little air (half a line) between neighbouring numbers.
    const float air = font * 0.5f;
    auto widen = [&](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x + air; };
    TableColumns t;
    const bool has_row_labels = !v.row_labels.empty();
    if (has_row_labels) {
        float w = widen(v.corner);
        for (const std::string& s : v.row_labels) w = std::max(w, widen(s));
        t.widths.push_back(w + padding);
    }
    std::vector<float> values_w(static_cast<size_t>(cols), 0.0f);
    for (int c = 0; c < cols; ++c) {
        for (int r = 0; r < rows; ++r) {
            const int d = cell_decimals(v, r, c);
            values_w[size_t(c)] = std::max(values_w[size_t(c)], widen(format_cell(v.values(r, c), d == 0, d)));
            if (const CellMark* m = cell_mark(v, r, c)) values_w[size_t(c)] = std::max(values_w[size_t(c)], widen(m->word));
        }
        t.headers.push_back(c < int(v.col_labels.size()) ? v.col_labels[size_t(c)] : "");
        t.widths.push_back(std::max(values_w[size_t(c)], widen(t.headers.back())) + padding);
    }
    if (t.total() + 2.0f <= width) return t;
    const size_t first = has_row_labels ? 1 : 0;
    for (int c = 0; c < cols; ++c) {
        std::string& h = t.headers[size_t(c)];
        if (widen(h) <= values_w[size_t(c)]) continue;
        // Lines break as prose does (text.cpp: at spaces, and between Chinese characters), each as wide as the
        // header's widest unbreakable piece at least (it sets the column's width anyway), and at most three of
        // them: a header of many short pieces would otherwise stand one a line, taller than the rows it heads.
        auto wrap = [&h](float w) {
            std::string out;
            for (const auto& line : wrap_lines(h, w)) out.append(out.empty() ? "" : "\n").append(line.first, line.second);
            return out;
        };
        float line_w = std::max({values_w[size_t(c)] - air, ImGui::CalcTextSize(h.c_str()).x / 3.0f, widest_unbreakable(h)});
        std::string wrapped = wrap(line_w);
        while (std::count(wrapped.begin(), wrapped.end(), '\n') > 2) {  // pieces of uneven width: a little wider
            line_w += font * 0.5f;
            wrapped = wrap(line_w);
        }
        h = wrapped;
        t.header_lines = std::max(t.header_lines, 1 + int(std::count(h.begin(), h.end(), '\n')));
        // CalcTextSize measures the widest line of a multi-line text.
        t.widths[first + size_t(c)] = std::max(values_w[size_t(c)], widen(h)) + padding;
    }
    return t;
}

}  // namespace

float figure_min_width(const TableView& table) { return table_columns(table, 0.0f).total() + 2.0f; }

float figure_height(const TableView& v, float /*width*/) {
    const float row_h = table_row_height();  // the header's
    const int shown = std::min(int(v.values.rows()), kMaxVisibleRows);
    const float font = ImGui::GetFontSize();
    return font * 1.6f + row_h + table_rows_height(v, shown) + font * 0.8f;
}

namespace {

// The table's box as draw_figure sizes it `width` wide with the room the app gives (max_height) and the primary flag.
struct TableBox {
    bool drawn = false;   // it has rows and columns (else only its title is drawn)
    TableColumns columns;
    float rows_h = 0.0f;  // the rows, the header and the outer borders (the height of a table that fits)
    float height = 0.0f;  // the box's height
    float width = 0.0f;
    bool scroll_x = false, fill = false, stretch = false, fits = false;
    // The primary figure's box is the whole room; when its rows need less, each row grows by this much (its text
    // centred in it, at most one and a half rows more) so that a short table spreads over its box instead of
    // leaving it empty below the last row.
    float row_extra = 0.0f;
    // A filled box whose rows all fit it (grown by row_extra): drawn as tall as its rows, the rest of the room
    // left empty below the view's notes (a scrolling box of the room's height would draw an empty grid).
    bool grown = false;
};

TableBox table_box(const TableView& v, float width, float max_height, bool primary) {
    TableBox b;
    const int rows = int(v.values.rows()), cols = int(v.values.cols());
    const int ncols = cols + (v.row_labels.empty() ? 0 : 1);
    b.drawn = rows > 0 && ncols > 0 && ncols <= 64;
    if (!b.drawn) return b;
    const float font = ImGui::GetFontSize();
    // Size the table to its content (up to the given width): narrow tables stay narrow.
    b.columns = table_columns(v, width);
    const float content_w = b.columns.total();
    const float row_h = table_row_height();
    // The rows, the header (taller by its extra lines) and the outer borders.
    b.rows_h = row_h + table_rows_height(v, std::min(rows, kMaxVisibleRows)) +
               ImGui::GetTextLineHeight() * float(b.columns.header_lines - 1) + 2.0f;
    b.height = b.rows_h;
    b.scroll_x = content_w + 2.0f > width;
    if (b.scroll_x) b.height += ImGui::GetStyle().ScrollbarSize;
    // The room the app gives (title line excluded): a bounded box, the whole room for the primary figure.
    const float room = max_height > 0.0f ? max_height - ImGui::GetTextLineHeightWithSpacing() - font * 0.4f : 0.0f;
    b.fill = primary && room > 0.0f;
    if (room > 0.0f) b.height = b.fill ? std::max(room, row_h * 3.0f) : std::min(b.height, std::max(room, row_h * 3.0f));
    b.width = b.fill ? width : std::min(width, content_w + 2.0f);
    // Narrower than its box: the columns share the width in proportion to their content.
    b.stretch = b.fill && !b.scroll_x;
    // A table whose rows all fit gets no scrolling box: ImGui then makes it exactly as tall as its rows,
    // where a fixed box from the estimate above could leave an empty strip below the last row.
    b.fits = !b.fill && !b.scroll_x && rows <= kMaxVisibleRows && (room <= 0.0f || b.rows_h <= room);
    // ImGui then makes it as tall as its rows alone (the outer borders are drawn inside them).
    if (b.fits) b.height = b.rows_h - 2.0f;
    if (b.fill && !b.scroll_x && rows <= kMaxVisibleRows && b.rows_h < b.height)
        b.row_extra = std::min((b.height - b.rows_h) / float(rows), 1.5f * row_h);
    b.grown = b.fill && !b.scroll_x && rows <= kMaxVisibleRows && b.rows_h <= b.height;
    return b;
}

}  // namespace

// The table's box as draw_figure reports it, drawn as the primary figure.
float figure_plot_area(const TableView& v, float width, float max_height, Lang /*lang*/) {
    const TableBox b = table_box(v, width, max_height, true);
    return b.drawn ? b.width * (b.fits ? b.rows_h - 2.0f : b.height) : 0.0f;
}

// The title line, then the table's box (ImGui's EndTable puts it after the box as after any item).
float figure_drawn_bottom(const TableView& v, float top, float width, float max_height, bool primary, Lang /*lang*/) {
    const TableBox b = table_box(v, width, max_height, primary);
    const float under_title = cursor_after_item(top, ImGui::GetTextLineHeight());
    return b.drawn ? cursor_after_item(under_title, b.height) : under_title;
}

// An empty table draws its title only; its notes still follow (the function returns true).
bool draw_figure(const std::string& title, const TableView& v, ViewContext& ctx, float width) {
    const int rows = int(v.values.rows()), cols = int(v.values.cols());
    const float font = ImGui::GetFontSize();
    text_one_line(title, width);
    const bool has_row_labels = !v.row_labels.empty();
    const int ncols = cols + (has_row_labels ? 1 : 0);
    const TableBox box = table_box(v, width, ctx.max_height, ctx.primary);
    if (box.drawn) {
        const TableColumns& columns = box.columns;
        float height = box.height;
        const float table_w = box.width;
        const bool scroll_x = box.scroll_x, stretch = box.stretch, grown = box.grown;
        const bool fits = box.fits || grown;  // either way ImGui makes it as tall as its rows
        const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                      (fits ? 0 : ImGuiTableFlags_ScrollY) |
                                      (stretch ? ImGuiTableFlags_SizingStretchProp : ImGuiTableFlags_SizingFixedFit) |
                                      (scroll_x ? ImGuiTableFlags_ScrollX : 0);
        const ImGuiTableColumnFlags sizing = stretch ? ImGuiTableColumnFlags_WidthStretch : ImGuiTableColumnFlags_WidthFixed;
        const ImVec2 top_left = ImGui::GetCursorScreenPos();
        if (ImGui::BeginTable("##table", ncols, flags, ImVec2(table_w, fits ? 0.0f : height))) {
            ImGui::TableSetupScrollFreeze(has_row_labels ? 1 : 0, 1);
            // TableSetupColumn takes the width inside the cell padding.
            const float padding = ImGui::GetStyle().CellPadding.x * 2.0f + 1.0f;
            if (has_row_labels) ImGui::TableSetupColumn(v.corner.c_str(), sizing, columns.widths[0] - padding);
            for (int c = 0; c < cols; ++c) {
                ImGui::TableSetupColumn(columns.headers[size_t(c)].c_str(), sizing,
                                        columns.widths[size_t(c + (has_row_labels ? 1 : 0))] - padding);
            }
            ImGui::TableHeadersRow();
            const float row_extra = box.row_extra;
            // A grown row (TableBox::row_extra): its text starts half the growth lower, so it sits in the middle.
            const auto centre_in_row = [row_extra] {
                if (row_extra > 0.0f) ImGui::SetCursorPosY(ImGui::GetCursorPosY() + row_extra * 0.5f);
            };
            const auto draw_row = [&](int r) {
                ImGui::TableNextRow(ImGuiTableRowFlags_None, row_extra > 0.0f ? row_height(v, r) + row_extra : 0.0f);
                if (has_row_labels) {
                    ImGui::TableNextColumn();
                    centre_in_row();
                    ImGui::TextUnformatted(r < int(v.row_labels.size()) ? v.row_labels[size_t(r)].c_str() : "");
                }
                for (int c = 0; c < cols; ++c) {
                    ImGui::TableNextColumn();
                    centre_in_row();
                    const double x = v.values(r, c);
                    const CellMark* mark = cell_mark(v, r, c);
                    if (mark) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, with_alpha(mark_colour(*mark), 0.16f));
                    if (std::isnan(x)) {
                        ImGui::TextDisabled("—");
                        if (mark) {  // a marked empty cell ("no parameter") still says its word
                            ImGui::PushStyleColor(ImGuiCol_Text, mark_colour(*mark));
                            ImGui::TextUnformatted(mark->word.c_str());
                            ImGui::PopStyleColor();
                        }
                    } else {
                        // Right-align numbers so decimal points line up (a marked cell: its value and word).
                        const int d = cell_decimals(v, r, c);
                        const std::string s = format_cell(x, d == 0, d);
                        const float x0 = ImGui::GetCursorPosX(), avail = ImGui::GetContentRegionAvail().x;
                        const float pad = avail - ImGui::CalcTextSize(s.c_str()).x;
                        if (pad > 0) ImGui::SetCursorPosX(x0 + pad);
                        ImGui::TextUnformatted(s.c_str());
                        if (mark) {
                            const float word_pad = avail - ImGui::CalcTextSize(mark->word.c_str()).x;
                            ImGui::SetCursorPosX(x0 + std::max(0.0f, word_pad));
                            ImGui::PushStyleColor(ImGuiCol_Text, mark_colour(*mark));
                            ImGui::TextUnformatted(mark->word.c_str());
                            ImGui::PopStyleColor();
                        }
                    }
                    if (v.explain && ImGui::IsItemHovered()) {
                        const std::string e = v.explain(r, c);
                        if (!e.empty()) ImGui::SetTooltip("%s", e.c_str());
                    }
                }
            };
            // The clipper draws only the rows in sight, assuming they are equally tall: a table with marks (some
            // rows two lines) is small and draws every row, as does one whose rows grew (all of them fit).
            if (v.marks.empty() && row_extra <= 0.0f) {
                ImGuiListClipper clipper;
                clipper.Begin(rows);
                while (clipper.Step())
                    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) draw_row(r);
            } else {
                for (int r = 0; r < rows; ++r) draw_row(r);
            }
            ImGui::EndTable();
            if (box.fits) height = ImGui::GetItemRectMax().y - top_left.y;
            // The room below the last row, left empty after the notes (draw_view), so that what follows sits
            // where a box of the room's height would have put it (figure_drawn_bottom).
            if (grown) ctx.room_left_below = std::max(0.0f, cursor_after_item(top_left.y, height) - ImGui::GetCursorScreenPos().y);
        }
        if (ctx.drawn) {
            const ImVec2 br(top_left.x + table_w, top_left.y + height);
            ctx.drawn->push_back({ViewKind::Table, title, top_left, br, rows, cols});
            ctx.drawn->back().scrolls_sideways = scroll_x;
        }
    }
    return true;
}

}  // namespace pelab
