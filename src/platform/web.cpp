// PE Lab — platform/web.cpp
// Browser main() and the glue to the page (web/pelab.js builds window.pelab on top of it).
// Frames are driven by requestAnimationFrame only while something changed: an SDL event (input,
// resize), a state change from the page, or the UI asking to settle. Otherwise nothing is scheduled
// and the page idles like a blank one — no 60 Hz loop that merely skips work.
#ifdef __EMSCRIPTEN__
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "core/lab/lab_model.h"
#include "core/lab/lab_report.h"
#include "core/io/text.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "lessons/length_lab/lab_board.h"
#include "lessons/view_export.h"
#include "platform/gl.h"
#include "platform/gpu_maps.h"
#include "platform/platform.h"

namespace {

pelab::Platform g_platform;
bool g_frame_scheduled = false;
bool g_ready = false;
std::string g_last_query;
std::uint64_t g_last_version = 0;  // app.state.version g_last_query was written for
std::string g_json;  // storage behind the const char* returned to JavaScript

// clang-format off
// The page's own defaults (embed.html: "embed=1"): the page's markup, not untrusted input.
EM_JS(char*, js_page_defaults, (), {
    return allocateUTF8(Module["pelabDefaults"] || "");
});
// The hash (or the query a host page passed to mount). Untrusted and of any size: its UTF-8 length goes to
// *bytes, and only text within `limit` bytes is copied, onto the heap (never the wasm stack); over the
// limit this returns 0 and C++ refuses the input from its length alone.
EM_JS(char*, js_initial_query, (double* bytes, double limit), {
    var own = (Module["pelabHashSync"] === false) ? String(Module["pelabQuery"] || "")
            : ((typeof location !== "undefined" && location.hash) ? location.hash.substring(1) : "");
    var n = lengthBytesUTF8(own);
    HEAPF64[bytes >> 3] = n;
    if (n > limit) return 0;
    var text = _malloc(n + 1);
    stringToUTF8(own, text, n + 1);
    return text;
});
EM_JS(int, js_keys_on_canvas, (), { return Module["pelabKeysOnCanvas"] ? 1 : 0; });
// The system asks for reduced motion: play=1 in the URL then starts nothing (the learner still may).
EM_JS(int, js_reduced_motion, (), {
    try { return (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches) ? 1 : 0; }
    catch (e) { return 0; }
});
EM_JS(char*, js_browser_lang, (), {
    var l = (typeof navigator !== "undefined" && navigator.language) ? navigator.language : "en";
    return allocateUTF8(l);
});
EM_JS(void, js_replace_hash, (const char* query), {
    if (Module["pelabHashSync"] === false) return;
    try { history.replaceState(null, "", "#" + UTF8ToString(query)); } catch (e) {}
});
EM_JS(void, js_on_first_frame, (), {
    if (Module["onPelabReady"]) Module["onPelabReady"]();
});
EM_JS(void, js_on_state_change, (), {
    if (Module["onPelabState"]) Module["onPelabState"]();
});
EM_JS(void, js_show_fatal, (const char* message), {
    if (Module["onPelabFatal"]) Module["onPelabFatal"](UTF8ToString(message));
});
EM_JS(void, js_save_file, (const char* name, const char* mime, const char* data, int size), {
    if (Module["onPelabSave"]) Module["onPelabSave"](UTF8ToString(name), UTF8ToString(mime), HEAPU8.slice(data, data + size));
});
EM_JS(void, js_copy_text, (const char* text), {
    if (Module["onPelabCopy"]) Module["onPelabCopy"](UTF8ToString(text));
});
EM_JS(void, js_toggle_fullscreen, (), {
    if (Module["onPelabFullscreen"]) Module["onPelabFullscreen"]();
});
EM_JS(char*, js_page_address, (), {
    var a = (typeof location !== "undefined") ? location.href.split("#")[0] : "";
    return allocateUTF8(a);
});
EM_JS(void, js_step_text, (const char* title, const char* takeaway, const char* body, const char* notices, const char* figures,
                          const char* math), {
    if (Module["onPelabStepText"])
        Module["onPelabStepText"](UTF8ToString(title), UTF8ToString(takeaway), UTF8ToString(body), UTF8ToString(notices),
                                  UTF8ToString(figures), UTF8ToString(math));
});
// A request of the length-generalisation lab (lessons/length_lab/lab_board.h) to the page's lab client
// (web/widget.js: the lab's worker, the reference runs' fetch, the weights file's download and picker).
// `model`: an evaluation's model ("run=3"), "" for the other kinds.
EM_JS(void, js_lab_request, (const char* kind, int id, const char* words, const char* model), {
    if (Module["onPelabLab"]) Module["onPelabLab"](UTF8ToString(kind), id, UTF8ToString(words), UTF8ToString(model));
});
// Texts in parts (scripts/language_texts.py): those web/widget.js wrote into memory before main(), as "zh" (a
// language's texts for every screen) and "zh:rope" (a lesson's), comma-separated; null when the page writes none
// (every text is then in the wasm). And the fetch of a part the app asks for.
EM_JS(char*, js_texts_in_memory, (), {
    var l = Module["pelabTextsInMemory"];
    return Array.isArray(l) ? allocateUTF8(l.join(",")) : 0;
});
EM_JS(void, js_fetch_texts, (int english, const char* part, int background), {
    if (Module["onPelabTexts"]) Module["onPelabTexts"](english ? "en" : "zh", UTF8ToString(part), background !== 0);
});
// clang-format on

void schedule_frame();
void wake(int frames);

void on_wake_timer(void*) { wake(1); }

// The step's title, takeaway and text, mirrored into the page (aria-live region, print, find, translate), with the
// notices on screen, one per line, so that a screen reader hears about rejected input too.
std::string g_mirrored;
void mirror_step_text() {
    const pelab::App& app = g_platform.app;
    const pelab::AppState& s = app.state;
    const pelab::Step& step = s.lesson->steps[size_t(s.step - 1)];
    std::string notices;
    for (const pelab::ParamIssue& n : app.notices) notices += (notices.empty() ? "" : "\n") + n.message;
    // While a timeline plays the figures change every frame: the mirror (an aria-live region) waits for the
    // pause, as the URL does, so a screen reader is not flooded.
    if (app.playback.playing) return;
    // What the mirror shows: the step's title and text (lesson, step and language), the notices, each figure
    // in words and numbers (and the playback position), and the equations as MathML.
    // The takeaway is read first, before the detail (the words covering it while a prediction waits).
    const std::string title = pelab::say(s.lang, step.title);
    const std::string takeaway = pelab::app_step_covered(app) ? pelab::ui_say(s.lang, pelab::UiText::PredictFirstTakeaway)
                                                              : app.views.takeaway;
    const std::string body = pelab::step_body(step, s.lang);
    std::string figures, math;
    for (const std::string& d : pelab::app_figure_descriptions(app)) figures += (figures.empty() ? "" : "\n") + d;
    for (const std::string& m : pelab::app_equation_mathml(app)) math += (math.empty() ? "" : "\n") + m;
    std::string key = title + '\0' + takeaway + '\0' + body + '\0' + notices + '\0' + figures + '\0' + math;
    if (key == g_mirrored) return;
    g_mirrored = std::move(key);
    js_step_text(title.c_str(), takeaway.c_str(), body.c_str(), notices.c_str(), figures.c_str(), math.c_str());
}

// Hands the lab's requests made during the frame (a lesson opened, a button) to the page, in order.
// The answers come back later, each through pelab_lab_receive (or pelab_lab_data), which draws a frame.
void send_lab_requests() {
    using Kind = pelab::lab_board::Request::Kind;
    for (const pelab::lab_board::Request& r : pelab::lab_board::take_requests()) {
        const char* kind = r.kind == Kind::load_data      ? "load_data"
                           : r.kind == Kind::train        ? "train"
                           : r.kind == Kind::pause        ? "pause"
                           : r.kind == Kind::resume       ? "resume"
                           : r.kind == Kind::cancel       ? "cancel"
                           : r.kind == Kind::save_weights ? "save_weights"
                           : r.kind == Kind::load_weights ? "load_weights"
                           : r.kind == Kind::evaluate     ? "eval"
                                                          : "inspect";
        js_lab_request(kind, r.id, r.words.c_str(), r.model.c_str());
    }
}

// Asks the page for a part of the texts, once until it arrives or fails (web/widget.js fetches each file once).
// `background`: nothing on screen waits for it (the other lessons after the first frame).
std::set<std::string> g_texts_asked;
void fetch_texts_now(pelab::Lang lang, const std::string& part, bool background) {
    const std::string key = std::string(lang == pelab::Lang::en ? "en:" : "zh:") + part;
    if (pelab::texts_loaded(lang, part) || !g_texts_asked.insert(key).second) return;
    js_fetch_texts(lang == pelab::Lang::en ? 1 : 0, part.c_str(), background ? 1 : 0);
}
void fetch_texts(pelab::Lang lang, const std::string& part) { fetch_texts_now(lang, part, false); }

// After the first frame in a language, the other lessons' texts in that language are fetched in the background,
// so that opening another lesson seldom waits.
bool g_prefetched[2] = {false, false};
void prefetch_lessons(pelab::Lang lang) {
    bool& done = g_prefetched[lang == pelab::Lang::zh ? 0 : 1];
    if (done) return;
    done = true;
    for (const pelab::Lesson* lesson : pelab::every_lesson()) fetch_texts_now(lang, lesson->id, true);
}

EM_BOOL on_animation_frame(double /*time*/, void* /*user*/) {
    g_frame_scheduled = false;
    pelab::Platform* p = &g_platform;
    // No frame is drawn with part of its texts missing: the first screen waits for its lesson's (later states wait
    // in app_apply; app/app.h). They are asked for now, and their arrival asks for this frame again.
    if (!pelab::app_texts_in_memory(p->app.state)) {
        pelab::app_request_texts(&p->app, p->app.state);
        return EM_FALSE;
    }
    if (!g_ready) EM_ASM(performance.mark("pelab:frame"));  // scripts/bench's split of the first load
    pelab::platform_render_frame(p);
    send_lab_requests();
    // The URL follows the state: rebuilt only when the state's version changed since the last frame. While a
    // timeline plays the hash and the host's pelab:state messages wait: they are written once, on pause.
    if (p->app.state.version != g_last_version && !p->app.playback.playing) {
        g_last_version = p->app.state.version;
        const std::string q = pelab::to_query(p->app.state);
        if (q != g_last_query) {
            g_last_query = q;
            js_replace_hash(q.c_str());
            js_on_state_change();
        }
    }
    if (!g_ready) {
        g_ready = true;
        EM_ASM(performance.mark("pelab:frame-done"));
        js_on_first_frame();
        // The text mirror of the first screen (every figure described, the equations as MathML: 20–30 ms)
        // is written in the next task, so that `ready` resolves as soon as the first frame is drawn.
        // The other lessons' texts follow in the background, after `ready`.
        emscripten_set_timeout([](void*) {
            mirror_step_text();
            prefetch_lessons(g_platform.app.state.lang);
        }, 0.0, nullptr);
    } else {
        mirror_step_text();
        prefetch_lessons(p->app.state.lang);
    }
    if (p->app.redraw.frames > 0) {
        schedule_frame();
    } else if (p->app.redraw.wake_at > ImGui::GetTime()) {
        // A timed change (a toast expiring) needs one frame later, without input.
        emscripten_set_timeout(on_wake_timer, (p->app.redraw.wake_at - ImGui::GetTime()) * 1000.0 + 1.0, nullptr);
        p->app.redraw.wake_at = 0;
    }
    return EM_FALSE;  // one-shot: the next frame is requested only when needed
}

bool g_visible = true;       // false while scrolled out of view or on a hidden slide
bool g_context_lost = false;  // between webglcontextlost and webglcontextrestored

void schedule_frame() {
    if (g_frame_scheduled || !g_visible || g_context_lost) return;  // resumes through wake() later
    g_frame_scheduled = true;
    emscripten_request_animation_frame(on_animation_frame, nullptr);
}

void wake(int frames) {
    g_platform.app.redraw.frames = std::max(g_platform.app.redraw.frames, frames);
    schedule_frame();
}

// Called synchronously by SDL whenever the browser delivers an event (input, resize, focus).
int SDLCALL on_sdl_event(void* /*user*/, SDL_Event* event) {
    // SDL_PollEvent itself queues a sentinel marking the end of each poll cycle; it is not input.
    if (event->type == SDL_POLLSENTINEL) return 0;
    wake(2);
    return 0;
}

// Untrusted text from the page: (text, bytes) as widget.js passes it (text is null when bytes is over the
// limit). Read with the input limits; refused input leaves the state alone and is one notice. Returns
// whether the text was read.
bool read_page_input(const char* text, double bytes, pelab::KeyValues* kv, std::vector<pelab::ParamIssue>* issues) {
    const std::size_t n = bytes > 0 ? std::size_t(std::min(bytes, 1e15)) : 0;
    *kv = pelab::read_query(n > pelab::kMaxInputBytes ? nullptr : text, n, issues);
    if (n <= pelab::kMaxInputBytes) return true;
    g_last_query.clear();  // the next frame writes the current state over the refused hash
    g_last_version = 0;
    return false;
}

}  // namespace

// [SECTION] functions called from web/pelab.js (exported with EMSCRIPTEN_KEEPALIVE) ----------

extern "C" {

// The input limit widget.js checks before it copies anything into wasm memory.
EMSCRIPTEN_KEEPALIVE double pelab_input_limit() { return double(pelab::kMaxInputBytes); }
// The largest weights file the lab opens (core/lab/lab_model.h): the page's file picker refuses a larger one unread.
EMSCRIPTEN_KEEPALIVE double pelab_weights_limit() { return double(pelab::lab::kMaxWeightsBytes); }

// Applies key=value pairs on top of the current state (setState, postMessage). `query` holds `bytes`
// bytes of UTF-8 on the heap, or is null when the text was over the limit (widget.js did not copy it).
EMSCRIPTEN_KEEPALIVE void pelab_apply(const char* query, double bytes) {
    pelab::KeyValues kv;
    std::vector<pelab::ParamIssue> issues;
    if (read_page_input(query, bytes, &kv, &issues)) pelab::app_apply(&g_platform.app, kv);
    pelab::app_add_notices(&g_platform.app, issues);
    wake(2);
}

// Replaces the state by a complete query (the user edited the URL hash); same arguments as pelab_apply.
EMSCRIPTEN_KEEPALIVE void pelab_restore(const char* query, double bytes) {
    pelab::KeyValues kv;
    std::vector<pelab::ParamIssue> issues;
    if (read_page_input(query, bytes, &kv, &issues)) {
        const std::string q(query ? query : "", query ? std::size_t(bytes) : 0);
        if (!q.empty() && q[0] == '#' && q.compare(1, std::string::npos, g_last_query) == 0) return;  // our own replaceState echo
        pelab::app_restore(&g_platform.app, kv);
    }
    pelab::app_add_notices(&g_platform.app, issues);
    wake(2);
}

EMSCRIPTEN_KEEPALIVE const char* pelab_state_json() {
    g_json = pelab::app_state_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pelab_notices_json() {
    g_json = pelab::app_notices_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pelab_lessons_json() {
    g_json = pelab::app_lessons_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pelab_layout_json() {
    g_json = pelab::app_layout_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pelab_questions_json() {
    g_json = pelab::app_questions_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pelab_links_json() {
    g_json = pelab::app_links_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pelab_actions_json() {
    g_json = pelab::app_actions_json(g_platform.app);
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE double pelab_frames() { return double(g_platform.frames); }
// Whether a frame is requested and not yet drawn (pelab.idle() is its negation): scripts and tests wait for
// the widget to have drawn everything asked of it by this, not by watching the frame counter stand still.
// A state waiting for its texts counts as a frame asked for: it is drawn once they arrive.
EMSCRIPTEN_KEEPALIVE int pelab_frame_requested() {
    const pelab::App& app = g_platform.app;
    const bool waiting = app.pending.active || (app.state.lesson && !pelab::app_texts_in_memory(app.state));
    return g_frame_scheduled || waiting ? 1 : 0;
}

// Starts (1) or pauses (0) the current step's timeline; returns 1 when the step has one (pelab.play).
EMSCRIPTEN_KEEPALIVE int pelab_play(int on) {
    const bool has = pelab::app_play(&g_platform.app, on != 0);
    wake(2);
    return has ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE int pelab_playing() { return g_platform.app.playback.playing ? 1 : 0; }

// The page reports the clipboard's answer (navigator.clipboard is asynchronous).
EMSCRIPTEN_KEEPALIVE void pelab_clipboard_result(int ok) {
    pelab::app_toast(&g_platform.app, pelab::ui_say(g_platform.app.state.lang, ok ? pelab::UiText::Copied : pelab::UiText::CopyFailed));
    wake(2);
}

// Export the current step's view `index` as PNG at `scale` (the print stylesheet's figure, tests).
EMSCRIPTEN_KEEPALIVE void pelab_export_png(int index, int scale) {
    pelab::App& app = g_platform.app;
    if (index < 0 || size_t(index) >= app.drawn.figure_rects.size()) return;
    const auto& r = app.drawn.figure_rects[size_t(index)];
    app.services.capture_png(r.first.x, r.first.y, r.second.x, r.second.y, scale,
                             pelab::export_file_name(app.state, index, scale == 1 ? "png" : "2x.png"));
    wake(1);
}

// The export menu's text items and "copy link", for the browser tests (window.pelab.exportText,
// copyLink): format 0 CSV, 1 JSON, 2 LaTeX; copy 0 downloads, 1 copies to the clipboard.
EMSCRIPTEN_KEEPALIVE void pelab_export_text(int index, int format, int copy) {
    if (format < 0 || format > 2) return;
    pelab::app_export_text(&g_platform.app, index, pelab::ExportFormat(format), copy != 0);
    wake(1);
}
EMSCRIPTEN_KEEPALIVE void pelab_copy_link() {
    pelab::app_copy_link(&g_platform.app);
    wake(1);
}

// Renders one frame now, inside the caller's task (print: the canvas is read right after).
EMSCRIPTEN_KEEPALIVE void pelab_render_now() {
    if (!g_context_lost) pelab::platform_render_frame(&g_platform);
}

// The widget is (in)visible: scrolled away, on a hidden slide. Hidden widgets schedule no frames.
EMSCRIPTEN_KEEPALIVE void pelab_set_visible(int visible) {
    g_visible = visible != 0;
    if (g_visible) wake(2);
}

// WebGL context loss: stop drawing; on restore rebuild every GL object (ImGui's and the heatmaps')
// from the state, which lives in C++ and is untouched.
EMSCRIPTEN_KEEPALIVE void pelab_context_lost() { g_context_lost = true; }

EMSCRIPTEN_KEEPALIVE void pelab_context_restored() {
    pelab::Platform* p = &g_platform;
    p->painter.forget();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplOpenGL3_Init("#version 300 es");
    std::string error;
    if (!p->painter.init(&error)) js_show_fatal(error.c_str());
    p->font_scale = 0;  // rebuild the atlas texture on the next frame
    g_context_lost = false;
    wake(2);
}

// The GPU tile check (platform/gpu_maps.cpp) on this browser's WebGL2: position-map tiles rendered into
// float targets, read back and compared with the core. Float colour buffers need EXT_color_buffer_float;
// without it the check reports that instead of failing silently.
EMSCRIPTEN_KEEPALIVE const char* pelab_gpu_check_json() {
    if (g_context_lost) {
        g_json = "{\"ok\":false,\"error\":\"the WebGL context is lost\"}";
        return g_json.c_str();
    }
    emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(), "EXT_color_buffer_float");
    bool ok = false;
    const std::string tiles = pelab::position_map_tile_check(&g_platform.painter, &ok);
    const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    g_json = std::string("{\"ok\":") + (ok ? "true" : "false") + ",\"renderer\":" +
             pelab::json_string(renderer ? renderer : "unknown") + ",\"tiles\":" + tiles + "}";
    wake(2);  // the check drew offscreen: draw the widget again
    return g_json.c_str();
}

EMSCRIPTEN_KEEPALIVE void pelab_dismiss_notices() {
    g_platform.app.notices.clear();
    wake(2);
}

// The host element changed size without a window resize (in-page embedding).
EMSCRIPTEN_KEEPALIVE void pelab_resize(int css_width, int css_height) {
    if (g_platform.window && css_width > 0 && css_height > 0) SDL_SetWindowSize(g_platform.window, css_width, css_height);
    wake(2);
}

// The length-generalisation lab's answers (web/widget.js's lab client). Each changes the lab's board
// (lessons/length_lab/lab_board.h) and draws a frame; nothing arrives, nothing is drawn. The text is the page's
// own (the worker's messages, the reference runs file): its size is not limited here (an inspection is a few
// hundred KB), and the board's JSON reader refuses what is malformed. Each returns 1 when the board took it, 0
// when it did not understand it (the page's lab client hands that to its onMessage hook: tests, diagnostics).
EMSCRIPTEN_KEEPALIVE int pelab_lab_receive(const char* message_json) {
    const std::string problem = pelab::lab_board::receive(message_json ? message_json : "");
    wake(1);
    return problem.empty() ? 1 : 0;
}
// The reference runs file (lab_reference_runs.json, format pelab-lab-reference-runs/1).
EMSCRIPTEN_KEEPALIVE int pelab_lab_data(const char* text) {
    const std::string problem = pelab::lab_board::set_reference_runs(text ? text : "");
    wake(1);
    return problem.empty() ? 1 : 0;
}
// The page could not get the reference runs: `why` is shown by the lab.
EMSCRIPTEN_KEEPALIVE void pelab_lab_data_failed(const char* why) {
    pelab::lab_board::data_failed(why ? why : "");
    wake(1);
}
// What the lab's own buttons ask, from the page (api.lab.ask: tests, a host page's own controls): kind one of
// load_data, train (words: the run's key=value words), pause, resume, cancel (id 0: every run), save_weights,
// load_weights (words: "task=copy"), inspect (words: the key), eval (id: the finished run to evaluate, words:
// "scaling=ntk factor=2", as the step remedies-at-test-time's button asks). Returns the run's id for train and
// load_weights, the evaluation's for eval (0: no such finished run), else `id`; -1 for an unknown kind. The
// requests go to the page with the next frame, as the lesson's do.
EMSCRIPTEN_KEEPALIVE int pelab_lab_ask(const char* kind, int id, const char* words) {
    namespace board = pelab::lab_board;
    const std::string k = kind ? kind : "", w = words ? words : "";
    int answer = id;
    if (k == "load_data") board::want_data();
    else if (k == "train") answer = board::start_run(w);
    else if (k == "pause") board::pause(id);
    else if (k == "resume") board::resume(id);
    else if (k == "cancel") board::cancel(id);
    else if (k == "save_weights") board::save_weights(id);
    else if (k == "load_weights") answer = board::load_weights(w.empty() ? "task=copy" : w);
    else if (k == "inspect") board::want_inspection(w);
    else if (k == "eval") {
        const std::string factor = pelab::lab::word_value(w, "factor");
        answer = board::evaluate(id, pelab::lab::word_value(w, "scaling"), factor.empty() ? 1.0 : std::atof(factor.c_str()));
    } else return -1;
    wake(1);
    return answer;
}

// A part of the texts is in memory now (web/widget.js wrote it): a state waiting for it may be shown.
EMSCRIPTEN_KEEPALIVE void pelab_texts_arrived(int english, const char* part) {
    pelab::App& app = g_platform.app;
    // Only what the screen waits for draws a frame: texts fetched in the background keep an idle widget idle.
    const bool waiting = app.pending.active || (app.state.lesson && !pelab::app_texts_in_memory(app.state));
    pelab::set_texts_loaded(english ? pelab::Lang::en : pelab::Lang::zh, part ? part : "");
    pelab::app_texts_arrived(&app);
    if (waiting) wake(2);
}
// Data the first frame does not need arrived (the equations' MathML, web/widget.js): the mirror is sent again.
EMSCRIPTEN_KEEPALIVE void pelab_data_arrived() { wake(1); }
// It could not be fetched: `why` goes to a notice, and the widget stays as it is (a later request tries again).
EMSCRIPTEN_KEEPALIVE void pelab_texts_failed(int english, const char* part, const char* why) {
    g_texts_asked.erase(std::string(english ? "en:" : "zh:") + (part ? part : ""));
    pelab::app_texts_failed(&g_platform.app, why ? why : "");
    wake(2);
}

}  // extern "C"

int main() {
    EM_ASM(performance.mark("pelab:main"));
    // One widget per document (index.html, embed.html in an iframe): keys anywhere in the page drive
    // it. Several widgets in one page: each listens on its own canvas (focused by a click or Tab).
    if (js_keys_on_canvas()) SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
    if (char* in_memory = js_texts_in_memory()) {
        pelab::set_texts_arrive_in_parts();
        std::string list = in_memory;
        for (std::size_t at = 0; at <= list.size();) {
            const std::size_t comma = std::min(list.find(',', at), list.size());
            const std::string item = list.substr(at, comma - at);
            at = comma + 1;
            if (item.empty()) continue;
            const std::size_t colon = item.find(':');
            const std::string lang = item.substr(0, colon), part = colon == std::string::npos ? "" : item.substr(colon + 1);
            pelab::set_texts_loaded(lang == "en" ? pelab::Lang::en : pelab::Lang::zh, part);
        }
        std::free(in_memory);
    }
    std::string error;
    if (!pelab::platform_create(&g_platform, "PE Lab", 960, 640, &error)) {
        js_show_fatal(error.c_str());
        return 0;
    }
    pelab::Platform* p = &g_platform;
    // Extensions are enabled one by one (-sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0, PelabWeb.cmake):
    // float colour targets (the GPU tile check, float framebuffers), linear filtering and blending of float
    // textures. WebGL2 core covers the rest of what the app draws with (R32F / RG32F textures sampled NEAREST).
    const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = emscripten_webgl_get_current_context();
    for (const char* extension : {"EXT_color_buffer_float", "OES_texture_float_linear", "EXT_float_blend"})
        emscripten_webgl_enable_extension(gl, extension);
    p->save_file = [](const std::string& name, const std::string& mime, const std::string& bytes) {
        js_save_file(name.c_str(), mime.c_str(), bytes.data(), int(bytes.size()));
    };
    pelab::install_common_services(p);
    p->app.services.copy_text = [](const std::string& text) { js_copy_text(text.c_str()); };
    p->app.services.toggle_fullscreen = []() { js_toggle_fullscreen(); };
    p->app.services.view_link = [](const std::string& query) {
        char* address = js_page_address();
        const std::string link = std::string(address) + "#" + query;
        std::free(address);
        return link;
    };
    p->app.services.fetch_texts = fetch_texts;
    char* lang = js_browser_lang();
    char* page_defaults = js_page_defaults();
    double query_bytes = 0;
    char* query = js_initial_query(&query_bytes, double(pelab::kMaxInputBytes));
    pelab::KeyValues kv = pelab::split_query(page_defaults);
    std::vector<pelab::ParamIssue> issues;
    pelab::KeyValues own;
    read_page_input(query, query_bytes, &own, &issues);
    kv.insert(kv.end(), own.begin(), own.end());
    g_platform.app.playback.reduced_motion = js_reduced_motion() != 0;
    EM_ASM(performance.mark("pelab:app"));
    pelab::app_init(&g_platform.app, kv, pelab::lang_from_locale(lang));
    EM_ASM(performance.mark("pelab:app-done"));
    pelab::app_add_notices(&g_platform.app, issues);
    std::free(lang);
    std::free(page_defaults);
    std::free(query);
    SDL_AddEventWatch(on_sdl_event, nullptr);
    wake(2);
    return 0;  // the runtime stays alive; frames come from requestAnimationFrame
}
#endif  // __EMSCRIPTEN__
