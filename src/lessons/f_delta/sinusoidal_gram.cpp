// PE Lab — lessons/f_delta/sinusoidal_gram.cpp
// Step "sinusoidal-gram" of f-delta: the sinusoidal encoding of position i with these frequencies is R_Δ at
// Δ = i, and its Gram matrix p_qᵀp_k = Σ cos(ωᵢ(q − k)) is the F of toeplitz-f (the link to lesson
// absolute-pe), checked against f(q − k) to rounding. The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the encodings and their Gram matrix
// [SECTION] the step
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the encodings and their Gram matrix
// p_n = R_n: (cos ωᵢn, sin ωᵢn) per frequency i, one row per position n = 0..L−1.
Eigen::MatrixXd sinusoidal_encodings(const Model& in) {
    Eigen::MatrixXd P(in.L, 2 * n_freq(in));
    for (int n = 0; n < in.L; ++n) P.row(n) = r_delta_vector(n, in.omega).transpose();
    return P;
}

std::vector<ViewData> sinusoidal_gram_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::MatrixXd P = sinusoidal_encodings(in);
    const Eigen::MatrixXd gram = P * P.transpose();
    const Eigen::MatrixXd F = cosine_f_matrix(in);

    HeatmapView h = qk_view(gram, lang);
    h.explain = [gram, F, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang,
                   {"p{qs}ᵀp{ks} = {value}；f({delta}) = {f}（q = {q}, k = {k}, Δ = {delta}）",
                    "p{qs}ᵀp{ks} = {value}; f({delta}) = {f} (q = {q}, k = {k}, Δ = {delta})"},
                   {{"qs", sub(r)}, {"ks", sub(c)}, {"q", integer(r)}, {"k", integer(c)}, {"delta", integer(r - c)},
                    {"value", num(gram(r, c))}, {"f", num(F(r, c))}});
    };
    const std::vector<std::string> notes = {
        say_error(lang,
                  {"最大的 |p_qᵀp_k − f(q − k)| = {err}{hint}", "Largest |p_qᵀp_k − f(q − k)| = {err}{hint}"},
                  max_abs(gram - F)),
    };

    TableView t;
    t.values = to_rows(P);
    for (int i = 0; i < L; ++i) t.row_labels.push_back("p" + sub(i));
    for (int i = 0; i < m; ++i) {
        t.col_labels.push_back("cos ω" + sub(i) + "n");
        t.col_labels.push_back("sin ω" + sub(i) + "n");
    }
    t.corner = "n";  // the position (a narrow corner keeps the table beside the heatmap at fontscale 1.5)
    t.decimals = 3;
    return {make_view("p_qᵀp_k", std::move(h), notes),
            make_view(say(lang, {"位置 n 的正弦编码 p_n = R_n", "Sinusoidal encodings p_n = R_n of positions n"}), std::move(t))};
}

// [SECTION] the step
Step sinusoidal_gram() {
    Step s{
        "sinusoidal-gram",
        {"F 是正弦编码的 Gram 矩阵", "F is the Gram matrix of sinusoidal encodings"},
        {
        "位置 n 的正弦编码 p_n（见[[lesson:absolute-pe|绝对位置编码一课]]）就是 Δ = n 处的特征向量 R_n：每个频率一对 cos ωᵢn、sin ωᵢn；"
        "这些编码两两的点积 p_qᵀp_k 组成它们的 [[gram-matrix|Gram 矩阵]]。"
        "由 cos a·cos b + sin a·sin b = cos(a − b)，p_qᵀp_k = Σ cos(ωᵢ(q − k)) 恰好是[[lesson:f-delta/toeplitz-f|第 4 步]]的 F[q,k] = f(q − k)，所以它只依赖 q − k。"
        "Transformer-XL 的 R_(q−k) 用的也是这种正弦编码。注释用当前的 ω 验证这一点。",
        "The sinusoidal encoding p_n of position n (see the [[lesson:absolute-pe|absolute position encoding lesson]]) is "
        "the feature vector R_n at Δ = n, a pair cos ωᵢn, sin ωᵢn per frequency; the dot products p_qᵀp_k of these "
        "encodings form their [[gram-matrix|Gram matrix]]. Since cos a·cos b + sin a·sin b = cos(a − b), "
        "p_qᵀp_k = Σ cos(ωᵢ(q − k)) is exactly the F[q,k] = f(q − k) of [[lesson:f-delta/toeplitz-f|step 4]], so it "
        "depends only on q − k. Transformer-XL's R_(q−k) is this sinusoidal encoding too. The note checks this for the "
        "current ω."},
        {"L", "omega"},
        views_of(read_model, sinusoidal_gram_views),
        {
         R"tex(p_n = R_n = (\cos \omega_0 n,\ \sin \omega_0 n,\ \dots)^\top)tex",
         R"tex(p_q^\top p_k = \textstyle\sum_i \bigl(\cos \omega_i q \cos \omega_i k + \sin \omega_i q \sin \omega_i k\bigr) = \sum_i \cos(\omega_i (q - k)))tex"},
    };
    s.takeaway = {"正弦编码两两的点积 p_qᵀp_k（[[gram-matrix|Gram 矩阵]]）等于 f(q − k)，因为 cos a·cos b + sin a·sin b = cos(a − b)：它就是本课的 F。",
                  "Sinusoidal codes' [[gram-matrix|Gram matrix]] (dot products p_qᵀp_k) is F, since "
                  "cos a·cos b + sin a·sin b = cos(a − b)."};
    return s;
}

}  // namespace fdelta
}  // namespace pelab
