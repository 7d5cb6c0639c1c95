// PE Lab — core/lab/lab_report.cpp
// Implements lab_report.h: a run's key=value words, and the one writer of a run's result JSON (the CLI's
// `lab train` and the page's worker print it through train_result_json).
//
// [SECTION] a run's keys from text
// [SECTION] JSON pieces
// [SECTION] the run's result
// [SECTION] a look inside a model
#include "core/lab/lab_report.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "core/io/text.h"

namespace pelab::lab {

// [SECTION] a run's keys from text
namespace {

// `key=value` words against `specs`, strictly (read_train_words' rules before the rules across keys).
std::string read_words(const std::string& text, const std::vector<ParamSpec>& specs, ParamSet* read) {
    if (text.size() > kMaxInputBytes) return input_too_long(text.size()).message;
    std::vector<std::string> words;
    std::size_t at = 0;
    const char* blanks = " \t\r\n";
    while ((at = text.find_first_not_of(blanks, at)) != std::string::npos) {
        const std::size_t end = text.find_first_of(blanks, at);
        words.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
        at = end;
    }
    std::set<std::string> given;
    for (const std::string& word : words) {
        const std::size_t eq = word.find('=');
        if (eq == std::string::npos) return quoted(word) + ": expected key=value";
        if (!given.insert(word.substr(0, eq)).second) return shown_key(word.substr(0, eq)) + ": given twice";
    }
    std::vector<ParamIssue> issues;
    const KeyValues kv = read_arguments(words, &issues);
    if (!issues.empty()) return issues.front().message;
    *read = defaults(specs);
    issues = parse_params_strict(specs, kv, read);
    if (!issues.empty()) return issues.front().message;
    return "";
}

}  // namespace

std::string read_train_words(const std::string& text, ParamSet* params, TrainConfig* config) {
    ParamSet read;
    std::string problem = read_words(text, train_specs(), &read);
    if (!problem.empty()) return problem;
    TrainConfig run;
    problem = train_config_from_params(read, &run);
    if (!problem.empty()) return problem;
    *params = read;
    *config = run;
    return "";
}

std::string read_eval_words(const std::string& text, const ModelConfig& model, TrainConfig* config) {
    ParamSet read;
    std::string problem = read_words(text, eval_specs(), &read);
    if (problem.empty()) problem = eval_config_from_params(read, model, config);
    return problem;
}

std::string word_value(const std::string& words, const std::string& key) {
    const std::string probe = key + "=";
    for (std::size_t at = 0; (at = words.find(probe, at)) != std::string::npos; at += probe.size())
        if (at == 0 || words[at - 1] == ' ' || words[at - 1] == '\t') {
            const std::size_t begin = at + probe.size();
            return words.substr(begin, words.find_first_of(" \t", begin) - begin);
        }
    return {};
}

// [SECTION] JSON pieces

std::string curve_json(const std::vector<std::pair<int, double>>& curve) {
    std::string out = "[";
    for (std::size_t i = 0; i < curve.size(); ++i)
        out += (i ? ",[" : "[") + std::to_string(curve[i].first) + "," + json_number(curve[i].second) + "]";
    return out + "]";
}

std::string scores_json(const std::vector<LengthScore>& scores) {
    std::string exact, token;
    for (const LengthScore& s : scores) {
        exact += (exact.empty() ? "" : ",") + std::string("\"") + std::to_string(s.n) + "\":" + json_number(s.exact);
        token += (token.empty() ? "" : ",") + std::string("\"") + std::to_string(s.n) + "\":" + json_number(s.token);
    }
    return "\"exact\":{" + exact + "},\"token\":{" + token + "}";
}

// [SECTION] the run's result
RunScores score_run(const Trainer& trainer) {
    const TrainConfig& config = trainer.config();
    RunScores out;
    out.trained = evaluate(trainer.model_before_fine_tune(), config.task, config.test);
    if (!config.interpolating()) return out;
    const ForwardOptions scaled = scaling_options(config);
    out.has_pi = config.linear_factor() != 1.0;
    if (out.has_pi) out.pi = evaluate(trainer.model_before_fine_tune(), config.task, config.test, scaled);
    out.has_scaled = config.frequency_scaled();
    if (out.has_scaled) out.scaled = evaluate(trainer.model_before_fine_tune(), config.task, config.test, scaled);
    out.has_finetune = config.finetune_steps > 0;
    if (out.has_finetune) out.finetune = evaluate(trainer.model(), config.task, config.test, scaled);
    return out;
}

namespace {

// The "scaling" and "factor" members a frequency-scaled run adds to its "config", after a comma; "" otherwise.
std::string scaling_members(const TrainConfig& run) {
    if (!run.frequency_scaled()) return "";
    return ",\"scaling\":" + json_string(rope_scaling_name(run.scaling)) + ",\"factor\":" + json_number(run.factor);
}

// The run's keys as its "config" echoes them: every key up to finetune_max as read, pi as the run's linear
// factor (scaling=linear factor=s reads as pi=s), then scaling and factor for a frequency-scaled run only, so a
// run without one writes what it always wrote.
std::string config_json(const ParamSet& params, const TrainConfig& run) {
    std::vector<ParamSpec> specs;
    for (const ParamSpec& spec : train_specs())
        if (spec.name != "scaling" && spec.name != "factor") specs.push_back(spec);
    ParamSet echoed = params;
    echoed.set("pi", ParamValue{{run.linear_factor()}, ""});
    std::string out = params_json(specs, echoed);
    out.pop_back();  // its closing brace
    return out + scaling_members(run) + "}";
}

}  // namespace

std::string train_result_json(const ParamSet& params, const Trainer& trainer, const RunScores& scores, double seconds) {
    std::string out = "{\"config\":" + config_json(params, trainer.config()) + ",\"loss\":" +
                      curve_json(trainer.loss_curve()) + "," + scores_json(scores.trained);
    if (scores.has_pi) out += ",\"pi\":{" + scores_json(scores.pi) + "}";
    if (scores.has_scaled) out += ",\"scaled\":{" + scores_json(scores.scaled) + "}";
    if (scores.has_finetune)
        out += ",\"finetune\":{\"loss\":" + curve_json(trainer.fine_tune_curve()) + "," + scores_json(scores.finetune) + "}";
    return out + ",\"seconds\":" + json_number(seconds) + "}";
}

std::string eval_result_json(const ModelConfig& c, const TrainConfig& run, const std::vector<LengthScore>& scores,
                             double seconds) {
    std::string test = "[";
    for (std::size_t i = 0; i < run.test.size(); ++i) test += (i ? "," : "") + std::to_string(run.test[i]);
    test += "]";
    return "{\"config\":{\"pe\":" + json_string(scheme_name(c.pe)) + ",\"d\":" + std::to_string(c.d) +
           ",\"heads\":" + std::to_string(c.heads) + ",\"layers\":" + std::to_string(c.layers) +
           ",\"max_positions\":" + std::to_string(c.max_positions) + ",\"task\":" + json_string(task_name(run.task)) +
           ",\"test\":" + test + ",\"pi\":" + json_number(run.linear_factor()) + scaling_members(run) +
           (run.frequency_scaled() ? ",\"train_max\":" + std::to_string(run.train_max) : "") + "}," + scores_json(scores) +
           ",\"seconds\":" + json_number(seconds) + "}";
}

// [SECTION] a look inside a model
namespace {
std::string int_list_json(const std::vector<int>& values) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + std::to_string(values[i]);
    return out + "]";
}
}  // namespace

std::string inspection_json(const Inspection& in) {
    std::string out = "{\"task\":\"" + std::string(task_name(in.task)) + "\",\"n\":" + std::to_string(in.n) +
                      ",\"sample\":" + std::to_string(in.sample) + ",\"layers\":" + std::to_string(in.layers) +
                      ",\"heads\":" + std::to_string(in.heads) + ",\"T\":" + std::to_string(in.T) +
                      ",\"tokens\":" + int_list_json(in.tokens) + ",\"expected\":" + int_list_json(in.expected) +
                      ",\"predicted\":" + int_list_json(in.predicted) + ",\"attention\":[";
    char buffer[32];
    for (std::size_t m = 0; m < in.attention.size(); ++m) {
        out += m ? ",[" : "[";
        for (std::size_t i = 0; i < in.attention[m].size(); ++i) {
            const double w = in.attention[m][i];
            if (w == 0.0) {
                out += i ? ",0" : "0";
                continue;
            }
            std::snprintf(buffer, sizeof buffer, "%s%.6g", i ? "," : "", w);
            out += buffer;
        }
        out += "]";
    }
    return out + "]}";
}

}  // namespace pelab::lab
