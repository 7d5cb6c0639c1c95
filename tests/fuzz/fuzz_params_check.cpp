// PE Lab — tests/fuzz/fuzz_params_check.cpp
// What one fuzz input goes through, mirroring the three front ends that turn text into key=value pairs:
//   URL hash      read_query(hash) (the 64 KiB / 256-pair limits, then split_query), applied to a fresh
//                 default state (app_restore, platform/web.cpp)
//   desktop argv  read_arguments(words): the same limits, each word split at its first '=', applied to a
//                 fresh default state (app_init, platform/desktop.cpp)
//   postMessage   read_query(text) applied to the current state, skipping a lesson= that names the current
//                 lesson (app_apply, the path of widget.js setState); applied twice, so the second message
//                 lands on a state that is no longer the default
// The long-sequence map page (map=) is a lesson outside the registry that opens over a registered one (its
// host, which URLs name as lesson=); the state checks accept exactly that pairing.
// Then the CLI path (parse_params_strict on a quantity's specs, the memory guard, compute when accepted,
// JSON/CSV/LaTeX). The invariants checked are the promises of docs/url-parameters.md: the state always stays valid
// and renderable, every issue is one line naming its key, to_query round-trips exactly, a value that parses formats
// back to itself, the CLI's strict parser reports the lenient parser's issues without repairing, Quantity::shape
// predicts the computed shape (the memory guard relies on it), and what the CLI prints is well-formed.
//
// [SECTION] helpers: failure text, argv splitting, JSON syntax check
// [SECTION] invariants of a ParamSet, of issues, of views
// [SECTION] the app path (hash / argv / postMessage)
// [SECTION] the CLI path
// [SECTION] check_input
#include "fuzz/fuzz_params_check.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/io/format.h"
#include "core/io/params.h"
#include "core/quantities/quantity.h"
#include "lessons/lesson.h"
#include "lessons/state.h"

namespace pelab::fuzz {

// [SECTION] helpers: failure text, argv splitting, JSON syntax check
namespace {

// Printable, bounded copy of arbitrary bytes for a failure message.
std::string show(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < 120; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c >= 0x7f || c == '\\') {
            static const char* hex = "0123456789ABCDEF";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (s.size() > 120) out += "...";
    return out;
}

// Desktop argv: the shell already split the words. Entries are separated by '\n' or NUL in the fuzz
// input; empty entries are dropped, as a shell never passes them from a URL.
std::vector<std::string> argv_words(const std::string& text) {
    std::vector<std::string> words;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != '\n' && text[i] != '\0') continue;
        if (i > start) words.push_back(text.substr(start, i - start));
        start = i + 1;
    }
    return words;
}

// The words read as the desktop app and pelab-cli read them (core read_arguments: the input limits, then
// each word split at its first '='). *all_have_eq tells whether every word had one; *bytes is the length
// the limit counts (the words joined by one separator).
KeyValues split_argv(const std::string& text, std::vector<ParamIssue>* input_issues, bool* all_have_eq = nullptr,
                     std::size_t* bytes = nullptr) {
    const std::vector<std::string> words = argv_words(text);
    if (bytes) {
        *bytes = 0;
        for (const std::string& w : words) *bytes += w.size() + 1;
        if (!words.empty()) --*bytes;
    }
    if (all_have_eq) {
        *all_have_eq = true;
        for (const std::string& w : words)
            if (w.find('=') == std::string::npos) *all_have_eq = false;
    }
    return read_arguments(words, input_issues);
}

// What read_query / read_arguments may report: at most one issue, keyed "input" (too long, or pairs past
// the 256th ignored); and they never hand on more than kMaxInputPairs pairs.
std::string check_input_limits(const KeyValues& kv, const std::vector<ParamIssue>& input_issues,
                               std::size_t bytes, const std::string& where) {
    if (kv.size() > kMaxInputPairs) return where + ": " + std::to_string(kv.size()) + " pairs passed the input limit";
    if (input_issues.size() > 1) return where + ": more than one input-limit issue";
    for (const ParamIssue& i : input_issues)
        if (i.key != "input") return where + ": input-limit issue keyed " + show(i.key);
    if (bytes > kMaxInputBytes && (input_issues.empty() || !kv.empty()))
        return where + ": " + std::to_string(bytes) + " bytes of input were not refused";
    return std::string();
}

// A strict JSON syntax check (RFC 8259 grammar; no NaN/Infinity literals), enough to prove that what
// `pelab-cli get --format json` prints parses in any JSON reader.
class JsonSyntax {
public:
    explicit JsonSyntax(const std::string& s) : s_(s) {}
    bool valid() {
        ws();
        if (!value(0)) return false;
        ws();
        return i_ == s_.size();
    }

private:
    const std::string& s_;
    std::size_t i_ = 0;
    void ws() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
    }
    bool lit(const char* word) {
        const std::size_t n = std::strlen(word);
        if (s_.compare(i_, n, word) != 0) return false;
        i_ += n;
        return true;
    }
    bool digits() {
        const std::size_t b = i_;
        while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
        return i_ > b;
    }
    bool number() {
        if (i_ < s_.size() && s_[i_] == '-') ++i_;
        if (i_ < s_.size() && s_[i_] == '0') {
            ++i_;
        } else if (!digits()) {
            return false;
        }
        if (i_ < s_.size() && s_[i_] == '.') {
            ++i_;
            if (!digits()) return false;
        }
        if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            if (!digits()) return false;
        }
        return true;
    }
    bool string() {
        if (i_ >= s_.size() || s_[i_] != '"') return false;
        for (++i_; i_ < s_.size(); ++i_) {
            const unsigned char c = static_cast<unsigned char>(s_[i_]);
            if (c == '"') {
                ++i_;
                return true;
            }
            if (c < 0x20) return false;
            if (c == '\\') {
                if (++i_ >= s_.size()) return false;
                const char e = s_[i_];
                if (e == 'u') {
                    for (int k = 0; k < 4; ++k)
                        if (++i_ >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_]))) return false;
                } else if (!std::strchr("\"\\/bfnrt", e)) {
                    return false;
                }
            }
        }
        return false;
    }
    bool value(int depth) {
        if (depth > 64 || i_ >= s_.size()) return false;
        const char c = s_[i_];
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++i_;
            ws();
            if (i_ < s_.size() && s_[i_] == close) {
                ++i_;
                return true;
            }
            for (;;) {
                if (c == '{') {
                    if (!string()) return false;
                    ws();
                    if (i_ >= s_.size() || s_[i_] != ':') return false;
                    ++i_;
                    ws();
                }
                if (!value(depth + 1)) return false;
                ws();
                if (i_ < s_.size() && s_[i_] == ',') {
                    ++i_;
                    ws();
                    continue;
                }
                if (i_ < s_.size() && s_[i_] == close) {
                    ++i_;
                    return true;
                }
                return false;
            }
        }
        if (c == '"') return string();
        if (c == 't') return lit("true");
        if (c == 'f') return lit("false");
        if (c == 'n') return lit("null");
        return number();
    }
};

// [SECTION] invariants of a ParamSet, of issues, of views

// Every spec'd key holds a value that is itself valid input: formatting it and parsing it back gives the
// same value with no message, and length links hold. Nothing else is stored.
std::string check_param_set(const std::vector<ParamSpec>& specs, const ParamSet& set, const std::string& where) {
    if (set.all().size() != specs.size())
        return where + ": ParamSet holds " + std::to_string(set.all().size()) + " keys for " +
               std::to_string(specs.size()) + " specs";
    for (const ParamSpec& spec : specs) {
        if (!set.has(spec.name)) return where + ": key " + spec.name + " missing from the ParamSet";
        const ParamValue& v = set.all().at(spec.name);
        const std::string text = format_value(spec, v);
        ParamValue back;
        std::string why;
        if (!parse_value(spec, text, &back, &why) || !why.empty())
            return where + ": stored " + spec.name + "=" + show(text) + " is not clean input: " + show(why);
        if (back.nums != v.nums || back.text != v.text)
            return where + ": " + spec.name + "=" + show(text) + " does not parse back to the stored value";
        if (spec.kind == ParamKind::RealList && !spec.list_len_of.empty()) {
            const std::size_t base = spec.list_len_is_value
                                         ? static_cast<std::size_t>(std::max(0, set.geti(spec.list_len_of)))
                                         : set.getv(spec.list_len_of).size();
            if (v.nums.size() != static_cast<std::size_t>(spec.list_len_factor) * base)
                return where + ": " + spec.name + " has " + std::to_string(v.nums.size()) +
                       " numbers, breaking its length link to " + spec.list_len_of;
        }
    }
    return std::string();
}

// Every issue names a key and is one bounded line (the page shows it as a notice, the CLI prints it as its
// one stderr line).
std::string check_issues(const std::vector<ParamIssue>& issues, std::size_t max_count, const std::string& where) {
    if (issues.size() > max_count)
        return where + ": " + std::to_string(issues.size()) + " issues for at most " + std::to_string(max_count) +
               " causes";
    for (const ParamIssue& issue : issues) {
        if (issue.message.empty()) return where + ": empty issue message for key " + show(issue.key);
        if (issue.key.size() > 64) return where + ": issue key longer than 64 bytes: " + show(issue.key);
        if (issue.message.size() > 1000)
            return where + ": issue message of " + std::to_string(issue.message.size()) + " bytes";
        for (char ch : issue.message) {
            const unsigned char c = static_cast<unsigned char>(ch);
            if (c < 0x20 || c == 0x7f) return where + ": control byte in issue message: " + show(issue.message);
        }
    }
    return std::string();
}

bool in_cell_range(const HeatmapView& v, int r, int c) {
    return r >= 0 && c >= 0 && r < v.values.rows() && c < v.values.cols();
}

// Heatmaps and tables: the labels match the matrix.
template <class MatrixView>
std::string check_labels(const MatrixView& v, const std::string& at) {
    const long rows = static_cast<long>(v.values.rows()), cols = static_cast<long>(v.values.cols());
    if (!v.row_labels.empty() && static_cast<long>(v.row_labels.size()) != rows) return at + ": row_labels size";
    if (!v.col_labels.empty() && static_cast<long>(v.col_labels.size()) != cols) return at + ": col_labels size";
    return std::string();
}

// Hover text at the corners (the explain callbacks index the same matrices the view shows).
template <class MatrixView>
void explain_corners(const MatrixView& v) {
    const long rows = static_cast<long>(v.values.rows()), cols = static_cast<long>(v.values.cols());
    if (v.explain && rows > 0 && cols > 0) {
        v.explain(0, 0);
        v.explain(static_cast<int>(rows - 1), static_cast<int>(cols - 1));
    }
}

std::string check_table(const TableView& v, const std::string& at) {
    if (std::string problem = check_labels(v, at); !problem.empty()) return problem;
    explain_corners(v);
    return std::string();
}

// What the GPU draws and the hover/export read: the map, its GPU form, a finite colour scale, and (softmax
// only) one finite normaliser per row.
std::string check_map(const MapView& v, const std::string& at) {
    if (!v.map) return at + ": a PositionMap view without its map";
    const PositionMapView& pm = *v.map;
    if (pm.spec.L < 2 || pm.spec.L > 65536) return at + ": map L=" + std::to_string(pm.spec.L) + " outside 2..65536";
    if (!std::isfinite(pm.lo) || !std::isfinite(pm.hi) || !(pm.lo <= pm.hi))
        return at + ": colour scale [" + std::to_string(pm.lo) + ", " + std::to_string(pm.hi) + "] is not a finite interval";
    if (!pm.log_norm.empty()) {
        if (static_cast<long long>(pm.log_norm.size()) != pm.spec.L)
            return at + ": " + std::to_string(pm.log_norm.size()) + " row normalisers for L=" + std::to_string(pm.spec.L);
        for (double z : pm.log_norm)
            if (!std::isfinite(z)) return at + ": a row normaliser log Z_i is not finite";
    }
    return std::string();
}

std::string check_curve(const CurveView& v, const std::string& at) {
    for (const std::vector<double>& s : v.series)
        if (s.size() != v.x.size())
            return at + ": a curve series has " + std::to_string(s.size()) + " points for " + std::to_string(v.x.size()) + " x";
    if (!v.series_labels.empty() && v.series_labels.size() != v.series.size()) return at + ": series_labels size";
    if (!v.vline_labels.empty() && v.vline_labels.size() != v.vlines_x.size()) return at + ": vline_labels size";
    return std::string();
}

// Dials: finite angles and lengths, arcs between existing arrows, a drag naming a parameter of the lesson with
// a non-zero scale (the drag divides by it).
std::string check_phasor(const PhasorView& v, const Lesson& lesson, const std::string& at) {
    for (const PhasorView::Dial& dial : v.dials) {
        const int n = static_cast<int>(dial.arrows.size());
        for (const PhasorView::Arrow& a : dial.arrows) {
            if (!std::isfinite(a.angle) || !std::isfinite(a.length)) return at + ": an arrow's angle or length is not finite";
            for (double t : a.trail)
                if (!std::isfinite(t)) return at + ": a trail angle is not finite";
            if (a.drag_param.empty()) continue;
            if (!std::isfinite(a.drag_origin) || !std::isfinite(a.drag_per_unit) || a.drag_per_unit == 0)
                return at + ": drag scale of " + show(a.drag_param) + " is zero or not finite";
            const bool known = std::any_of(lesson.params.begin(), lesson.params.end(),
                                           [&](const ParamSpec& s) { return s.name == a.drag_param; });
            if (!known) return at + ": drag_param " + show(a.drag_param) + " is not a parameter of the lesson";
        }
        for (const PhasorView::Arc& arc : dial.arcs)
            if (arc.from < 0 || arc.to < 0 || arc.from >= n || arc.to >= n) return at + ": an arc names a missing arrow";
    }
    return std::string();
}

// Odometers: one turn count per frequency, an optional second needle per frequency, finite values.
std::string check_odometer(const OdometerView& v, const std::string& at) {
    if (v.turns_in_training.size() != v.theta.size()) return at + ": turns_in_training size";
    if (!v.theta_scaled.empty() && v.theta_scaled.size() != v.theta.size()) return at + ": theta_scaled size";
    if (!v.captions.empty() && v.captions.size() != v.theta.size()) return at + ": captions size";
    for (const std::vector<double>* list : {&v.theta, &v.turns_in_training, &v.theta_scaled})
        for (double x : *list)
            if (!std::isfinite(x)) return at + ": a frequency or turn count is not finite";
    if (!std::isfinite(v.position) || !std::isfinite(v.train_length)) return at + ": position or train_length not finite";
    return std::string();
}

// Bars: a label (and, when given, a colour group) per value; a log axis only over positive values.
std::string check_bars(const BarsView& v, const std::string& at) {
    if (v.labels.size() != v.values.size()) return at + ": " + std::to_string(v.labels.size()) + " bar labels for " + std::to_string(v.values.size()) + " values";
    if (!v.groups.empty() && v.groups.size() != v.values.size()) return at + ": bar groups size";
    for (double x : v.values)
        if (v.log && !(x > 0) && !std::isnan(x)) return at + ": a bar of " + std::to_string(x) + " on a logarithmic axis";
    return std::string();
}

// Heatmaps also: per-cell text, overlays on existing cells, a selection naming an Int parameter.
std::string check_heatmap(const HeatmapView& v, const Lesson& lesson, const std::string& at) {
    if (std::string problem = check_labels(v, at); !problem.empty()) return problem;
    const long rows = static_cast<long>(v.values.rows()), cols = static_cast<long>(v.values.cols());
    if (!v.cell_text.empty() && static_cast<long>(v.cell_text.size()) != rows * cols) return at + ": cell_text size";
    for (const auto& [r, c] : v.highlight_cells)
        if (!in_cell_range(v, r, c))
            return at + ": highlight cell (" + std::to_string(r) + "," + std::to_string(c) + ") outside the matrix";
    if (v.highlight_row != -1 && (v.highlight_row < 0 || v.highlight_row >= rows)) return at + ": highlight_row outside the matrix";
    for (const HeatmapView::Arrow& a : v.arrows)
        if (!in_cell_range(v, a.r0, a.c0) || !in_cell_range(v, a.r1, a.c1)) return at + ": arrow outside the matrix";
    if (v.select_mode != HeatmapView::SelectMode::None) {
        const auto it = std::find_if(lesson.params.begin(), lesson.params.end(),
                                     [&](const ParamSpec& s) { return s.name == v.select_param; });
        if (it == lesson.params.end() || it->kind != ParamKind::Int)
            return at + ": select_param " + show(v.select_param) + " is not an Int parameter of the lesson";
    }
    explain_corners(v);
    return std::string();
}

// The shapes the views layer indexes by: label and per-cell vectors match the matrix, overlays point at
// existing cells, a selection names an Int parameter of the lesson, curve series match their x.
std::string check_views(const std::vector<ViewData>& views, const Lesson& lesson, const std::string& where) {
    if (views.empty()) return where + ": the step returned no view";
    for (std::size_t n = 0; n < views.size(); ++n) {
        const ViewData& v = views[n];
        const std::string at = where + " view " + std::to_string(n) + " (" + show(v.title) + ")";
        std::string problem;
        switch (v.kind()) {
        case ViewKind::Heatmap: problem = check_heatmap(v.heatmap(), lesson, at); break;
        case ViewKind::Table: problem = check_table(v.table(), at); break;
        case ViewKind::Curve: problem = check_curve(v.curve(), at); break;
        case ViewKind::PositionMap: problem = check_map(v.map(), at); break;
        case ViewKind::Phasor: problem = check_phasor(v.phasor(), lesson, at); break;
        case ViewKind::Odometer: problem = check_odometer(v.odometer(), at); break;
        case ViewKind::Bars: problem = check_bars(v.bars(), at); break;
        }
        if (!problem.empty()) return problem;
    }
    return std::string();
}

// [SECTION] the app path (hash / argv / postMessage)

// What app_apply() does with a postMessage / setState query: a lesson= naming the current lesson is skipped,
// unless a position map is open over it (then it closes the map page and returns to the lesson).
std::vector<ParamIssue> apply_like_app_apply(const KeyValues& kv, AppState* state) {
    KeyValues filtered;
    for (const auto& p : kv)
        if (!(p.first == "lesson" && state->lesson && !state->host && p.second == state->lesson->id))
            filtered.push_back(p);
    return apply_query(filtered, state);
}

// Either a registered lesson with no host, or the long-sequence map page (map=) opened over a registered
// lesson, which URLs name as lesson= and which the page returns to.
std::string check_lesson_and_host(const AppState& s, const std::string& where) {
    if (!s.lesson) return where + ": state has no lesson";
    if (s.lesson->overlay_key) {
        if (!s.host || find_lesson(s.host->id) != s.host)
            return where + ": the map page is open without a registered host lesson";
        if (std::string(lesson_id(s)) != s.host->id) return where + ": lesson_id() does not name the host lesson";
        return std::string();
    }
    if (find_lesson(s.lesson->id) != s.lesson) return where + ": state has no registered lesson";
    if (s.host) return where + ": a curriculum lesson has a host lesson (" + show(s.host->id) + ")";
    return std::string();
}

// The state after any input: a registered lesson (or the map page over one), a step in range, valid
// parameters; its views build.
std::string check_state(const AppState& s, const std::string& where) {
    std::string lesson_err = check_lesson_and_host(s, where);
    if (!lesson_err.empty()) return lesson_err;
    if (s.step < 1 || s.step > static_cast<int>(s.lesson->steps.size()))
        return where + ": step " + std::to_string(s.step) + " outside 1.." + std::to_string(s.lesson->steps.size());
    std::string err = check_param_set(s.lesson->params, s.params, where + " [" + s.lesson->id + "]");
    if (!err.empty()) return err;
    const Step& step = s.lesson->steps[static_cast<std::size_t>(s.step - 1)];
    if (!step.views) return where + ": step " + std::to_string(s.step) + " of " + s.lesson->id + " has no views()";
    // As on the CLI path, a big output is parsed and checked but not computed (kMaxBuiltStepElements says why).
    if (s.lesson->result_shape) {
        double elements = 1.0;
        for (long long extent : s.lesson->result_shape(s.params)) elements *= static_cast<double>(extent);
        if (elements > kMaxBuiltStepElements) return std::string();
    }
    return check_views(step.views(s.params, s.lang), *s.lesson,
                       where + " [" + s.lesson->id + " step " + std::to_string(s.step) + "]");
}

// to_query is the state's whole description: applied to a fresh default state (in the other language) it
// must give the same state, with no issue, and the same to_query text.
std::string check_round_trip(const AppState& s, const std::string& where) {
    const std::string q1 = to_query(s);
    AppState fresh = default_state(s.lang == Lang::zh ? Lang::en : Lang::zh);
    const std::vector<ParamIssue> issues = apply_query(split_query(q1), &fresh);
    if (!issues.empty())
        return where + ": to_query output " + show(q1) + " raises an issue: " + show(issues[0].message);
    const std::string q2 = to_query(fresh);
    if (q1 != q2) return where + ": to_query round trip differs: " + show(q1) + " -> " + show(q2);
    return std::string();
}

// join_query and split_query are inverses on any pairs (the widget writes the hash with one and reads it
// with the other).
std::string check_join_split(const KeyValues& kv) {
    const std::string joined = join_query(kv);
    if (split_query(joined) != kv) return "join_query/split_query round trip differs for " + show(joined);
    return std::string();
}

// A value that parses formats back to text that parses to the same value, cleanly.
std::string check_values(const std::vector<ParamSpec>& specs, const KeyValues& kv, const std::string& where) {
    for (const auto& [key, text] : kv) {
        for (const ParamSpec& spec : specs) {
            if (spec.name != key) continue;
            ParamValue v, back;
            std::string why, why2;
            if (!parse_value(spec, text, &v, &why)) {
                if (why.empty()) return where + ": parse_value refused " + key + "=" + show(text) + " without a reason";
                continue;
            }
            const std::string formatted = format_value(spec, v);
            if (!parse_value(spec, formatted, &back, &why2) || !why2.empty() || back.nums != v.nums ||
                back.text != v.text)
                return where + ": " + key + "=" + show(text) + " formats as " + show(formatted) +
                       ", which does not parse back cleanly";
        }
    }
    return std::string();
}

std::string run_app_path(int front_end, const Lesson* lesson, bool open_map, Lang lang, const std::string& text) {
    const char* names[] = {"hash", "argv", "postMessage"};
    const std::string where = names[front_end];
    std::vector<ParamIssue> input_issues;
    std::size_t bytes = text.size();
    const KeyValues body =
        front_end == 1 ? split_argv(text, &input_issues, nullptr, &bytes) : read_query(text, &input_issues);
    std::string err = check_input_limits(body, input_issues, bytes, where);
    if (!err.empty()) return err;
    err = check_join_split(body);
    if (!err.empty()) return where + ": " + err;
    err = check_values(lesson->params, body, where);
    if (!err.empty()) return err;

    // The lesson (and, when chosen, the map page over it, as its menu entry opens it) goes first; the text
    // can still name another lesson or map.
    KeyValues opening = {{"lesson", lesson->id}};
    if (open_map)
        for (const auto& kv : position_map_lesson().open_over(*lesson)) opening.push_back(kv);
    KeyValues kv = opening;
    kv.insert(kv.end(), body.begin(), body.end());
    AppState s = default_state(lang);
    // Issue bound: one per pair, plus one per length link repaired at the end.
    const std::size_t max_issues = kv.size() + lesson->params.size() + 8;
    if (front_end == 2) {
        // The widget's host first opens the lesson, then sends the message twice.
        apply_query(opening, &s);
        for (int round = 0; round < 2; ++round) {
            const std::vector<ParamIssue> issues = apply_like_app_apply(body, &s);
            const std::string at = where + " round " + std::to_string(round + 1);
            err = check_issues(issues, max_issues, at);
            if (err.empty()) err = check_state(s, at);
            if (err.empty()) err = check_round_trip(s, at);
            if (!err.empty()) return err;
        }
        return std::string();
    }
    const std::vector<ParamIssue> issues = apply_query(kv, &s);
    err = check_issues(issues, max_issues, where);
    if (err.empty()) err = check_state(s, where);
    if (err.empty()) err = check_round_trip(s, where);
    return err;
}

// [SECTION] the CLI path

// For a quantity without shape(): its output size from its parameters, assuming at most three dimensions: the product
// of the three largest size-like factors, i.e. Ints whose range stays within 65536 (L, d, heads, H, W; not a seed, nor
// a value such as seq_len) and list lengths. A heuristic (an (H*W) x (H*W) output is under-estimated): above
// kMaxComputedElements the input is parsed and checked but not computed.
double estimated_elements(const Quantity& q, const ParamSet& p) {
    std::vector<double> factors;
    for (const ParamSpec& spec : q.params) {
        if (spec.kind == ParamKind::Int && spec.name != "seed" && spec.max <= 65536.0)
            factors.push_back(std::max(1.0, std::fabs(p.getd(spec.name))));
        if (spec.kind == ParamKind::RealList)
            factors.push_back(std::max<double>(1.0, static_cast<double>(p.getv(spec.name).size())));
    }
    std::sort(factors.begin(), factors.end(), [](double a, double b) { return a > b; });
    double n = 1.0;
    for (std::size_t i = 0; i < factors.size() && i < 3; ++i) n *= factors[i];
    return n;
}

std::string run_cli_path(const Quantity& q, const std::string& text, bool argv_split) {
    const std::string where = "cli " + q.name;
    bool all_have_eq = true;
    std::vector<ParamIssue> input_issues;
    std::size_t bytes = text.size();
    const KeyValues kv =
        argv_split ? split_argv(text, &input_issues, &all_have_eq, &bytes) : read_query(text, &input_issues);
    if (std::string err = check_input_limits(kv, input_issues, bytes, where); !err.empty()) return err;
    // pelab-cli stops at an input-limit issue (exit 2) before parsing anything.
    if (!input_issues.empty()) return std::string();
    // pelab-cli refuses an argument without '=' and a repeated key before it parses anything.
    if (!all_have_eq) return std::string();
    for (std::size_t i = 0; i < kv.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j)
            if (kv[j].first == kv[i].first) return std::string();
    }
    ParamSet p = defaults(q.params);
    const std::vector<ParamIssue> issues = parse_params_strict(q.params, kv, &p);
    std::string err = check_issues(issues, kv.size() + q.params.size() + 8, where);
    if (!err.empty()) return err;
    // The strict parser reports exactly the lenient parser's problems, each without its "; using ..." /
    // "; keeping ..." repair tail, and leaves the same values behind.
    ParamSet lenient_set = defaults(q.params);
    const std::vector<ParamIssue> lenient = parse_params(q.params, kv, &lenient_set);
    if (lenient.size() != issues.size())
        return where + ": strict parser reports " + std::to_string(issues.size()) + " issues, lenient " +
               std::to_string(lenient.size());
    for (std::size_t i = 0; i < issues.size(); ++i) {
        const std::string& strict_text = issues[i].message;
        const std::string& lenient_text = lenient[i].message;
        if (issues[i].key != lenient[i].key || lenient_text.compare(0, strict_text.size(), strict_text) != 0 ||
            lenient_text.compare(strict_text.size(), 2, "; ") != 0)
            return where + ": strict issue " + show(strict_text) + " is not lenient " + show(lenient_text) +
                   " minus its tail";
    }
    if (p.all().size() != lenient_set.all().size()) return where + ": strict and lenient ParamSets differ in size";
    for (const auto& [key, value] : p.all()) {
        if (!lenient_set.has(key)) return where + ": lenient ParamSet lacks " + key;
        const ParamValue& other = lenient_set.all().at(key);
        if (value.nums != other.nums || value.text != other.text)
            return where + ": strict and lenient values of " + key + " differ";
    }
    if (!issues.empty()) return std::string();
    err = check_param_set(q.params, p, where);
    if (!err.empty()) return err;
    // Checks across keys (e.g. t5_bucket's max_distance against num_buckets), as pelab-cli applies them:
    // a refusal names the key and is one line, and nothing is computed.
    const std::vector<ParamIssue> cross = validate_params(q, p);
    for (const ParamIssue& issue : cross)
        if (issue.key.empty() || issue.message.empty() || issue.message.find('\n') != std::string::npos)
            return where + ": cross-key refusal " + show(issue.message) + " is not one named line";
    if (!cross.empty()) return std::string();
    // The memory guard, as pelab-cli applies it: a refusal is one line, and nothing is computed.
    std::string too_big;
    if (!within_result_budget(q, p, &too_big)) {
        if (too_big.empty() || too_big.find('\n') != std::string::npos)
            return where + ": memory guard refusal is not one line";
        return std::string();
    }
    // The size the guard predicts (or, for a quantity without shape(), the heuristic) caps what is computed.
    std::vector<long long> predicted;
    double implied = 1.0;
    if (q.shape) {
        predicted = q.shape(p);
        for (long long d : predicted) implied *= static_cast<double>(d);
    } else {
        implied = estimated_elements(q, p);
    }
    if (implied > kMaxComputedElements) return std::string();

    const QuantityResult r = q.compute(p);
    if (q.shape && std::vector<long long>(r.shape.begin(), r.shape.end()) != predicted) {
        std::string a, b;
        for (long long d : predicted) a += (a.empty() ? "" : "x") + std::to_string(d);
        for (int d : r.shape) b += (b.empty() ? "" : "x") + std::to_string(d);
        return where + ": shape() predicts " + a + " but compute() returns " + b + " (the memory guard trusts shape())";
    }
    if (r.shape.empty()) return where + ": empty shape";
    double count = 1.0;
    for (int d : r.shape) {
        if (d < 0) return where + ": negative dimension";
        count *= d;
    }
    if (count != static_cast<double>(r.data.size()))
        return where + ": shape holds " + std::to_string(count) + " elements, data " + std::to_string(r.data.size());
    if (count > kMaxFormattedElements) return std::string();
    const std::string json = to_json(q, p, r);
    if (!JsonSyntax(json).valid()) return where + ": to_json output is not valid JSON: " + show(json);
    if (to_csv(r).empty() && !r.data.empty()) return where + ": empty CSV";
    if (to_latex(r).find("\\begin{bmatrix}") == std::string::npos) return where + ": LaTeX lacks \\begin{bmatrix}";
    return std::string();
}

// Specs are ours: every default must be clean input, and names unique. Checked once per process.
std::string check_registries() {
    auto check_specs = [](const std::vector<ParamSpec>& specs, const std::string& owner) -> std::string {
        for (std::size_t i = 0; i < specs.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (specs[i].name == specs[j].name) return owner + ": parameter " + specs[i].name + " declared twice";
        return check_param_set(specs, defaults(specs), owner + " defaults");
    };
    if (lesson_registry().empty()) return "no lesson registered";
    for (const Lesson* l : lesson_registry()) {
        if (!l) return "null lesson in the registry";
        std::string err = check_specs(l->params, std::string("lesson ") + l->id);
        if (!err.empty()) return err;
    }
    for (const Quantity& q : quantity_registry()) {
        std::string err = check_specs(q.params, "quantity " + q.name);
        if (!err.empty()) return err;
    }
    return std::string();
}

}  // namespace

// [SECTION] check_input
std::string check_input(const std::uint8_t* data, std::size_t size) {
    static const std::string registry_error = check_registries();
    if (!registry_error.empty()) return registry_error;

    const std::uint8_t route = size > 0 ? data[0] : 0;
    const std::uint8_t quantity_byte = size > 1 ? data[1] : 0;
    const std::string text = size > 2 ? std::string(reinterpret_cast<const char*>(data) + 2, size - 2) : std::string();

    const auto& lessons = lesson_registry();
    const Lesson* lesson = lessons[(route & 0x0F) % lessons.size()];
    const bool open_map = (route & 0x80) != 0;
    const Lang lang = (route & 0x10) ? Lang::zh : Lang::en;
    const int front_end = ((route >> 5) & 3) == 3 ? 0 : (route >> 5) & 3;

    std::string err = run_app_path(front_end, lesson, open_map, lang, text);
    if (!err.empty()) return err;

    const auto& quantities = quantity_registry();
    if (quantities.empty()) return std::string();
    return run_cli_path(quantities[quantity_byte % quantities.size()], text, front_end == 1);
}

}  // namespace pelab::fuzz
