// PE Lab — core/relative/distance.h
// The maths of the example lesson (lessons/example/, the template docs/adding-a-lesson.md walks through):
// the query–key distance Δ = q − k of a sequence of L positions, and how many (q, k) pairs share each Δ.
// Part of `core`: Eigen and the standard library only.
#pragma once
#include <Eigen/Dense>
#include <vector>

#include "core/quantities/quantity.h"

namespace pelab {

// L × L matrix D with D(q, k) = q − k (row q: query position, column k: key position, both 0-based).
Eigen::MatrixXd query_key_distance(int L);

// For Δ = −(L − 1) … L − 1 (index Δ + L − 1): the number of pairs (q, k) in 0..L−1 with q − k = Δ, i.e. the
// length L − |Δ| of that diagonal of D. The counts add up to L².
std::vector<double> pairs_at_distance(int L);

// The CLI quantity of this family: qk_distance (appended to quantity_registry() in quantity.cpp).
std::vector<Quantity> quantities_distance();

}  // namespace pelab
