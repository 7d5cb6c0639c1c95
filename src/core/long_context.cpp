// PE Lab — core/long_context.cpp
// Definitions of core/long_context.h: per-pair angle ranges beyond the training length, random content
// logits rotated by RoPE, and the attention mass beyond the training length by context length.
//
// [SECTION] angles beyond the training length
// [SECTION] attention mass beyond the training length
#include "core/long_context.h"

#include <cmath>

#include "core/random.h"

namespace pelab {

namespace {
constexpr double kTwoPi = 6.28318530717958647692;
}

// [SECTION] angles beyond the training length
Eigen::VectorXd rope_angle_range_ratio(const Eigen::VectorXd& trained, const Eigen::VectorXd& used, int L, int seq_len) {
    Eigen::VectorXd r(trained.size());
    for (Eigen::Index i = 0; i < trained.size(); ++i) r(i) = (seq_len * used(i)) / (L * trained(i));
    return r;
}

bool rope_pair_turned_in_training(double theta, int L) { return kTwoPi / theta <= L; }

int rope_pairs_beyond_training_angles(const Eigen::VectorXd& trained, const Eigen::VectorXd& used, int L, int seq_len) {
    const Eigen::VectorXd r = rope_angle_range_ratio(trained, used, L, seq_len);
    int count = 0;
    for (Eigen::Index i = 0; i < r.size(); ++i)
        if (!rope_pair_turned_in_training(trained(i), L) && r(i) > 1.0 + 1e-9) ++count;
    return count;
}

// [SECTION] attention mass beyond the training length
Eigen::MatrixXd random_content_logits(int d, int n, std::uint64_t seed, const std::vector<Eigen::VectorXd>& rotations) {
    SplitMix64 rng(seed);
    const double unit = std::sqrt(3.0);  // uniform on [−√3, √3]: variance 1
    const int pairs = d / 2, cols = static_cast<int>(rotations.size());
    Eigen::VectorXd q(d), k(d);
    for (int j = 0; j < d; ++j) q(j) = unit * rng.next_signed();
    // Per column and pair: the step rotation (cos θ, −sin θ) and the current (cos φ, sin φ), φ = −Δθ.
    Eigen::MatrixXd step_c(pairs, cols), step_s(pairs, cols), cur_c(pairs, cols), cur_s(pairs, cols);
    for (int r = 0; r < cols; ++r)
        for (int i = 0; i < pairs && rotations[r].size() > 0; ++i) {
            step_c(i, r) = std::cos(rotations[r](i));
            step_s(i, r) = -std::sin(rotations[r](i));
        }
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    Eigen::MatrixXd logits(n, cols);
    Eigen::VectorXd dot(pairs), cross(pairs);
    for (int delta = 0; delta < n; ++delta) {
        for (int j = 0; j < d; ++j) k(j) = unit * rng.next_signed();
        for (int i = 0; i < pairs; ++i) {
            const double a = q(2 * i), b = q(2 * i + 1), c = k(2 * i), e = k(2 * i + 1);
            dot(i) = a * c + b * e;    // qᵀ R(φ) k = (ac + be)·cos φ + (bc − ae)·sin φ
            cross(i) = b * c - a * e;
        }
        for (int r = 0; r < cols; ++r) {
            if (rotations[r].size() == 0) {
                logits(delta, r) = dot.sum() * scale;
                continue;
            }
            double s = 0.0;
            for (int i = 0; i < pairs; ++i) {
                double& cc = cur_c(i, r);
                double& ss = cur_s(i, r);
                if (delta % 256 == 0) {
                    const double phi = -delta * rotations[r](i);
                    cc = std::cos(phi);
                    ss = std::sin(phi);
                } else {
                    const double nc = cc * step_c(i, r) - ss * step_s(i, r);
                    ss = ss * step_c(i, r) + cc * step_s(i, r);
                    cc = nc;
                }
                s += dot(i) * cc + cross(i) * ss;
            }
            logits(delta, r) = s * scale;
        }
    }
    return logits;
}

Eigen::VectorXd attention_mass_beyond(const Eigen::VectorXd& logits, int L) {
    const Eigen::Index n = logits.size();
    Eigen::VectorXd mass = Eigen::VectorXd::Zero(n);
    if (n == 0) return mass;
    const double top = logits.maxCoeff();  // one shift for every prefix: exp never overflows
    double near = 0.0, far = 0.0;
    for (Eigen::Index delta = 0; delta < n; ++delta) {
        const double w = std::exp(logits(delta) - top);
        (delta < L ? near : far) += w;
        mass(delta) = far / (near + far);
    }
    return mass;
}

}  // namespace pelab
