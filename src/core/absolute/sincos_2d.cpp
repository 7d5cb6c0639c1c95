// PE Lab — core/absolute/sincos_2d.cpp
// Implements sincos_2d.h, step for step like MAE's util/pos_embed.py (omega = arange(D/4) / (D/4),
// omega = 1 / 10000**omega, out = outer(pos, omega), [sin(out) | cos(out)]).
#include "core/absolute/sincos_2d.h"

#include <algorithm>
#include <cmath>

#include "core/absolute/vit2d.h"

namespace pelab {

// [SECTION] parameter specs
ParamSpec sincos2d_spec_grid() {
    return int_spec("grid", 1, 64, "4", "patches per side (grid x grid patches, row-major)");
}

ParamSpec sincos2d_spec_D() {
    ParamSpec s = int_spec("D", 4, 1024, "16",
                           "embedding width, a multiple of 4 as MAE asserts (first half: column, second half: row)");
    s.multiple_of = 4;
    return s;
}

// [SECTION] embeddings
Eigen::MatrixXd sincos_1d(const Eigen::VectorXd& positions, int width) {
    const int w = std::max(width, 0), n_freq = w / 2;
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(positions.size(), w);
    for (int i = 0; i < n_freq; ++i) {
        // MAE: omega = 1. / 10000**(i / (embed_dim / 2.)), computed in float64.
        const double omega = 1.0 / std::pow(10000.0, static_cast<double>(i) / (w / 2.0));
        for (Eigen::Index m = 0; m < positions.size(); ++m) {
            const double t = positions(m) * omega;
            out(m, i) = std::sin(t);
            out(m, n_freq + i) = std::cos(t);
        }
    }
    return out;
}

// The square case of the H×W table in core/absolute/vit2d (one implementation of MAE's recipe for both names).
Eigen::MatrixXd sincos_2d(int grid, int D) { return mae_2d_sincos(grid, grid, std::max(D, 0)); }

}  // namespace pelab
