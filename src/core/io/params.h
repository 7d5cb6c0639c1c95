// PE Lab — core/io/params.h
// Parameter specifications and parsing for every `key=value` input: page URL hash, desktop argv, CLI.
// One parser, so the three front ends accept and reject exactly the same things.
// Part of `core`: standard library only (no Eigen needed here, no ImGui/GL/SDL).
#pragma once
#include "core/io/query.h"

#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pelab {

enum class ParamKind {
    Int,       // whole number in [min, max]
    Real,      // finite double in [min, max]
    RealList,  // comma-separated finite doubles, each in [min, max], length in [list_min, list_max]
    Choice,    // one of `choices`
    Bool,      // on or off: "1"/"0" (also "true"/"false"), stored as the number 1 or 0
};

struct ParamSpec {
    std::string name;         // the key, e.g. "L", "omega"
    ParamKind kind = ParamKind::Real;
    double min = 0.0, max = 0.0;
    std::string default_text; // default in URL syntax, e.g. "4" or "1.5707963267948966,1.0471975511965976"
    std::string help;         // one short English phrase for `pelab-cli list` (and the widget's tooltip)
    // Display wording belongs to the lessons layer (lessons/param_table.h: label_of); core leaves
    // these two empty. Kept only until the app and the remaining lessons stop reading them.
    int list_min = 1, list_max = 1;        // RealList length bounds
    std::vector<std::string> choices;      // Choice values
    // RealList whose length must equal list_len_factor * (length of the list `list_len_of`), e.g. v = 2*|omega|.
    // When violated the value falls back to `list_fallback` (see ParamSet fixups in params.cpp).
    std::string list_len_of;
    int list_len_factor = 1;
    // The fallback pattern (URL syntax, e.g. "1,0"): repeated cyclically to the length the link
    // requires. Empty means "repeat the numbers of default_text cyclically".
    std::string list_fallback;
    // The link `list_len_of` names an Int whose *value* (not its length) sets the length,
    // e.g. q must hold d numbers: length = list_len_factor * (value of d).
    bool list_len_is_value = false;
    // Int only: the value must be a whole multiple of this (e.g. 2 for an even RoPE width d).
    int multiple_of = 1;
    // Older spellings of this key, still accepted so existing deep links keep working;
    // links are always written with `name`. A value given under `log10_alias` is the base-10 logarithm of
    // this key's value (log10_base=4 means base=10000).
    std::vector<std::string> aliases;
    std::string log10_alias;
    // Which value of a model preset (core/rope/model_presets.h) this key takes when preset=NAME is
    // picked: a name preset_key_values gives ("d" = rotary dim, "base", "seq_len" = extended context, ...).
    // Empty: the key's own name. kNoPresetValue: none (e.g. a lesson's small demo width that a model's 128
    // would not suit).
    std::string preset_value;
};
inline constexpr const char* kNoPresetValue = "-";

// A parsed value. Numbers (Int, Real, RealList) live in `nums`; Choice lives in `text`.
struct ParamValue {
    std::vector<double> nums;
    std::string text;
};

// A complete set of values: every spec'd key is present after `defaults()` / `parse_params()`.
class ParamSet {
public:
    int geti(const std::string& key) const;
    double getd(const std::string& key) const;
    const std::vector<double>& getv(const std::string& key) const;
    const std::string& gets(const std::string& key) const;
    bool has(const std::string& key) const { return values_.count(key) != 0; }
    void set(const std::string& key, ParamValue v) { values_[key] = std::move(v); }
    const std::map<std::string, ParamValue>& all() const { return values_; }
private:
    std::map<std::string, ParamValue> values_;
};

// [SECTION] config structs from keys
// A key and the field of a plain config struct that it fills (an int, a double or a list), so that a
// quantity's reader names each pairing once: read_fields(p, {{"merge", &MropeSequence::merge}, ...}).
template <class T>
struct FieldKey {
    const char* key;
    int T::*int_field = nullptr;
    double T::*real_field = nullptr;
    std::vector<double> T::*list_field = nullptr;
    FieldKey(const char* k, int T::*f) : key(k), int_field(f) {}
    FieldKey(const char* k, double T::*f) : key(k), real_field(f) {}
    FieldKey(const char* k, std::vector<double> T::*f) : key(k), list_field(f) {}
};

// `out` with every listed field filled from the key of its row (the other fields keep their values).
// `present_only`: a key the set does not hold leaves its field alone (keys that only some quantities have).
template <class T>
T read_fields(const ParamSet& p, std::initializer_list<FieldKey<T>> fields, T out = T(), bool present_only = false) {
    for (const FieldKey<T>& f : fields) {
        if (present_only && !p.has(f.key)) continue;
        if (f.int_field) out.*f.int_field = p.geti(f.key);
        if (f.real_field) out.*f.real_field = p.getd(f.key);
        if (f.list_field) out.*f.list_field = p.getv(f.key);
    }
    return out;
}

// A parameter's number as text: the shortest that parses back to the same value (core/io/text.h: number_text).
std::string format_number(double x);
// Formats a value in URL syntax ("4", "1.5,2").
std::string format_value(const ParamSpec& spec, const ParamValue& v);

// All defaults of `specs`.
ParamSet defaults(const std::vector<ParamSpec>& specs);

// Parses one value. On failure returns false and sets *why (names the valid range); on an
// out-of-range number it clamps, stores the clamped value, returns true and sets *why.
bool parse_value(const ParamSpec& spec, const std::string& text, ParamValue* out, std::string* why);

// Applies `kv` on top of *set (which should hold defaults). Keys listed in `ignore_keys` are skipped
// (the caller handles them, e.g. lesson/step/lang). Unknown keys (named with the nearest valid key), malformed numbers, NaN/inf and
// out-of-range values are reported in the returned list; malformed values keep the previous value,
// out-of-range values are clamped. Length links (list_len_of) are repaired last.
std::vector<ParamIssue> parse_params(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamSet* set,
                                     const std::vector<std::string>& ignore_keys = {});

// Strict variant for the CLI: nothing is clamped, kept or repaired. Every unknown key, malformed,
// non-finite or out-of-range value and every broken length link is an issue whose message names the key
// and its valid range (without the "; using ..." / "; keeping ..." tail). *set is updated as parse_params
// would, so callers must treat a non-empty result as failure.
std::vector<ParamIssue> parse_params_strict(const std::vector<ParamSpec>& specs, const KeyValues& kv, ParamSet* set);

// A lenient issue's message without its repair tail ("; using ...", "; keeping ...",
// "; ignored", "; showing all steps"): how a strict caller (a batch run that refuses bad input) reports it.
std::string without_repair(const std::string& message);

// The fallback list for a length-linked RealList spec at `length` numbers (see list_fallback).
std::vector<double> list_fallback_values(const ParamSpec& spec, int length);

// The valid key closest to `key` (edit distance; ties: the first in `keys`); "" if none.
std::string nearest_key(const std::string& key, const std::vector<std::string>& keys);

// The range text used in messages and `pelab-cli list`, e.g. "1..64", "list of 1..8 numbers in -10..10",
// "one of vaswani|tensor2tensor".
std::string describe_range(const ParamSpec& spec);
// A key as `pelab-cli list` and `pelab-cli lab keys` print it: "NAME  KIND AND RANGE, default D  (HELP)", where
// the kind and range read "int in 1..64", "number in -1..1", "flag: 0 or 1", "list of 1..8 numbers in -100..100" or
// "one of a|b".
std::string describe_key(const ParamSpec& spec);

}  // namespace pelab

// The spec builders and a parameter set's JSON (core/io/param_specs.cpp), declared beside it; included here so
// that every user of the parser has them, and so that following params.h's includes reaches their source.
#include "core/io/param_specs.h"
