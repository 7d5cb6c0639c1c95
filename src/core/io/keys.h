// PE Lab — core/io/keys.h
// The keys several lessons, the long-sequence map page and the CLI's quantities share (L, d, base, factor,
// heads, ...): one definition each — the name, what it means (one English phrase for `pelab-cli list`),
// its kind and widest valid range and a default. A user narrows a key to the range it can show
// (`narrowed`) but never redefines it, so the same idea is spelled, explained and bounded alike everywhere.
// The same row holds the widget's Chinese help and symbol, so both languages are said in one place.
// Part of `core`: standard library only.
#pragma once
#include <string>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// One row of the shared key table: the spec (its help is the English) and the widget's words for it.
struct SharedKey {
    ParamSpec spec;
    const char* help_zh;     // the help in Chinese; null where every lesson that shows the key says its own words
    const char* symbol = ""; // how the widget labels the key ("" = the key itself), e.g. "s" for factor
};
// The row of shared key `name`, or null when `name` is not a shared key.
const SharedKey* find_shared_key(const std::string& name);

// The definition of shared key `name` (e.g. "L", "base"). An unknown name is a programming error: the
// returned spec has that name, kind Int, range 0..0 and help "(not a shared key)", which the tests catch.
ParamSpec shared_key(const char* name);
// Every shared key, in table order.
const std::vector<ParamSpec>& shared_keys();

// `spec` with a narrower range [lo, hi] (inside the shared one) and default `def`.
ParamSpec narrowed(ParamSpec spec, double lo, double hi, const char* def);
// `spec` with another default only.
ParamSpec with_default(ParamSpec spec, const char* def);
// Shared key `name` narrowed to [lo, hi] with default `def` (the usual way a quantity declares a key).
ParamSpec narrowed_key(const char* name, double lo, double hi, const char* def);
// The shared vector key `name` (q, k, …) holding exactly as many numbers as the Int key `of` says (at most
// max_len), entries in −100…100, falling back to the pattern 1,0,1,0,… when a link breaks that tie.
ParamSpec vector_sized_by(const char* name, const char* of, int max_len, const char* def);

struct RopeScalingParams;
// The RoPE scaling keys `p` holds (scaling, factor, original_max, beta_fast, beta_slow, low_freq_factor,
// high_freq_factor, mscale, mscale_all_dim) onto `s`; those it lacks keep s's values. d, base and seq_len
// are left to the caller, which bounds them its own way.
void read_rope_scaling_keys(const ParamSet& p, RopeScalingParams* s);

}  // namespace pelab
