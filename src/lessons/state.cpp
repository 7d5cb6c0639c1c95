// PE Lab — lessons/state.cpp
// The URL-sized app state: lesson, 1-based step, language and the lesson's parameters.
// Invalid input never leaves the state unrenderable: every problem is an issue and the old value stays.
#include "lessons/state.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/rope/model_presets.h"
#include "core/io/text.h"

namespace pelab {

namespace {

const Lesson* first_lesson() {
    const auto& all = lesson_registry();
    return all.empty() ? nullptr : all.front();
}

// Choice spec listing the curriculum's lesson ids, used for the message of an unknown lesson.
ParamSpec lesson_spec() {
    ParamSpec s;
    s.name = "lesson";
    s.kind = ParamKind::Choice;
    for (const Lesson* l : lesson_registry()) s.choices.push_back(l->id);
    return s;
}

void reset_to(const Lesson* lesson, AppState* state) {
    state->lesson = lesson;
    state->host = nullptr;
    state->step = 1;
    state->params = lesson ? defaults(lesson->params) : ParamSet();
}

// The step as an Int spec, so "step=" follows the same grammar and messages as every parameter: the numbers a
// link may hold (linked_step_count: a renumbered lesson's old numbers).
ParamSpec step_spec(const Lesson* lesson, StepNumbers numbers, const char* key = "step") {
    ParamSpec s;
    s.name = key;
    s.kind = ParamKind::Int;
    s.min = 1;
    const int count = !lesson ? 1 : numbers == StepNumbers::links ? linked_step_count(*lesson) : int(lesson->steps.size());
    s.max = std::max(1, count);
    s.default_text = "1";
    return s;
}

// Choice spec for the language, only used for its message text.
ParamSpec lang_spec() {
    ParamSpec s;
    s.name = "lang";
    s.kind = ParamKind::Choice;
    s.choices = {"zh", "en"};
    return s;
}

// Display options share the parameter grammar: the same messages, clamping and hostile-input safety.
const std::vector<ParamSpec>& display_specs() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> v(5);
        v[0].name = "embed";
        v[0].kind = ParamKind::Int;
        v[0].max = 1;
        v[0].default_text = "0";
        v[1].name = "controls";
        v[1].kind = ParamKind::Int;
        v[1].max = 1;
        v[1].default_text = "1";
        v[2].name = "theme";
        v[2].kind = ParamKind::Choice;
        v[2].choices = {"light", "dark", "contrast"};
        v[2].default_text = "light";
        v[3].name = "fontscale";
        v[3].kind = ParamKind::Real;
        v[3].min = 0.75;
        v[3].max = 3.0;
        v[3].default_text = "1";
        v[4].name = "reveal";
        v[4].kind = ParamKind::Int;
        v[4].max = 1;
        v[4].default_text = "0";
        return v;
    }();
    return specs;
}

const char* theme_name(Theme t) { return t == Theme::dark ? "dark" : t == Theme::contrast ? "contrast" : "light"; }

// Text that was meant as a step id rather than a number: at most kShownTextBytes of letters, digits and '-', at
// least one letter, and not a number strtod reads whole ("nan", "inf", "1e999" stay number problems, with the
// number's message, and so does text too long to be an id).
bool looks_like_step_id(const std::string& text) {
    if (text.size() > kShownTextBytes) return false;
    bool letter = false;
    for (char ch : text) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (std::isalpha(c)) letter = true;
        else if (!std::isdigit(c) && c != '-') return false;
    }
    if (!letter) return false;
    char* end = nullptr;
    std::strtod(text.c_str(), &end);
    return end != text.c_str() + text.size();
}

// The lesson's step id closest to `text` (edit distance over its first kShownTextBytes bytes), "" if none; the ids
// of steps that moved to another lesson count too (a link may still name them).
std::string nearest_step_id(const Lesson& lesson, const std::string& text) {
    std::vector<std::string> ids;
    for (const Step& step : lesson.steps)
        if (step.id) ids.push_back(step.id);
    for (const auto& moved : lesson.moved_steps)
        if (moved.first) ids.push_back(moved.first);
    // A learner who types the start of an id ("two" for two-objects) means that id, however far in letters.
    std::string prefixed;
    for (const std::string& id : ids)
        if (!text.empty() && id.compare(0, text.size(), text) == 0 && (prefixed.empty() || id.size() < prefixed.size()))
            prefixed = id;
    if (!prefixed.empty()) return prefixed;
    return nearest_key(text.substr(0, kShownTextBytes), ids);
}

// One step as `key` names it: its id in `lesson` (Step::id) or its 1-based number as links hold it
// (lesson_of_linked_number: a renumbered lesson's old number opens the step that now holds that content, the last
// such step as a range's `range_end`). A number follows the Int grammar of every parameter: out of range, it is
// clamped into 1..steps with *why set, and true is returned. False, with *why naming the key, what was wrong and
// (for an unknown id) the nearest id, when it is neither. A step that moved to another lesson
// (Lesson::moved_steps), named by its id or by an old number, opens there: *opened is the lesson the step is in.
bool read_step_or_id(const Lesson* lesson, StepNumbers numbers, const char* key, const std::string& text, int* step,
                     std::string* why, bool range_end = false, const Lesson** opened = nullptr) {
    why->clear();
    if (opened) *opened = lesson;
    if (lesson && text.find('/') == std::string::npos) {
        int n = 0;
        if (const Lesson* home = lesson_of_step_id(*lesson, text, &n); home && (home == lesson || opened)) {
            *step = n;
            if (opened) *opened = home;
            return true;
        }
    }
    ParamValue v;
    if (parse_value(step_spec(lesson, numbers, key), text, &v, why)) {
        const int n = static_cast<int>(v.nums[0]);
        *step = n;
        if (lesson && numbers == StepNumbers::links) {
            const Lesson* home = lesson_of_linked_number(*lesson, n, step, range_end);
            if (home != lesson && !opened) *step = 1;  // a caller that cannot follow a move (none today)
            else if (opened) *opened = home;
        }
        return true;
    }
    if (lesson && looks_like_step_id(text)) {
        const std::string nearest = nearest_step_id(*lesson, text);
        *why = std::string(key) + ": " + quoted(text) + " is not a step of " + lesson->id + " (a number 1.." +
               std::to_string(int(step_spec(lesson, numbers).max)) + " or a step id" +
               (nearest.empty() ? std::string() : "; nearest: " + nearest) + ")";
    }
    return false;
}

// A 1-based inclusive step range within the lesson: "3-5" or "4" by number, "two-objects..toeplitz-f" by id
// (".." joins the two ends, each a number or an id: "3..toeplitz-f" too) or one id, "toeplitz-f". An id holds
// '-', so a range of ids cannot use the numbers' '-'. Every end must lie within the lesson (nothing is clamped).
// False when it is not such a range; *unknown_id is then the end that looks like an id the lesson lacks, if any.
// The range opens in *opened: the lesson its first end is in now (an end that moved to another lesson
// opens there, Lesson::moved_steps). When the second end is in yet another lesson, the range runs to the end of
// the first end's lesson and *spans names the other one.
bool parse_step_range(const std::string& text, const Lesson& lesson, StepNumbers numbers, int* lo, int* hi, std::string* unknown_id,
                      const Lesson** opened, const Lesson** spans) {
    unknown_id->clear();
    *opened = &lesson;
    *spans = nullptr;
    std::string first, second;
    const size_t dots = text.find("..");
    if (dots != std::string::npos) {
        first = text.substr(0, dots);
        second = text.substr(dots + 2);
    } else if (lesson_of_step_id(lesson, text, nullptr)) {  // one id, its own or one that moved
        first = second = text;
    } else {
        const size_t dash = text.find('-');
        first = text.substr(0, dash);
        second = dash == std::string::npos ? first : text.substr(dash + 1);
    }
    int ends[2] = {0, 0};
    const Lesson* homes[2] = {&lesson, &lesson};
    const std::string* texts[2] = {&first, &second};
    for (int i = 0; i < 2; ++i) {
        std::string clamped;
        if (!read_step_or_id(&lesson, numbers, "steps", *texts[i], &ends[i], &clamped, i == 1, &homes[i]) || !clamped.empty()) {
            // The id to name: an end of "a..b", else the whole text (steps=shift-invarience is one id, not "shift").
            const std::string& id = dots != std::string::npos ? *texts[i] : text;
            if (looks_like_step_id(id) && !lesson_of_step_id(lesson, id, nullptr)) *unknown_id = id;
            return false;
        }
    }
    *opened = homes[0];
    if (homes[1] != homes[0]) {  // the range now spans two lessons: the first end's, to its last step
        *spans = homes[1];
        ends[1] = int(homes[0]->steps.size());
    }
    if (ends[0] > ends[1]) return false;
    *lo = ends[0];
    *hi = ends[1];
    return true;
}

// The notice for a steps= value that is not a range of `lesson`: the forms it takes, with the lesson's own first
// and last ids as the example of a range by id, and the nearest id to an end that looked like an unknown id.
std::string step_range_notice(const Lesson& lesson, StepNumbers numbers, const std::string& value, const std::string& unknown_id) {
    const std::size_t n = lesson.steps.size();
    std::string out = "steps: " + quoted(value) + " is not a step range like 3-5";
    if (n > 0 && lesson.steps.front().id && lesson.steps.back().id)
        out += std::string(" or ") + lesson.steps.front().id + ".." + lesson.steps.back().id;
    out += " within 1.." + std::to_string(int(step_spec(&lesson, numbers).max));  // the numbers it may hold
    const std::string nearest = unknown_id.empty() ? std::string() : nearest_step_id(lesson, unknown_id);
    if (!nearest.empty()) out += " (" + quoted(unknown_id) + " is not a step id; nearest: " + nearest + ")";
    return out + "; showing all steps";
}

void clamp_step_to_range(AppState* state) {
    const int n = state->lesson ? int(state->lesson->steps.size()) : 1;
    DisplayOptions& d = state->display;
    d.step_min = std::clamp(d.step_min, 1, std::max(1, n));
    // The range's end is not cut to this lesson's length: "to the end" must still mean the end after a switch
    // to a longer lesson (a 7-step lesson once left every later lesson stuck at step 7).
    d.step_max = std::max(d.step_max, d.step_min);
    state->step = std::clamp(state->step, d.step_min, std::min(d.step_max, std::max(1, n)));
}

std::uint64_t g_last_version = 0;  // the one counter every state's version is drawn from

}  // namespace

void mark_changed(AppState* state) {
    if (state) state->version = ++g_last_version;
}

const std::vector<std::string>& display_keys() {
    static const std::vector<std::string> keys = {"embed", "controls", "steps", "theme", "fontscale", "reveal"};
    return keys;
}

bool parse_lang(const std::string& text, Lang* out) {
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    Lang result;
    if (lower.rfind("zh", 0) == 0)
        result = Lang::zh;
    else if (lower.rfind("en", 0) == 0)
        result = Lang::en;
    else
        return false;
    if (out) *out = result;
    return true;
}

AppState default_state(Lang lang) {
    AppState s;
    s.lang = lang;
    reset_to(first_lesson(), &s);
    mark_changed(&s);
    return s;
}

std::vector<ParamIssue> apply_query(const KeyValues& kv, AppState* state, StepNumbers numbers) {
    std::vector<ParamIssue> issues;
    if (!state) return issues;
    if (!state->lesson) reset_to(first_lesson(), state);
    mark_changed(state);

    // 1. lesson= first (the last one given wins); it resets step and parameters.
    for (const auto& [key, value] : kv) {
        if (key != "lesson") continue;
        if (const Lesson* l = find_lesson(value)) {
            reset_to(l, state);
        } else {
            std::string why;
            ParamValue ignored;
            parse_value(lesson_spec(), value, &ignored, &why);  // same quoting/escaping as every message
            issues.push_back({"lesson", why + "; keeping " + (state->lesson ? state->lesson->id : "")});
        }
    }
    if (!state->lesson) return issues;  // no lessons registered: nothing more can apply

    // 1b. An overlay's key (map=) opens it on top of the lesson (which stays the place to return to).
    for (const auto& kv_pair : kv) {
        const Lesson* overlay = find_overlay(kv_pair.first);
        if (!overlay || overlay == state->lesson) continue;
        const Lesson* host = state->host ? state->host : state->lesson;
        reset_to(overlay, state);
        state->host = host;
    }

    // The lesson the link names: its step ids and old numbers are read there, even once a step that
    // moved to another lesson has opened that one (with its defaults; the link's keys are read in phase 4).
    const Lesson* const linked = state->lesson;
    const Lesson* redirected_from = nullptr;
    auto open_moved = [&](const Lesson* home) {
        if (!home || home == state->lesson) return;
        reset_to(home, state);
        redirected_from = home == linked ? nullptr : linked;
    };

    // 2. step= and lang=, in the order given.
    for (const auto& [key, value] : kv) {
        if (key == "step") {  // a number or the step's id (step=shift-invariance)
            int step = 0;
            std::string why;
            const Lesson* home = nullptr;
            if (!read_step_or_id(linked, numbers, "step", value, &step, &why, false, &home)) {
                issues.push_back({"step", why + "; keeping " + std::to_string(state->step)});
            } else {
                open_moved(home);
                state->step = step;
                if (!why.empty()) issues.push_back({"step", why + "; using " + std::to_string(state->step)});
            }
        } else if (key == "lang") {
            Lang lang;
            if (parse_lang(value, &lang)) {
                state->lang = lang;
            } else {
                std::string why;
                ParamValue ignored;
                parse_value(lang_spec(), value, &ignored, &why);
                issues.push_back({"lang", why + "; keeping " + (state->lang == Lang::zh ? "zh" : "en")});
            }
        }
    }

    // 3. Display options (embedding, presenting).
    {
        ParamSet display;
        DisplayOptions& d = state->display;
        display.set("embed", ParamValue{{d.embed ? 1.0 : 0.0}, ""});
        display.set("controls", ParamValue{{d.controls ? 1.0 : 0.0}, ""});
        display.set("theme", ParamValue{{}, theme_name(d.theme)});
        display.set("fontscale", ParamValue{{d.fontscale}, ""});
        display.set("reveal", ParamValue{{d.reveal ? 1.0 : 0.0}, ""});
        KeyValues display_kv;
        for (const auto& p : kv)
            if (p.first != "steps" && std::find(display_keys().begin(), display_keys().end(), p.first) != display_keys().end())
                display_kv.push_back(p);
        std::vector<ParamIssue> display_issues = parse_params(display_specs(), display_kv, &display);
        issues.insert(issues.end(), display_issues.begin(), display_issues.end());
        d.embed = display.geti("embed") != 0;
        d.controls = display.geti("controls") != 0;
        const std::string& theme = display.gets("theme");
        d.theme = theme == "dark" ? Theme::dark : theme == "contrast" ? Theme::contrast : Theme::light;
        d.fontscale = display.getd("fontscale");
        d.reveal = display.geti("reveal") != 0;
        for (const auto& [key, value] : kv) {
            if (key != "steps") continue;
            const Lesson& lesson = *linked;
            std::string unknown;
            const Lesson* home = nullptr;
            const Lesson* spans = nullptr;
            int lo = 0, hi = 0;
            if (!parse_step_range(value, lesson, numbers, &lo, &hi, &unknown, &home, &spans)) {
                issues.push_back({"steps", step_range_notice(lesson, numbers, value, unknown)});
                d.step_min = 1;
                d.step_max = int(state->lesson->steps.size());
                continue;
            }
            open_moved(home);  // a range whose first end moved opens in that end's lesson
            d.step_min = lo;
            d.step_max = hi;
            if (spans)  // a range that a split cut in two: the first end's lesson, to its end
                issues.push_back({"steps", "steps: " + quoted(value) + " spans " + home->id + " and " + spans->id +
                                               " (" + lesson.id + " was split); using " + home->id + "'s steps " +
                                               std::to_string(lo) + ".." + std::to_string(hi)});
        }
        clamp_step_to_range(state);
    }

    // 4. Everything else is a lesson parameter.
    std::vector<std::string> handled = {"lesson", "step", "lang"};
    handled.insert(handled.end(), display_keys().begin(), display_keys().end());
    // The keys of a split lesson: a link that opened a moved step holds the keys of the lesson it named,
    // and a lesson whose steps moved away still meets their keys in old links; both are read silently and ignored.
    auto ignore_keys_of = [&](const Lesson* other) {
        if (!other || other == state->lesson) return;
        for (const ParamSpec& spec : other->params)
            if (std::none_of(state->lesson->params.begin(), state->lesson->params.end(),
                             [&](const ParamSpec& own) { return own.name == spec.name; }))
                handled.push_back(spec.name);
    };
    ignore_keys_of(redirected_from);
    for (const auto& moved : state->lesson->moved_steps) {
        const std::string target = moved.second ? moved.second : "";
        ignore_keys_of(find_lesson(target.substr(0, target.find('/'))));
    }
    KeyValues lesson_kv = kv;
    if (state->lesson->preset_sets_params) {  // a model preset sets the keys it gives
        ParamIssue preset_issue;
        // A page shows what its ranges allow of a model (the map's L stops at 65,536) and its notes say so.
        lesson_kv = expand_preset(state->lesson->params, kv, &preset_issue, /*clamp_to_range=*/true);
        if (!preset_issue.message.empty()) issues.push_back(preset_issue);
    }
    std::vector<ParamIssue> param_issues = parse_params(state->lesson->params, lesson_kv, &state->params, handled);
    issues.insert(issues.end(), param_issues.begin(), param_issues.end());
    return issues;
}

const char* lesson_id(const AppState& state) {
    if (state.host) return state.host->id;
    return state.lesson ? state.lesson->id : "";
}

std::string to_query(const AppState& state) {
    KeyValues kv;
    if (state.lesson) kv.emplace_back("lesson", lesson_id(state));
    // A step by its id where it has one: ids survive steps being split or inserted, numbers do not.
    auto step_name = [&](int step) {
        const char* id = state.lesson ? step_id_at(*state.lesson, step) : nullptr;
        return id ? std::string(id) : std::to_string(step);
    };
    kv.emplace_back("step", step_name(state.step));
    kv.emplace_back("lang", state.lang == Lang::zh ? "zh" : "en");
    const DisplayOptions& d = state.display;
    const DisplayOptions plain;
    if (d.embed) kv.emplace_back("embed", "1");
    if (!d.controls) kv.emplace_back("controls", "0");
    const int n = state.lesson ? int(state.lesson->steps.size()) : 1;
    if (d.step_min > 1 || d.step_max < n)
        kv.emplace_back("steps", step_name(d.step_min) + ".." + step_name(std::min(d.step_max, n)));
    if (d.theme != plain.theme) kv.emplace_back("theme", theme_name(d.theme));
    if (d.fontscale != plain.fontscale) kv.emplace_back("fontscale", format_number(d.fontscale));
    if (d.reveal) kv.emplace_back("reveal", "1");
    if (state.lesson) {
        for (const ParamSpec& spec : state.lesson->params) {
            auto it = state.params.all().find(spec.name);
            kv.emplace_back(spec.name, it == state.params.all().end() ? spec.default_text : format_value(spec, it->second));
        }
    }
    return join_query(kv);
}

}  // namespace pelab
