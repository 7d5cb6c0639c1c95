// PE Lab — core/quantities/quantities_relative_methods.cpp
// Registry entries for the relative methods of core/relative/relative_methods.h (appended to quantity_registry() in
// quantity.cpp): deberta_relative_position (HF build_relative_position with its log buckets), xpos_scores
// (torchscale XPOS on a constant query and key) and transformer_xl_terms (one of the four score terms of a
// seeded head). q and k must hold exactly d numbers (ParamSpec::list_len_is_value), as in rope_scores.
//
// [SECTION] parameter specs
// [SECTION] compute functions
// [SECTION] registry entries
#include <vector>

#include "core/io/keys.h"
#include "core/quantities/quantity.h"
#include "core/relative/relative_methods.h"
#include "core/rope/rope.h"

namespace pelab {

namespace {

// [SECTION] parameter specs


ParamSpec spec_txl_term() {
    return choice_spec("term", {"a", "b", "c", "d", "sum"}, "sum",
                       "Transformer-XL term: a content-content, b content-position, c global content bias u, "
                       "d global position bias v, sum (a+b+c+d)/sqrt(d)");
}

// [SECTION] compute functions
QuantityResult compute_deberta_relative_position(const ParamSet& p) {
    const int L = p.geti("L");
    QuantityResult r =
        matrix_result(deberta_relative_position(L, L, p.geti("bucket_size"), p.geti("max_position")).cast<double>());
    r.integer = true;
    return r;
}

std::vector<ParamIssue> validate_deberta(const ParamSet& p) {
    const std::string why = deberta_bucket_problem(p.geti("bucket_size"), p.geti("max_position"));
    if (why.empty()) return {};
    return {{why.substr(0, why.find(':')), why}};
}

QuantityResult compute_xpos_scores(const ParamSet& p) {
    const int d = p.geti("d");
    return matrix_result(xpos_scores(p.geti("L"), rope_default_inv_freq(d, p.getd("base")), xpos_zeta(d),
                                     p.getd("gamma"), vector_param(p, "q"), vector_param(p, "k")));
}

QuantityResult compute_transformer_xl_terms(const ParamSet& p) {
    const int L = p.geti("L"), d = p.geti("d");
    const TxlDemo demo = txl_demo_inputs(L, d, d, static_cast<std::uint64_t>(p.geti("seed")));
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    const std::string& term = p.gets("term");
    if (term == "a") return matrix_result(t.a);
    if (term == "b") return matrix_result(t.b);
    if (term == "c") return matrix_result(t.c);
    if (term == "d") return matrix_result(t.d);
    return matrix_result(txl_scores(t));
}


}  // namespace

// [SECTION] registry entries
std::vector<Quantity> quantities_relative_methods() {
    return {
        {"deberta_relative_position",
         "L x L DeBERTa relative positions query - key as HF build_relative_position, log-bucketed "
         "(make_log_bucket_position, float32) when bucket_size > 0; integers",
         {narrowed_key("L", 1, 1024, "8"), deberta_spec_bucket_size(), deberta_spec_max_position()},
         compute_deberta_relative_position, shape_square_L, validate_deberta},
        {"xpos_scores",
         "L x L xPos scores <xpos(q, m), xpos(k, n)> as torchscale XPOS: interleaved pairs turned by "
         "m*theta_i and scaled by zeta_i^(+-(pos + min_pos)/gamma), zeta_i = (2i + 0.4d)/(1.4d)",
         {narrowed_key("L", 1, 256, "8"), narrowed_key("d", 2, 256, "4"), narrowed_key("base", 2, 1e9, "10000"), xpos_spec_gamma(),
          vector_sized_by("q", "d", 256, "1,0,1,0"), vector_sized_by("k", "d", 256, "1,0,1,0")},
         compute_xpos_scores, shape_square_L},
        {"transformer_xl_terms",
         "L x L Transformer-XL score term of one seeded head (d_head = d_model = d): a = q_i.k_j, "
         "b = q_i.W_R R_(i-j), c = u.k_j, d = v.W_R R_(i-j), or sum = (a+b+c+d)/sqrt(d)",
         {narrowed_key("L", 1, 256, "8"), narrowed_key("d", 2, 256, "8"), narrowed_key("seed", 0, 1000000, "1"), spec_txl_term()},
         compute_transformer_xl_terms, shape_square_L},
    };
}

}  // namespace pelab
