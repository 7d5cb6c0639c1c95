// PE Lab — core/absolute/sinusoidal.cpp
// Implements sinusoidal.h. The formulas follow the reference code term by term (division by
// base^(2i/d) for the paper layout, exp of a multiple of −ln(base)/(d/2 − 1) for tensor2tensor), so the
// values agree with those implementations to the last bits rather than merely to the formula.
//
// [SECTION] variants and parameter specs
// [SECTION] frequencies and tables
// [SECTION] relative structure
// [SECTION] learnable table
#include "core/constants.h"
#include "core/absolute/sinusoidal.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/io/keys.h"
#include "core/random.h"

namespace pelab {

namespace {

int half_of(int d) { return std::max(d, 0) / 2; }

// tensor2tensor: log_timescale_increment = ln(max/min timescale) / max(num_timescales − 1, 1).
double t2t_increment(int d, double base) { return std::log(base) / std::max(half_of(d) - 1, 1); }

// The exponent used for column j in the paper layout: 2·⌊j/2⌋ / d.
double vaswani_exponent(int j, int d) { return 2.0 * (j / 2) / static_cast<double>(d); }

// sin t and cos t, each equal to std::sin(t) and std::cos(t). glibc's sincos shares the argument reduction
// of the two (one call instead of two); elsewhere the two calls.
inline void sin_and_cos(double t, double* sin_out, double* cos_out) {
#if defined(__GLIBC__)
    ::sincos(t, sin_out, cos_out);
#else
    *sin_out = std::sin(t);
    *cos_out = std::cos(t);
#endif
}
}  // namespace

// [SECTION] variants and parameter specs
PeVariant pe_variant_from(const std::string& name) {
    return name == "tensor2tensor" ? PeVariant::tensor2tensor : PeVariant::vaswani;
}

const char* pe_variant_name(PeVariant v) { return v == PeVariant::tensor2tensor ? "tensor2tensor" : "vaswani"; }

// All four are shared keys (core/io/keys.h) narrowed to what the CLI quantity sinusoidal_pe accepts.
ParamSpec sinusoidal_spec_L() { return narrowed(shared_key("L"), 1, 4096, "128"); }
ParamSpec sinusoidal_spec_d() { return narrowed(shared_key("d"), 2, 1024, "64"); }
ParamSpec sinusoidal_spec_base() { return narrowed(shared_key("base"), 2, 1e8, "10000"); }
ParamSpec sinusoidal_spec_variant() { return with_default(shared_key("variant"), "vaswani"); }

// [SECTION] frequencies and tables
Eigen::VectorXd sinusoidal_frequencies(int d, double base, PeVariant v) {
    if (v == PeVariant::tensor2tensor) {
        const int n = half_of(d);
        const double inc = t2t_increment(d, base);
        Eigen::VectorXd w(n);
        for (int i = 0; i < n; ++i) w(i) = std::exp(static_cast<double>(i) * -inc);
        return w;
    }
    const int n = (std::max(d, 0) + 1) / 2;
    Eigen::VectorXd w(n);
    for (int i = 0; i < n; ++i) w(i) = 1.0 / std::pow(base, vaswani_exponent(2 * i, d));
    return w;
}

Eigen::VectorXd sinusoidal_wavelengths(int d, double base, PeVariant v) {
    const Eigen::VectorXd w = sinusoidal_frequencies(d, base, v);
    Eigen::VectorXd lambda(w.size());
    for (Eigen::Index i = 0; i < w.size(); ++i) lambda(i) = kTwoPi / w(i);
    return lambda;
}

int sinusoidal_column(int i, bool cos_part, int d, PeVariant v) {
    if (i < 0) return -1;
    int col = -1;
    if (v == PeVariant::tensor2tensor) {
        if (i < half_of(d)) col = cos_part ? half_of(d) + i : i;
    } else {
        col = 2 * i + (cos_part ? 1 : 0);
    }
    return col < d ? col : -1;
}

Eigen::VectorXd sinusoidal_pe_row(double pos, int d, double base, PeVariant v) {
    Eigen::VectorXd row = Eigen::VectorXd::Zero(std::max(d, 0));
    if (v == PeVariant::tensor2tensor) {
        const Eigen::VectorXd w = sinusoidal_frequencies(d, base, v);
        const int n = half_of(d);
        for (int i = 0; i < n; ++i) {
            const double t = pos * w(i);  // scaled_time = position · inv_timescale
            row(i) = std::sin(t);
            row(n + i) = std::cos(t);
        }
        return row;  // odd d: the last column stays 0, as tf.pad leaves it
    }
    for (int j = 0; j < d; ++j) {
        const double angle = pos / std::pow(base, vaswani_exponent(j, d));
        row(j) = (j % 2 == 0) ? std::sin(angle) : std::cos(angle);
    }
    return row;
}

// Column by column: Eigen stores the table column-major, so each column is one contiguous run of L doubles.
// The per-cell operations are those of sinusoidal_pe_row (the same angle, then sin and cos of it), so the table
// equals its rows bit for bit; only the work that does not depend on the position moves out of the loop:
// one pow per frequency instead of one per cell, one sincos per sin/cos pair (glibc's sincos returns exactly
// sin and cos, core_sinusoidal_table_test checks it cell by cell against sinusoidal_pe_row).
Eigen::MatrixXd sinusoidal_pe(int L, int d, double base, PeVariant v) {
    const int n = std::max(L, 0);
    Eigen::MatrixXd PE(n, std::max(d, 0));
    if (v == PeVariant::tensor2tensor) {
        const Eigen::VectorXd w = sinusoidal_frequencies(d, base, v);
        const int half = half_of(d);
        for (int i = 0; i < half; ++i) {
            double* const sin_col = PE.col(i).data();
            double* const cos_col = PE.col(half + i).data();
            for (int p = 0; p < n; ++p) sin_and_cos(static_cast<double>(p) * w(i), sin_col + p, cos_col + p);
        }
        if (d % 2 == 1) PE.col(d - 1).setZero();  // tf.pad's zero column
        return PE;
    }
    // vaswani: columns 2i (sin) and 2i + 1 (cos) share the angle pos / base^(2i/d).
    for (int j = 0; j < d; j += 2) {
        const double denominator = std::pow(base, vaswani_exponent(j, d));
        double* const sin_col = PE.col(j).data();
        if (j + 1 < d) {
            double* const cos_col = PE.col(j + 1).data();
            for (int p = 0; p < n; ++p) sin_and_cos(static_cast<double>(p) / denominator, sin_col + p, cos_col + p);
        } else {
            for (int p = 0; p < n; ++p) sin_col[p] = std::sin(static_cast<double>(p) / denominator);  // odd d
        }
    }
    return PE;
}

// [SECTION] relative structure
Eigen::MatrixXd sinusoidal_shift_matrix(int k, int d, double base, PeVariant v) {
    Eigen::MatrixXd M = Eigen::MatrixXd::Identity(std::max(d, 0), std::max(d, 0));
    const Eigen::VectorXd w = sinusoidal_frequencies(d, base, v);
    for (Eigen::Index i = 0; i < w.size(); ++i) {
        const int s = sinusoidal_column(static_cast<int>(i), false, d, v);
        const int c = sinusoidal_column(static_cast<int>(i), true, d, v);
        if (s < 0 || c < 0) continue;
        const double ck = std::cos(k * w(i)), sk = std::sin(k * w(i));
        // sin((p+k)ω) = sin pω·cos kω + cos pω·sin kω;  cos((p+k)ω) = cos pω·cos kω − sin pω·sin kω.
        M(s, s) = ck;
        M(s, c) = sk;
        M(c, s) = -sk;
        M(c, c) = ck;
    }
    return M;
}

Eigen::MatrixXd gram_matrix(const Eigen::MatrixXd& PE) {
    const Eigen::Index n = PE.rows();
    Eigen::MatrixXd G(n, n);
    // Summed column by column in index order: the same terms in the same order on every platform.
    for (Eigen::Index p = 0; p < n; ++p)
        for (Eigen::Index q = 0; q < n; ++q) {
            double sum = 0.0;
            for (Eigen::Index j = 0; j < PE.cols(); ++j) sum += PE(p, j) * PE(q, j);
            G(p, q) = sum;
        }
    return G;
}

// [SECTION] learnable table
Eigen::MatrixXd learnable_pe_table(int max_len, int d, std::uint64_t seed) {
    SplitMix64 rng(seed);
    return random_signed_matrix(std::max(max_len, 0), std::max(d, 0), rng);
}

Eigen::MatrixXd learnable_pe_lookup(const Eigen::MatrixXd& table, int L) {
    Eigen::MatrixXd out(std::max(L, 0), table.cols());
    for (int p = 0; p < L; ++p) {
        if (p < table.rows())
            out.row(p) = table.row(p);
        else
            out.row(p).setConstant(std::numeric_limits<double>::quiet_NaN());
    }
    return out;
}

}  // namespace pelab
