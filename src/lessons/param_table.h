// PE Lab — lessons/param_table.h
// Each parameter declared once. A lesson lists its parameters in one table — key, range, default, help in
// both languages, symbol, and the field of the lesson's Inputs struct it fills — and reads every value
// through that table (clamped to the range, defaulted when missing), so nothing is repeated elsewhere:
//
//     struct Inputs { int N = 0; int d = 0; bool causal = false; };
//     const ParamTable<Inputs>& params() {
//         static const ParamTable<Inputs> table{
//             {Key::shared("N").range(16, 1024).def("512"), &Inputs::N},
//             {Key::shared("d").range(32, 256).def("64"), &Inputs::d},
//             {Key::flag("causal", "1", {"因果掩码", "causal mask"}), &Inputs::causal},
//         };
//         return table;
//     }
//     ... const Inputs in = params().read(p);
//
// Shared keys (core/io/keys.h: L, d, base, factor, heads, ...) take their name, English meaning and widest
// range, their help in both languages and their symbol from core's one table (core/io/keys.cpp); a lesson
// narrows the range and picks the default, and may say what the key means in its own words (it must, for
// a key whose row has no Chinese help). Display text lives in .cpp files, never in this header (the font
// subset scans .cpp files).
//
// [SECTION] labels
// [SECTION] keys
// [SECTION] reading values
// [SECTION] the table
#pragma once
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/io/keys.h"
#include "core/io/params.h"
#include "lessons/bilingual.h"

namespace pelab {

struct Lesson;

// [SECTION] labels
// How the widget presents a parameter: the help sentence in both languages and its symbol ("ω"; empty =
// the key itself).
struct ParamLabel {
    std::string key;
    Text help;
    std::string symbol;
};

// The label of `spec` in `lesson`: the lesson's own, else the shared key's, else the spec's English help.
ParamLabel label_of(const Lesson* lesson, const ParamSpec& spec);

// [SECTION] keys
// One parameter as a lesson declares it. Builders return a Key that the chained setters narrow.
struct Key {
    ParamSpec spec;
    Text help;
    std::string symbol;

    static Key shared(const char* name);  // a shared key (core/io/keys.h) with its shared label
    static Key integer(const char* name, double lo, double hi, const char* def, Text help);
    static Key real(const char* name, double lo, double hi, const char* def, Text help);
    static Key choice(const char* name, std::vector<std::string> choices, const char* def, Text help);
    static Key flag(const char* name, const char* def, Text help);  // a checkbox (ParamKind::Bool)
    static Key list(const char* name, double lo, double hi, int min_len, int max_len, const char* def, Text help);
    static Key from(ParamSpec spec, Text help);  // a spec built elsewhere (e.g. by core for its quantities)

    Key& range(double lo, double hi);  // must lie inside a shared key's range
    Key& def(const char* value);
    Key& about(Text words);           // this lesson's own words for what the key means
    Key& sym(const char* s);
    Key& multiple_of(int n);
    Key& alias(const char* old_name);  // an older spelling still accepted in links
    Key& preset_value(const char* field);  // the model-preset value this key takes (ParamSpec::preset_value)
    Key& no_preset_value();                 // a model preset leaves this key alone
    // A list whose length is tied to another key: `factor` × (the value of Int `key`, or the length of list
    // `key`); `fallback` (URL syntax) is repeated to that length when a link breaks the tie.
    Key& length_of(const char* key, int factor, bool by_value, const char* fallback = "");
};

// [SECTION] reading values
// The value of `spec` in `p`, clamped to its range and replaced by its default when missing or of the
// wrong form. Choices whose values are numbers read as int.
int read_int(const ParamSpec& spec, const ParamSet& p);
double read_real(const ParamSpec& spec, const ParamSet& p);
bool read_bool(const ParamSpec& spec, const ParamSet& p);
std::string read_choice(const ParamSpec& spec, const ParamSet& p);
std::vector<double> read_list(const ParamSpec& spec, const ParamSet& p);

// [SECTION] the table
// The reader for a field of type T (one overload per kind of value).
inline void read_into(int* out, const ParamSpec& s, const ParamSet& p) { *out = read_int(s, p); }
inline void read_into(double* out, const ParamSpec& s, const ParamSet& p) { *out = read_real(s, p); }
inline void read_into(bool* out, const ParamSpec& s, const ParamSet& p) { *out = read_bool(s, p); }
inline void read_into(std::string* out, const ParamSpec& s, const ParamSet& p) { *out = read_choice(s, p); }
inline void read_into(std::vector<double>* out, const ParamSpec& s, const ParamSet& p) { *out = read_list(s, p); }

// One row: a key and the field of In it fills (`{Key::shared("L"), &Inputs::L}`), or a key alone
// (`{Key::integer("trial", ...)}`) when the lesson reads it by other means (e.g. a re-run counter).
template <class In>
struct ParamRow {
    Key key;
    std::function<void(In&, const ParamSpec&, const ParamSet&)> fill_field;

    ParamRow(Key k) : key(std::move(k)) {}  // NOLINT: a key alone is a row
    template <class T>
    ParamRow(Key k, T In::*field)
        : key(std::move(k)), fill_field([field](In& in, const ParamSpec& s, const ParamSet& p) { read_into(&(in.*field), s, p); }) {}
};

template <class In>
class ParamTable {
public:
    ParamTable(std::initializer_list<ParamRow<In>> rows) : rows_(rows) {}
    explicit ParamTable(std::vector<ParamRow<In>> rows) : rows_(std::move(rows)) {}

    const std::vector<ParamRow<In>>& rows() const { return rows_; }

    std::vector<ParamSpec> specs() const {
        std::vector<ParamSpec> out;
        for (const ParamRow<In>& r : rows_) out.push_back(r.key.spec);
        return out;
    }
    std::vector<ParamLabel> labels() const {
        std::vector<ParamLabel> out;
        for (const ParamRow<In>& r : rows_) out.push_back({r.key.spec.name, r.key.help, r.key.symbol});
        return out;
    }
    // Every field filled from `p`, clamped and defaulted by its row.
    In read(const ParamSet& p) const {
        In in{};
        for (const ParamRow<In>& r : rows_)
            if (r.fill_field) r.fill_field(in, r.key.spec, p);
        return in;
    }

private:
    std::vector<ParamRow<In>> rows_;
};

}  // namespace pelab
