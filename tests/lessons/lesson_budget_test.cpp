// PE Lab — tests/core/lesson_budget_test.cpp
// The memory guard at every door: every lesson (the position-map page included) and every
// CLI quantity, with each parameter at its largest valid value, stays within the one result budget; and a
// lesson's declared result_shape really bounds the arrays its steps build (checked at the largest values
// and at the defaults), so the guard checks what is allocated.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "core/quantities/quantity.h"
#include "lessons/lesson.h"

namespace pelab {
namespace {

// The largest valid value of a spec (respecting multiple_of through the parser itself), in URL syntax;
// lists get their longest length; linked lists are repaired by parse_params afterwards.
std::string largest_text(const ParamSpec& spec) {
    ParamValue v;
    std::string why;
    switch (spec.kind) {
    case ParamKind::Int:
    case ParamKind::Real:
        for (double x = spec.max; x >= spec.min; x -= 1)
            if (parse_value(spec, format_number(x), &v, &why) && why.empty()) return format_number(x);
        return spec.default_text;
    case ParamKind::Choice: {
        // The numerically largest choice when the choices are numbers (d_model=128), else the default.
        std::string best = spec.default_text;
        double best_x = -1;
        for (const std::string& c : spec.choices) {
            char* end = nullptr;
            const double x = std::strtod(c.c_str(), &end);
            if (end && *end == '\0' && !c.empty() && x > best_x) {
                best_x = x;
                best = c;
            }
        }
        return best;
    }
    case ParamKind::RealList: {
        if (!spec.list_len_of.empty()) return spec.default_text;
        std::string out;
        for (int i = 0; i < spec.list_max; ++i) out += (i ? "," : "") + format_number(spec.max);
        return out;
    }
    case ParamKind::Bool:
        return "1";  // the checked state (a flag can turn on the bigger of two figures)
    }
    return spec.default_text;
}

ParamSet largest_params(const std::vector<ParamSpec>& specs) {
    KeyValues kv;
    for (const ParamSpec& spec : specs) kv.emplace_back(spec.name, largest_text(spec));
    ParamSet p = defaults(specs);
    parse_params(specs, kv, &p);
    return p;
}

double cells(const std::vector<long long>& shape) {
    double n = 1;
    for (long long d : shape) n *= double(d);
    return n;
}

// The largest single array a figure of each kind holds.
double largest_array(const HeatmapView& h) {
    return std::max({double(h.values.size()), double(h.cell_text.size()), double(h.highlight_cells.size())});
}
double largest_array(const TableView& t) { return double(t.values.size()); }
double largest_array(const CurveView& c) {
    double n = double(c.x.size());
    for (const auto& s : c.series) n = std::max(n, double(s.size()));
    return n;
}
double largest_array(const MapView& m) { return m.map ? double(m.map->log_norm.size()) : 0.0; }
double largest_array(const PhasorView& p) {
    double n = double(p.dials.size());
    for (const auto& d : p.dials)
        for (const auto& a : d.arrows) n = std::max(n, double(a.trail.size()));
    return n;
}
double largest_array(const OdometerView& o) { return double(o.theta.size()); }
double largest_array(const BarsView& b) { return double(b.values.size()); }

// The largest single array a step's views hold.
double largest_array(const std::vector<ViewData>& views) {
    double n = 0;
    for (const ViewData& v : views)
        n = std::max(n, std::visit([](const auto& figure) { return largest_array(figure); }, v.figure));
    return n;
}


TEST(LessonBudget, EveryLessonAtItsLargestParametersIsWithinBudget) {
    for (const Lesson* lesson : every_lesson()) {
        ASSERT_TRUE(bool(lesson->result_shape)) << lesson->id << " declares no result_shape";
        const ParamSet p = largest_params(lesson->params);
        std::string why;
        EXPECT_TRUE(lesson_within_budget(*lesson, p, &why)) << lesson->id << ": " << why;
        EXPECT_LE(cells(lesson->result_shape(p)) * 8.0, kResultBudgetBytes) << lesson->id;
    }
}

TEST(LessonBudget, DeclaredShapeBoundsWhatTheStepsBuild) {
    for (const Lesson* lesson : every_lesson()) {
        for (const ParamSet& p : {defaults(lesson->params), largest_params(lesson->params)}) {
            const double declared = cells(lesson->result_shape(p));
            for (std::size_t s = 0; s < lesson->steps.size(); ++s) {
                if (!lesson->steps[s].views) continue;
                EXPECT_LE(largest_array(lesson->steps[s].views(p, Lang::en)), declared)
                    << lesson->id << " step " << s + 1;
            }
        }
    }
}

TEST(LessonBudget, OverBudgetShapeIsRefusedWithAReason) {
    Lesson fake;
    fake.id = "fake";
    fake.result_shape = [](const ParamSet&) { return std::vector<long long>{65536, 65536}; };
    std::string why;
    EXPECT_FALSE(lesson_within_budget(fake, ParamSet(), &why));
    EXPECT_NE(why.find("fake: the result (65536x65536 doubles)"), std::string::npos) << why;
}

TEST(QuantityBudget, EveryQuantityAtItsLargestParametersIsWithinBudget) {
    for (const Quantity& q : quantity_registry()) {
        const ParamSet p = largest_params(q.params);
        std::string why;
        EXPECT_TRUE(within_result_budget(q, p, &why)) << why;
    }
}

}  // namespace
}  // namespace pelab
