// PE Lab — tests/core/result_budget_test.cpp
// The memory guard: a result over the 256 MiB budget is refused, from its shape alone, before anything
// is computed or allocated; every registered quantity declares its shape, and its largest allowed
// parameters fit the budget.
#include <gtest/gtest.h>

#include "core/quantities/quantity.h"

namespace pelab {
namespace {

TEST(ResultBudget, RefusesA16kSquareDoubleMatrixBeforeComputing) {
    bool computed = false;
    Quantity huge;
    huge.name = "huge";
    huge.compute = [&](const ParamSet&) {
        computed = true;
        return QuantityResult{};
    };
    huge.shape = [](const ParamSet&) { return std::vector<long long>{16384, 16384}; };
    std::string why;
    EXPECT_FALSE(within_result_budget(huge, ParamSet(), &why));
    EXPECT_FALSE(computed);
    EXPECT_NE(why.find("16384x16384"), std::string::npos) << why;
    EXPECT_NE(why.find("2048 MiB"), std::string::npos) << why;
    EXPECT_NE(why.find("256 MiB budget"), std::string::npos) << why;
}

TEST(ResultBudget, AcceptsWhatFits) {
    Quantity small;
    small.name = "small";
    small.shape = [](const ParamSet&) { return std::vector<long long>{4096, 4096}; };  // 128 MiB
    std::string why;
    EXPECT_TRUE(within_result_budget(small, ParamSet(), &why)) << why;
}

// Every quantity at the top of every numeric range still fits (so the CLI never allocates past it).
TEST(ResultBudget, EveryQuantityDeclaresItsShapeAndItsLargestCaseFits) {
    for (const Quantity& q : quantity_registry()) {
        ASSERT_TRUE(bool(q.shape)) << q.name << " declares no shape";
        ParamSet p = defaults(q.params);
        for (const ParamSpec& spec : q.params)
            if (spec.kind == ParamKind::Int && spec.list_len_of.empty()) {
                std::string why;
                ParamValue v;
                // The largest valid value (respecting multiple_of through the parser itself).
                for (double x = spec.max; x >= spec.min; x -= 1)
                    if (parse_value(spec, format_number(x), &v, &why) && why.empty()) break;
                p.set(spec.name, v);
            }
        const std::vector<long long> shape = q.shape(p);
        double cells = 1;
        for (long long n : shape) cells *= double(n);
        EXPECT_LE(cells * 8.0, kResultBudgetBytes) << q.name;
    }
}

}  // namespace
}  // namespace pelab
