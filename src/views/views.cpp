// PE Lab — views/views.cpp
// The registry of view kinds: one line per kind. Adding a kind = one drawing function + one line.
#include "views/views.h"

#include <cmath>
#include <cstdio>

namespace pelab {

struct ViewKindEntry {
    ViewKind kind;
    float (*preferred_height)(const ViewData&, float);
    void (*draw)(const ViewData&, ViewContext&, float);
};

static const ViewKindEntry kViewKinds[] = {
    {ViewKind::Heatmap, heatmap_preferred_height, draw_heatmap},
    {ViewKind::Table, table_preferred_height, draw_table},
    {ViewKind::Curve, curve_preferred_height, draw_curve},
    {ViewKind::PositionMap, position_map_preferred_height, draw_position_map},
};

static const ViewKindEntry* find_kind(ViewKind kind) {
    for (const ViewKindEntry& e : kViewKinds)
        if (e.kind == kind) return &e;
    return nullptr;
}

float view_preferred_height(const ViewData& view, float width) {
    const ViewKindEntry* e = find_kind(view.kind);
    return e ? e->preferred_height(view, width) : 0.0f;
}

void draw_view(const ViewData& view, ViewContext& ctx, float width) {
    if (const ViewKindEntry* e = find_kind(view.kind)) e->draw(view, ctx, width);
}

std::string format_cell(double value, bool integer, int decimals) {
    if (std::isnan(value)) return "";
    if (std::isinf(value)) return value < 0 ? "−∞" : "∞";
    char buf[64];
    if (integer) {
        std::snprintf(buf, sizeof buf, "%.0f", value);
    } else {
        std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    }
    std::string s = buf;
    // "-0", "-0.000": a rounding artefact, not a sign the learner should read into.
    if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    // Typeset minus (U+2212), as in the lesson texts.
    if (s[0] == '-') s = "−" + s.substr(1);
    return s;
}

}  // namespace pelab
