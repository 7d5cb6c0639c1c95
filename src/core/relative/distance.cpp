// PE Lab — core/relative/distance.cpp
// Query–key distances and the length of each diagonal (core/relative/distance.h), and their CLI quantity.
#include "core/relative/distance.h"

#include <cstdlib>

#include "core/io/keys.h"

namespace pelab {

Eigen::MatrixXd query_key_distance(int L) {
    Eigen::MatrixXd D(L, L);
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) D(q, k) = q - k;
    return D;
}

std::vector<double> pairs_at_distance(int L) {
    std::vector<double> counts;
    for (int delta = -(L - 1); delta <= L - 1; ++delta) counts.push_back(L - std::abs(delta));
    return counts;
}

std::vector<Quantity> quantities_distance() {
    Quantity q;
    q.name = "qk_distance";
    q.summary = "L x L distance D[q][k] = q - k (rows q query, columns k key), integers";
    q.params = {narrowed(shared_key("L"), 1, 1024, "6")};
    q.compute = [](const ParamSet& p) {
        QuantityResult r = matrix_result(query_key_distance(p.geti("L")));
        r.integer = true;
        return r;
    };
    q.shape = [](const ParamSet& p) { return std::vector<long long>{p.geti("L"), p.geti("L")}; };
    return {q};
}

}  // namespace pelab
