// PE Lab — cli/main.cpp
// `pelab-cli`: lists lessons and quantities, prints a quantity as JSON, CSV or LaTeX, and prints the lessons'
// words (steps, equations, view titles and notes, questions, parameter tables, references, the glossary) as
// plain text for translators and reviewers.
// Unlike the widget, the CLI repairs nothing: any problem with the arguments (unknown quantity or key,
// malformed or out-of-range value, bad --format) exits with code 2, prints one line naming the argument
// and its valid range on stderr, and prints nothing on stdout. Every echoed argument is cut to 64 bytes with
// control characters as \xNN. Output is checked to the last byte (fwrite, fflush, fclose): a write error
// (a full disk, `> /dev/full`) exits with code 1 and one line on stderr.
//
// [SECTION] usage, failure, checked output, options
// [SECTION] list
// [SECTION] get
// [SECTION] text: a lesson's words as plain text
// [SECTION] main
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "cli/cli_output.h"
#include "core/rope/model_presets.h"
#include "core/io/format.h"
#include "core/io/params.h"
#include "core/quantities/quantity.h"
#include "core/io/text.h"
#include "lessons/bilingual.h"
#include "lessons/lesson.h"
#include "lessons/param_table.h"
#include "lessons/bibliography.h"
#include "lessons/questions.h"
#include "lessons/length_lab/lab_board.h"

// Made at build time by pelab_embed_file (src/cli/CMakeLists.txt) from src/lessons/length_lab/data/reference_runs.json.
extern const unsigned char pelab_lab_reference_runs[];
extern const unsigned int pelab_lab_reference_runs_size;

namespace {

// [SECTION] usage, failure, checked output, options
using pelab::cli::fail;
using pelab::cli::kExitUsage;
using pelab::cli::kExitWriteError;

const char* const kUsage =
    "usage:\n"
    "  pelab-cli list\n"
    "      print the lessons (id, steps, title) and the quantities with their parameters\n"
    "  pelab-cli get <quantity> [key=value ...] [--format json|csv|latex]\n"
    "      compute a quantity; parameters not given take their defaults (default format: json)\n"
    "  pelab-cli text [LESSON] [--lang zh|en]\n"
    "      print a lesson's words as plain UTF-8: every step's number and id (step=ID), title and text, its\n"
    "      TeX equations, the titles and notes of its views and its questions (choices, the right one marked,\n"
    "      the explanation) at the lesson's defaults, its parameter table (key, symbol, range, default, help)\n"
    "      and its references; without LESSON every lesson in curriculum order, the position-map page, then\n"
    "      the glossary (default language: en)\n"
    "  pelab-cli lab train|eval|grad|bench|pack|keys [key=value ...]\n"
    "      the length-generalisation lab: train a tiny transformer and score it per length (train [--save FILE]),\n"
    "      score a weights file (eval weights=FILE), print its loss, logits and gradients in double\n"
    "      (grad weights=FILE tokens=FILE), time training steps padded and with the padding skipped (bench\n"
    "      [--out DIR]), write a weights file in the packed form the lab ships (pack weights=FILE [bits=32|16] --out FILE),\n"
    "      print every key of train and eval with its range and default (keys); see docs/lab.md\n"
    "  pelab-cli --help\n"
    "\n"
    "example:\n"
    "  pelab-cli get f_matrix L=4 omega=1.5707963267948966,1.0471975511965976 v=1,0,1,0 --format csv\n"
    "\n"
    "Bad arguments exit with code 2 and one line on stderr naming the argument and its valid range.\n";

// Writes all of `text` to stdout and flushes it; false (errno set) on a write error.
bool emit(const std::string& text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) return false;
    return std::fflush(stdout) == 0;
}

// The end of every run that printed: stdout closed and checked. A write error becomes exit code 1.
int finish(bool written) {
    const int saved = errno;
    const bool closed = std::fclose(stdout) == 0;
    if (written && closed) return 0;
    std::fprintf(stderr, "pelab-cli: could not write the output: %s\n", std::strerror(written ? errno : saved));
    return kExitWriteError;
}

// An option taking one value from a fixed list, given as "--name value" or "--name=value", at most once.
struct Option {
    const char* name;                 // "--format"
    const char* what;                 // "format": the messages say 'is not a valid format'
    std::vector<std::string> values;  // the valid values
    std::string value;                // the default, then the value given
    bool given = false;
};

std::string one_of(const Option& option) {
    std::string out;
    for (const std::string& v : option.values) out += (out.empty() ? "" : "|") + v;
    return "(one of " + out + ")";
}

constexpr int kOptionFailed = -1;

// Reads args[*i] when it is `option` (moving *i past a separate value): 0 when it is another argument, 1 when
// read, kOptionFailed when the value is missing, not valid or given twice (the one line is already printed).
int read_option(const std::vector<std::string>& args, std::size_t* i, Option* option) {
    const std::string& arg = args[*i];
    const std::string name = option->name;
    if (arg != name && arg.rfind(name + "=", 0) != 0) return 0;
    std::string value;
    if (arg == name) {
        if (*i + 1 >= args.size()) {
            fail(name + ": missing value " + one_of(*option));
            return kOptionFailed;
        }
        value = args[++*i];
    } else {
        value = arg.substr(name.size() + 1);
    }
    std::string problem;
    if (std::find(option->values.begin(), option->values.end(), value) == option->values.end())
        problem = pelab::quoted(value) + " is not a valid " + option->what;
    else if (option->given)
        problem = "given twice";
    if (!problem.empty()) {
        fail(name + ": " + problem + " " + one_of(*option));
        return kOptionFailed;
    }
    option->value = value;
    option->given = true;
    return 1;
}

// [SECTION] list
std::string quantity_names() {
    std::string out;
    for (const pelab::Quantity& q : pelab::quantity_registry()) out += (out.empty() ? "" : "|") + q.name;
    return out;
}

int cmd_list() {
    std::string out = "lessons:\n";
    for (const pelab::Lesson* lesson : pelab::lesson_registry())
        out += "  " + std::string(lesson->id) + "  " + std::to_string(lesson->steps.size()) + " steps  " +
               lesson->title.en + "\n";
    out += "quantities:\n";
    for (const pelab::Quantity& q : pelab::quantity_registry()) {
        out += "  " + q.name + "  " + q.summary + "\n";
        for (const pelab::ParamSpec& spec : q.params)
            out += "    " + pelab::describe_key(spec) + "\n";
    }
    // the model presets (preset=NAME on rope_inv_freq and rope_attention_factor)
    out += "presets:\n";
    for (const pelab::ModelPreset& preset : pelab::model_presets()) {
        out += "  " + preset.name + "  " + preset.display + ": " + pelab::preset_summary(preset) + "\n";
        if (!preset.left_out.empty()) out += "    not included: " + preset.left_out + "\n";
        for (const pelab::PresetSource& source : preset.sources)
            out += "    source: " + source.what + " <- " + source.where + "\n";
    }
    return finish(emit(out));
}

// [SECTION] get
int cmd_get(const std::vector<std::string>& args) {
    if (args.empty()) return fail("get: missing quantity name (one of " + quantity_names() + ")");
    Option format{"--format", "format", {"json", "csv", "latex"}, "json"};
    const pelab::Quantity* quantity = nullptr;
    std::vector<std::string> pairs;  // the key=value arguments, read below with the input limits
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (const int read = read_option(args, &i, &format)) {
            if (read == kOptionFailed) return kExitUsage;
            continue;
        }
        if (!quantity) {
            quantity = pelab::find_quantity(arg);
            if (!quantity)
                return fail("quantity: " + pelab::quoted(arg) + " is not a known quantity (one of " +
                            quantity_names() + ")");
            continue;
        }
        if (arg.rfind("--", 0) == 0) return fail(pelab::quoted(arg) + ": unknown option (only --format json|csv|latex)");
        const std::size_t eq = arg.find('=');
        if (eq == std::string::npos)
            return fail(pelab::quoted(arg) + ": expected key=value (keys of " + quantity->name + ": " +
                        [&] {
                            std::string keys;
                            for (const auto& s : quantity->params) keys += (keys.empty() ? "" : ", ") + s.name;
                            return keys;
                        }() + ")");
        pairs.push_back(arg);
    }
    if (!quantity) return fail("get: missing quantity name (one of " + quantity_names() + ")");
    // The same input limits as every door (64 KiB, 256 pairs); then each key at most once.
    std::vector<pelab::ParamIssue> input_issues;
    const pelab::KeyValues kv = pelab::read_arguments(pairs, &input_issues);
    if (!input_issues.empty()) return fail(input_issues.front().message);
    std::set<std::string> seen;
    for (const auto& pair : kv)
        if (!seen.insert(pair.first).second) return fail(pelab::shown_key(pair.first) + ": given twice");

    // preset=NAME gives a released model's values; keys given explicitly override them.
    pelab::ParamIssue preset_issue;
    const pelab::KeyValues expanded = pelab::expand_preset(quantity->params, kv, &preset_issue);
    if (!preset_issue.message.empty()) return fail(preset_issue.message);
    pelab::ParamSet params = pelab::defaults(quantity->params);
    const std::vector<pelab::ParamIssue> issues = pelab::parse_params_strict(quantity->params, expanded, &params);
    if (!issues.empty()) return fail(issues.front().message);
    const std::vector<pelab::ParamIssue> rules = pelab::validate_params(*quantity, params);  // across keys
    if (!rules.empty()) return fail(rules.front().message);
    std::string too_big;
    if (!pelab::within_result_budget(*quantity, params, &too_big)) return fail(too_big);

    const pelab::QuantityResult result = quantity->compute(params);
    std::string text;
    if (format.value == "json")
        text = pelab::to_json(*quantity, params, result);
    else if (format.value == "csv")
        text = pelab::to_csv(result);
    else
        text = pelab::to_latex(result);
    return finish(emit(text));
}

// [SECTION] text: a lesson's words as plain text
std::string lesson_ids() {
    std::string out;
    for (const pelab::Lesson* lesson : pelab::lesson_registry()) out += (out.empty() ? "" : "|") + std::string(lesson->id);
    return out + "|" + pelab::position_map_lesson().id;
}

// The parameter table: one line per key — key (and symbol), range, default, help in `lang`.
std::string parameter_table(const pelab::Lesson& lesson, pelab::Lang lang) {
    std::string out = "Parameters\n";
    for (const pelab::ParamSpec& spec : lesson.params) {
        const pelab::ParamLabel label = pelab::label_of(&lesson, spec);
        out += "  " + spec.name;
        if (!label.symbol.empty() && label.symbol != spec.name) out += " (" + label.symbol + ")";
        out += "  " + pelab::describe_range(spec) + ", default " + spec.default_text;
        const std::string help = pelab::say(lang, label.help);
        if (!help.empty()) out += "  — " + help;
        out += "\n";
    }
    return out;
}

// A step's key equations, one TeX source a line.
std::string equations_text(const pelab::Step& step, pelab::Lang lang) {
    std::string out;
    for (const pelab::StepEquation& equation : step.equations)
        out += pelab::say(lang, {"公式：{tex}", "Equation: {tex}"}, {{"tex", equation.get(lang)}}) + "\n";
    return out;
}

// The questions on one step: the prompt, every choice with the right one marked [x], then the explanation
// computed at `params`.
std::string questions_text(const pelab::Lesson& lesson, int step, const pelab::ParamSet& params, pelab::Lang lang) {
    std::string out;
    for (const pelab::Question& question : lesson.steps[static_cast<std::size_t>(step - 1)].questions) {
        const pelab::Question* q = &question;
        // A prediction is asked before the learner sees the evidence (the widget covers the figures until then).
        const pelab::Text kind = q->predict ? pelab::Text{"预测：{prompt}", "Predict: {prompt}"}
                                            : pelab::Text{"检查：{prompt}", "Check: {prompt}"};
        out += "\n" + pelab::say(lang, kind, {{"prompt", pelab::say(lang, q->prompt)}}) + "\n";
        for (std::size_t c = 0; c < q->choices.size(); ++c)
            out += (static_cast<int>(c) == q->answer ? "  [x] " : "  [ ] ") + pelab::say(lang, q->choices[c]) + "\n";
        const std::string why = q->explain ? q->explain(params, lang) : std::string();
        out += pelab::say(lang, {"解释：{why}", "Explanation: {why}"}, {{"why", why}}) + "\n";
    }
    return out;
}

// The sources the lesson follows and the reference implementation each matches, one a line.
std::string references_text(const pelab::Lesson& lesson, pelab::Lang lang) {
    const std::vector<pelab::Reference> refs = pelab::references_for(lesson.references);
    if (refs.empty()) return "";
    std::string out = "\n" + pelab::say(lang, {"参考文献", "References"}) + "\n";
    for (const pelab::Reference& r : refs)
        out += "- " + pelab::say(lang, {"{authors}（{year}）：{title}，{where}。代码：{code}",
                                        "{authors} ({year}). {title}. {where}. Code: {code}"},
                                 {{"authors", r.authors}, {"year", std::to_string(r.year)}, {"title", r.title},
                                  {"where", r.where}, {"code", r.code}}) +
               "\n";
    return out;
}

// The glossary: one line per term — key, name, meaning.
std::string glossary_text(pelab::Lang lang) {
    std::string out = "# glossary — " + pelab::say(lang, {"术语表", "Glossary"}) + "\n\n";
    for (const pelab::GlossaryEntry& e : pelab::glossary())
        out += "- " + std::string(e.term) + ": " + pelab::say(lang, e.name) + " — " + pelab::say(lang, e.meaning) + "\n";
    return out;
}

// One lesson: heading, parameter table, then every step with its text, its equations, its views' titles and
// notes and its questions, computed at the lesson's defaults, and last the lesson's references. `where` says
// where the lesson sits (e.g. "lesson 3 of 9").
std::string lesson_text(const pelab::Lesson& lesson, pelab::Lang lang, const std::string& where) {
    std::string out = "# " + std::string(lesson.id) + " — " + pelab::say(lang, lesson.title) + " (" + where + ")\n\n";
    out += parameter_table(lesson, lang);
    const pelab::ParamSet params = pelab::defaults(lesson.params);
    std::string too_big;
    const bool fits = pelab::lesson_within_budget(lesson, params, &too_big);
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const pelab::Step& step = lesson.steps[i];
        // The step's id beside its number: what a link may name it by (step=ID, steps=ID..ID).
        out += "\n## Step " + std::to_string(i + 1) + " of " + std::to_string(lesson.steps.size()) + " [" +
               std::string(step.id ? step.id : "") + "]: " +
               pelab::say(lang, step.title) + "\n";
        // The step's point and reason, right under its heading (the line a reader of the text export sees first).
        if (fits) out += pelab::say(lang, {"要点：{t}", "Takeaway: {t}"}, {{"t", pelab::step_takeaway(step, params, lang)}}) + "\n";
        out += "\n" + pelab::step_body(step, lang) + "\n";
        const std::string equations = equations_text(step, lang);
        if (!equations.empty()) out += "\n" + equations;
        if (!step.params.empty()) {
            out += "\nKeys on this step:";
            for (const std::string& key : step.params) out += " " + key;
            out += "\n";
        }
        if (!fits) {
            out += "\n(views not computed: " + too_big + ")\n";
        } else if (step.views) {
            const std::vector<pelab::ViewData> views = step.views(params, lang);
            for (std::size_t k = 0; k < views.size(); ++k) {
                out += "\n### View " + std::to_string(k + 1) + ": " + views[k].title + "\n";
                for (const std::string& note : views[k].notes) out += "- " + note + "\n";
            }
        }
        out += questions_text(lesson, static_cast<int>(i) + 1, params, lang);
    }
    out += references_text(lesson, lang);
    return out;
}

int cmd_text(const std::vector<std::string>& args) {
    Option language{"--lang", "language", {"zh", "en"}, "en"};
    const pelab::Lesson* only = nullptr;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (const int read = read_option(args, &i, &language)) {
            if (read == kOptionFailed) return kExitUsage;
            continue;
        }
        if (arg.rfind("--", 0) == 0) return fail(pelab::quoted(arg) + ": unknown option (only --lang zh|en)");
        if (only) return fail("text: takes one lesson, got " + pelab::quoted(arg) + " too (one of " + lesson_ids() + ")");
        only = arg == pelab::position_map_lesson().id ? &pelab::position_map_lesson() : pelab::find_lesson(arg);
        if (!only) return fail("text: " + pelab::quoted(arg) + " is not a lesson (one of " + lesson_ids() + ")");
    }
    const pelab::Lang lang = language.value == "zh" ? pelab::Lang::zh : pelab::Lang::en;
    const std::vector<const pelab::Lesson*>& registry = pelab::lesson_registry();
    const std::string off_curriculum = "not part of the curriculum";
    std::string out;
    if (only) {
        std::string where = off_curriculum;
        for (std::size_t i = 0; i < registry.size(); ++i)
            if (registry[i] == only) where = "lesson " + std::to_string(i + 1) + " of " + std::to_string(registry.size());
        out = lesson_text(*only, lang, where);
    } else {
        for (std::size_t i = 0; i < registry.size(); ++i)
            out += (i ? "\n\n" : "") +
                   lesson_text(*registry[i], lang, "lesson " + std::to_string(i + 1) + " of " + std::to_string(registry.size()));
        out += "\n\n" + lesson_text(pelab::position_map_lesson(), lang, off_curriculum);
        out += "\n\n" + glossary_text(lang);
    }
    return finish(emit(out));
}

}  // namespace

namespace pelab::cli_lab {
int run(const std::vector<std::string>& args);  // cli/lab.cpp
}

// [SECTION] main
int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    // The lab's reference runs on its board, as the app has them once the lesson opens (the file is the
    // repository's, checked by the lesson suites, so it reads).
    pelab::lab_board::set_reference_runs(
        std::string(reinterpret_cast<const char*>(pelab_lab_reference_runs), pelab_lab_reference_runs_size));
    if (args.empty()) return fail("missing command (one of list|get|text|--help)");
    const std::string& command = args[0];
    if (command == "--help" || command == "-h" || command == "help") {
        return finish(emit(kUsage));
    }
    if (command == "list") {
        if (args.size() > 1) return fail("list: takes no arguments, got " + pelab::quoted(args[1]));
        return cmd_list();
    }
    if (command == "get") return cmd_get(std::vector<std::string>(args.begin() + 1, args.end()));
    if (command == "text") return cmd_text(std::vector<std::string>(args.begin() + 1, args.end()));
    if (command == "lab") return pelab::cli_lab::run(std::vector<std::string>(args.begin() + 1, args.end()));
    return fail(pelab::quoted(command) + " is not a command (one of list|get|text|--help)");
}
