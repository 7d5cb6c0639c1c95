// PE Lab — core/rope/long_context.cpp
// Definitions of core/rope/long_context.h: per-pair angle ranges beyond the training length, random content
// logits rotated by RoPE, and the attention mass beyond the training length by context length.
//
// [SECTION] angles beyond the training length
// [SECTION] attention mass beyond the training length
#include "core/constants.h"
#include "core/rope/long_context.h"

#include <cmath>
#include <vector>

#include "core/random.h"

namespace pelab {


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
    // Plain arrays in the n·d loop: it runs up to 262,144 × 256 times per view, and Eigen's checked indexing
    // made it 10× slower in the sanitizer builds. The operations and their order are unchanged.
    std::vector<double> q(static_cast<std::size_t>(d)), k(static_cast<std::size_t>(d));
    for (int j = 0; j < d; ++j) q[j] = unit * rng.next_signed();
    // Per column and pair: the step rotation (cos θ, −sin θ) and the current (cos φ, sin φ), φ = −Δθ.
    const std::size_t cells = static_cast<std::size_t>(pairs) * static_cast<std::size_t>(cols);
    std::vector<double> step_c(cells), step_s(cells), cur_c(cells), cur_s(cells), theta(cells);
    std::vector<bool> rotated(static_cast<std::size_t>(cols));
    for (int r = 0; r < cols; ++r) {
        rotated[r] = rotations[r].size() > 0;
        for (int i = 0; i < pairs && rotated[r]; ++i) {
            const std::size_t at = static_cast<std::size_t>(r) * pairs + i;
            theta[at] = rotations[r](i);
            step_c[at] = std::cos(theta[at]);
            step_s[at] = -std::sin(theta[at]);
        }
    }
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    Eigen::MatrixXd logits(n, cols);
    std::vector<double> dot(static_cast<std::size_t>(pairs)), cross(static_cast<std::size_t>(pairs));
    for (int delta = 0; delta < n; ++delta) {
        for (int j = 0; j < d; ++j) k[j] = unit * rng.next_signed();
        for (int i = 0; i < pairs; ++i) {
            const double a = q[2 * i], b = q[2 * i + 1], c = k[2 * i], e = k[2 * i + 1];
            dot[i] = a * c + b * e;    // qᵀ R(φ) k = (ac + be)·cos φ + (bc − ae)·sin φ
            cross[i] = b * c - a * e;
        }
        for (int r = 0; r < cols; ++r) {
            if (!rotated[r]) {  // Eigen's sum, as before, so its order of additions is kept
                logits(delta, r) = Eigen::Map<const Eigen::VectorXd>(dot.data(), pairs).sum() * scale;
                continue;
            }
            double s = 0.0;
            double* cc = cur_c.data() + static_cast<std::size_t>(r) * pairs;
            double* ss = cur_s.data() + static_cast<std::size_t>(r) * pairs;
            const double* sc = step_c.data() + static_cast<std::size_t>(r) * pairs;
            const double* sn = step_s.data() + static_cast<std::size_t>(r) * pairs;
            const double* th = theta.data() + static_cast<std::size_t>(r) * pairs;
            for (int i = 0; i < pairs; ++i) {
                if (delta % 256 == 0) {
                    const double phi = -delta * th[i];
                    cc[i] = std::cos(phi);
                    ss[i] = std::sin(phi);
                } else {
                    const double nc = cc[i] * sc[i] - ss[i] * sn[i];
                    ss[i] = ss[i] * sc[i] + cc[i] * sn[i];
                    cc[i] = nc;
                }
                s += dot[i] * cc[i] + cross[i] * ss[i];
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
