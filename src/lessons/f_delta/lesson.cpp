// PE Lab — lessons/f_delta/lesson.cpp
// Lesson "f-delta": the L×L position term F(q,k) versus the distance features R_(q−k), in 11 steps:
// two objects, diagonals of Δ, the kernel f(Δ), Toeplitz F, R_Δ, the readout vᵀR_Δ, the content-dependent
// readout x_qᵀ W R_(q−k), Transformer-XL's four terms, F as the Gram matrix of sinusoidal encodings, the
// link to RoPE, and the recap. Every number shown comes from core (f_delta.h, rope.h,
// random.h); the prose carries no computed numbers.
// This file holds the parameter table, the inputs as the maths takes them, the display helpers and view
// builders several steps share, and the lesson (its steps in order, its references). Each step lives in the
// file named after its id (two_objects.cpp, equal_delta_diagonals.cpp, …), with its views and questions.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters (declared once)
// [SECTION] display helpers (labels, readout terms)
// [SECTION] shared view builders
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/random.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] parameters (declared once)
// The ranges of L, omega and v are those of core's f_matrix / r_delta quantities (core/relative/f_delta.h), so the
// lesson and the CLI accept the same values.
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(1, 64).def("4"), &Inputs::L},
        {Key::from(f_delta_spec_omega(), {"角频率（每个位置转过的弧度）", "angular frequencies, radians per position"}).sym("ω"),
         &Inputs::omega},
        {Key::from(f_delta_spec_v(), {"读出权重（每个频率一对 cos、sin 权重）", "readout weights (cos, sin per frequency)"}),
         &Inputs::v},
        {Key::shared("seed").range(0, 1000000).def("1").about(
             {"生成随机查询向量 x_q 与 W 所用的随机种子", "random seed of the query vectors x_q and W"}),
         &Inputs::seed},
    };
    return table;
}

Model read_model(const ParamSet& p) {
    const Inputs in = params().read(p);
    Model m;
    m.L = in.L;
    m.omega = to_eigen(in.omega.empty() ? params().read(ParamSet{}).omega : in.omega);
    m.v = to_eigen(in.v);
    if (m.v.size() != 2 * m.omega.size()) m.v = cosine_readout(static_cast<int>(m.omega.size()));
    m.seed = in.seed;
    return m;
}

int n_freq(const Model& in) { return static_cast<int>(in.omega.size()); }

// f(Δ) = Σ cos(ω_i Δ), the kernel of the steps kernel-of-delta and toeplitz-f (the readout with cos weights 1,
// sin weights 0).
Eigen::MatrixXd cosine_f_matrix(const Model& in) { return f_matrix(in.L, in.omega, cosine_readout(n_freq(in))); }

// [SECTION] display helpers (labels, readout terms)
std::string delta_label(int d) { return "Δ=" + integer(d); }

std::vector<std::string> delta_labels(int L) {
    std::vector<std::string> out;
    for (int d = -(L - 1); d <= L - 1; ++d) out.push_back(delta_label(d));
    return out;
}

// "cos ω₀Δ", "sin ω₀Δ", "cos ω₁Δ", ...: the names of the entries of R_Δ.
std::vector<std::string> feature_labels(int n_freq) {
    std::vector<std::string> out;
    for (int i = 0; i < n_freq; ++i) {
        out.push_back("cos ω" + sub(i) + "Δ");
        out.push_back("sin ω" + sub(i) + "Δ");
    }
    return out;
}

// Every entry of a vector (v has up to 16).
std::string full_vector(const Eigen::VectorXd& x) { return vector_text(x, static_cast<int>(x.size())); }

// "1·cos(−π) + 0·sin(−π) + 1·cos(−2π/3) + 0·sin(−2π/3)": the readout w·R_Δ written term by term.
std::string readout_terms(const Eigen::VectorXd& w, const Eigen::VectorXd& omega, int delta) {
    std::string s;
    for (Eigen::Index i = 0; i < omega.size(); ++i) {
        const std::string a = angle(omega(i) * delta);
        for (int part = 0; part < 2; ++part) {
            const double coeff = (2 * i + part < w.size()) ? w(2 * i + part) : 0.0;
            const std::string fn = part == 0 ? "cos(" : "sin(";
            if (s.empty())
                s += num(coeff);
            else if (coeff < 0 && num(coeff) != "0")
                s += std::string(" ") + kMinus + " " + num(-coeff);
            else
                s += " + " + num(coeff);
            s += "·" + fn + a + ")";
        }
    }
    return s;
}

// [SECTION] shared view builders
// A query × key heatmap in this lesson's notation: rows are query positions q, columns key positions k.
HeatmapView qk_view(const Eigen::MatrixXd& M, Lang lang) {
    HeatmapView h = qk_matrix(M, lang);
    h.row_axis = say(lang, {"查询位置 q", "query q"});
    h.col_axis = say(lang, {"键位置 k", "key k"});
    return h;
}

// Δ = q − k for every cell (the steps two-objects and equal-delta-diagonals).
Eigen::MatrixXd delta_matrix(int L) {
    Eigen::MatrixXd D(L, L);
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) D(q, k) = q - k;
    return D;
}

// The Δ of every cell; hover counts the cells of the diagonal (count_cells) or compares F[q,k] with R_Δ.
ViewData delta_heatmap(const Model& in, Lang lang, bool count_cells) {
    HeatmapView h = qk_view(delta_matrix(in.L), lang);
    h.integer = true;
    h.decimals = 0;
    const int L = in.L;
    const int features = 2 * n_freq(in);
    h.explain = [L, features, lang, count_cells](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        if (count_cells)
            return say(lang,
                       {"q = {q}，k = {k}：Δ = q − k = {q} − {k} = {delta}。这条对角线上有 {cells} 个格子。",
                        "q = {q}, k = {k}: Δ = q − k = {q} − {k} = {delta}. This diagonal has {cells} cells."},
                       {{"q", integer(r)}, {"k", integer(c)}, {"delta", integer(d)}, {"cells", integer(L - std::abs(d))}});
        return say(lang,
                   {"q = {q}，k = {k}：Δ = q − k = {q} − {k} = {delta}。F[{q},{k}] 是一个数；R_({delta}) 是含 {features} "
                    "个数的向量。",
                    "q = {q}, k = {k}: Δ = q − k = {q} − {k} = {delta}. F[{q},{k}] is one number; R_({delta}) is a vector "
                    "of {features} numbers."},
                   {{"q", integer(r)}, {"k", integer(c)}, {"delta", integer(d)}, {"features", integer(features)}});
    };
    return make_view(say(lang, {"每个格子 (q, k) 的 Δ = q − k", "Δ = q − k for every cell (q, k)"}), std::move(h));
}

// Heatmap of F[q][k] = wᵀR_(q−k) with a fixed readout w. show_v: hover writes "v·R_(Δ)", else "f(Δ)".
ViewData readout_heatmap(const std::string& title, const Model& in, const Eigen::VectorXd& w, Lang lang, bool show_v) {
    const Eigen::MatrixXd F = f_matrix(in.L, in.omega, w);
    HeatmapView h = qk_view(F, lang);
    const Eigen::VectorXd omega = in.omega;
    const int L = in.L;
    h.explain = [F, omega, w, L, lang, show_v](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        const std::vector<Arg> args = {{"q", integer(r)},
                                       {"k", integer(c)},
                                       {"delta", integer(d)},
                                       {"terms", readout_terms(w, omega, d)},
                                       {"value", num(F(r, c))}};
        if (show_v)
            return say(lang,
                       {"F[{q},{k}]：q = {q}, k = {k}, Δ = q − k = {delta}。F[{q},{k}] = v·R_({delta}) = {terms} = {value}",
                        "F[{q},{k}]: q = {q}, k = {k}, Δ = q − k = {delta}. F[{q},{k}] = v·R_({delta}) = {terms} = {value}"},
                       args);
        return say(lang,
                   {"F[{q},{k}]：q = {q}, k = {k}, Δ = q − k = {delta}。F[{q},{k}] = f({delta}) = {terms} = {value}",
                    "F[{q},{k}]: q = {q}, k = {k}, Δ = q − k = {delta}. F[{q},{k}] = f({delta}) = {terms} = {value}"},
                   args);
    };
    return make_view(title, std::move(h));
}

double largest_spread(const Eigen::MatrixXd& M) {
    const Eigen::VectorXd s = diagonal_spread(M);
    return s.size() == 0 ? 0.0 : s.maxCoeff();
}

ContentDraw draw_content(const Model& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const int features = 2 * n_freq(in), d = features;
    ContentDraw draw;
    draw.W = random_signed_matrix(d, features, rng);
    draw.Q = random_signed_matrix(in.L, d, rng);
    return draw;
}

ViewData content_heatmap(const std::string& title, const Model& in, Lang lang) {
    const int L = in.L;
    const ContentDraw draw = draw_content(in);
    const Eigen::MatrixXd G = content_readout_matrix(L, in.omega, draw.W, draw.Q);
    const Eigen::MatrixXd U = content_readouts(draw.W, draw.Q);
    HeatmapView h = qk_view(G, lang);
    const Eigen::VectorXd omega = in.omega;
    h.explain = [G, U, omega, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        return say(lang,
                   {"F[{q},{k}]：q = {q}, k = {k}, Δ = {delta}。u{sub}·R_({delta}) = {terms} = {value}",
                    "F[{q},{k}]: q = {q}, k = {k}, Δ = {delta}. u{sub}·R_({delta}) = {terms} = {value}"},
                   {{"q", integer(r)},
                    {"k", integer(c)},
                    {"delta", integer(d)},
                    {"sub", sub(r)},
                    {"terms", readout_terms(U.row(r).transpose(), omega, d)},
                    {"value", num(G(r, c))}});
    };
    return make_view(title, std::move(h));
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "f-delta";
    lesson.title = {"F(q,k) 与 R_(q−k)", "F(q,k) and R_(q−k)"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // F is L×L; R_Δ is (2L−1)×2|ω|; f(Δ) sampled at ≤ 4001 points
        const Inputs in = params().read(p);
        const long long L = in.L, w = static_cast<long long>(in.omega.size());
        return std::vector<long long>{2 * L, std::max({L, 2 * w, 2001LL})};
    };
    lesson.steps = {two_objects(),     equal_delta_diagonals(), kernel_of_delta(),      toeplitz_f(),
                    feature_vectors(), linear_readout(),        content_readout(),      transformer_xl_terms(),
                    sinusoidal_gram(), link_to_rope(),          recap()};
    // content-readout was split into content-readout, transformer-xl-terms and sinusoidal-gram.
    lesson.old_numbering = {"two-objects",    "equal-delta-diagonals", "kernel-of-delta", "toeplitz-f",
                            "feature-vectors", "linear-readout",       "content-readout", "link-to-rope"};
    lesson.references = {"vaswani2017", "su2021"};
    return lesson;
}

}  // namespace
}  // namespace fdelta

const Lesson* lesson_f_delta() {
    static const Lesson lesson = fdelta::make_lesson();
    return &lesson;
}

}  // namespace pelab
