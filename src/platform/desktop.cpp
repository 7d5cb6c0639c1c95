// PE Lab — platform/desktop.cpp
// Desktop main(): the same key=value parameters as the page URL, plus a few flags for scripted runs.
// Idle costs nothing: with no input and no pending frames the loop blocks in SDL_WaitEvent.
// The length-generalisation lab trains on threads (platform/lab_desktop.h): a run's thread wakes the loop with
// an SDL user event when it posts a message; a weights file dropped on the window (or lab_weights=FILE) is
// loaded into the lab.
// Batch runs (--screenshot, --headless-render, --gpu-map, --bench-map) fail loudly: a bad argument or an
// unwritable path exits 2 with one line naming the argument and its valid range, before any file exists.
//
// [SECTION] options
// [SECTION] files: fresh temporary file, then rename
// [SECTION] services
// [SECTION] batch runs on the GPU (hidden window): figures, timing, the tile check
// [SECTION] main
#ifndef __EMSCRIPTEN__
#include <SDL.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/quantities/quantity.h"
#include "core/io/text.h"
#include "imgui.h"
#include "platform/gl.h"
#include "platform/gpu_maps.h"
#include "platform/lab_desktop.h"
#include "platform/platform.h"


namespace {

const char* kUsage =
    "usage: pelab [key=value ...] [--frames N] [--screenshot FILE.png] [--size WxH]\n"
    "       pelab --gpu-map MAP [key=value ...]\n"
    "       pelab --headless-render OUT.png [key=value ...] [--size WxH]\n"
    "       pelab --bench-map [key=value ...] [--frames N] [--size WxH]\n"
    "       pelab --gpu-check\n"
    "  key=value          lesson=f-delta step=4 lang=en L=6 omega=1.5708,1.0472 (the page URL's keys)\n"
    "  --frames N         render N frames, each counted as 1/60 s, then exit (no waiting for input);\n"
    "                     --bench-map: frames timed (120)\n"
    "  --screenshot F     render until the UI has settled, write the window to F (PNG), exit\n"
    "  --size WxH         window size in pixels (default 1280x800; maps: image size, default 1024x1024)\n"
    "  --layout           with --screenshot or --frames: print where each figure and equation was drawn (JSON),\n"
    "                     and where the page layout function puts it (planned)\n"
    "  --gpu-map MAP      open the long-sequence map MAP (sinusoidal|rope|alibi|t5|shaw), e.g. L=65536\n"
    "  --headless-render  render a map offscreen to OUT.png: map=rope L=65536 window=COL,ROW,SPAN ...\n"
    "  --bench-map        median frame time of a whole map (map=rope L=65536 ...) on this GL\n"
    "  --gpu-check        compare GPU-rendered map tiles with the core; exit 1 if any exceeds its tolerance\n"
    "  lab_weights=FILE   load a lab weights file (pelab-lab-weights/1) into the length-generalisation lab;\n"
    "                     dropping the file on the window does the same\n";

// [SECTION] options ----------------------------------------------------------------------------

constexpr int kExitBadArgument = 2;

struct Options {
    std::vector<std::string> key_values;
    bool screenshot_given = false;
    long frames = -1;
    std::string screenshot;
    int width = 1280, height = 800;
    bool size_given = false;
    std::string gpu_map;          // --gpu-map MAP
    std::string headless_render;  // --headless-render OUT.png
    bool bench_map = false;
    bool gpu_check = false;
    bool layout = false;          // --layout: print app_layout_json after the last frame
    std::string lab_weights;      // lab_weights=FILE: a weights file for the lab (not a URL key)
};

bool parse_long(const char* s, long lo, long hi, long* out) {
    char* end = nullptr;
    const long v = std::strtol(s, &end, 10);
    if (!s[0] || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

// Returns 0 to run, or the exit code (2 = bad arguments) after printing why.
int parse_options(int argc, char** argv, Options* o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto need_value = [&](const char* name) -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "pelab: %s needs a value\n%s", name, kUsage);
                return nullptr;
            }
            return argv[++i];
        };
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return -1;
        } else if (a == "--frames") {
            const char* v = need_value("--frames");
            if (!v) return 2;
            if (!parse_long(v, 1, 1000000, &o->frames)) {
                std::fprintf(stderr, "pelab: --frames: %s is not a whole number in 1..1000000\n", pelab::quoted(v).c_str());
                return 2;
            }
        } else if (a == "--screenshot") {
            const char* v = need_value("--screenshot");
            if (!v) return 2;
            if (!v[0]) {
                std::fprintf(stderr, "pelab: --screenshot: the file path is empty (expected FILE.png)\n");
                return 2;
            }
            o->screenshot = v;
            o->screenshot_given = true;
        } else if (a == "--size") {
            const char* v = need_value("--size");
            if (!v) return 2;
            int w = 0, h = 0;
            char tail = 0;
            if (std::sscanf(v, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 8192 || h > 8192) {
                std::fprintf(stderr, "pelab: --size: %s is not WxH with W and H in 16..8192\n", pelab::quoted(v).c_str());
                return 2;
            }
            o->width = w;
            o->height = h;
            o->size_given = true;
        } else if (a == "--gpu-map") {
            const char* v = need_value("--gpu-map");
            if (!v) return 2;
            pelab::PositionMapKind kind;
            if (!pelab::parse_position_map(v, &kind)) {
                std::fprintf(stderr, "pelab: --gpu-map: %s is not one of sinusoidal|rope|alibi|t5|shaw\n", pelab::quoted(v).c_str());
                return 2;
            }
            o->gpu_map = v;
        } else if (a == "--headless-render") {
            const char* v = need_value("--headless-render");
            if (!v) return 2;
            if (!v[0]) {
                std::fprintf(stderr, "pelab: --headless-render: the file path is empty (expected OUT.png)\n");
                return 2;
            }
            o->headless_render = v;
        } else if (a == "--bench-map") {
            o->bench_map = true;
        } else if (a == "--gpu-check") {
            o->gpu_check = true;
        } else if (a == "--layout") {
            o->layout = true;
        } else if (a.rfind("--", 0) == 0) {
            std::fprintf(stderr, "pelab: unknown option %s\n%s", pelab::printable(a).c_str(), kUsage);
            return 2;
        } else if (a.rfind("lab_weights=", 0) == 0) {
            o->lab_weights = a.substr(12);
            if (o->lab_weights.empty()) {
                std::fprintf(stderr, "pelab: lab_weights: missing FILE (give lab_weights=FILE)\n");
                return 2;
            }
        } else {
            // key=value pairs are checked by the same parser as the URL; problems become notices.
            o->key_values.push_back(argv[i]);
        }
    }
    return 0;
}

// [SECTION] files: fresh temporary file, then rename ------------------------------------------------

// An output file being written: a fresh temporary file in the target's folder, created with mkstemp
// (O_CREAT|O_EXCL), so a file or symlink planted under any name is never opened or followed. Renamed over
// the target once complete; a failed run removes it and leaves nothing behind.
struct OutputFile {
    std::string path, temp;
    int fd = -1;
};

std::string folder_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Opens the temporary file now, so an unwritable target is found before any work is done.
bool open_output(const std::string& path, OutputFile* out, std::string* error) {
    std::string name = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    if (name.empty() || name == "." || name == "..") {
        *error = "not a file name";
        return false;
    }
    std::string pattern = folder_of(path) + "/.pelab-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    const int fd = mkstemp(buf.data());
    if (fd < 0) {
        *error = std::strerror(errno);
        return false;
    }
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);  // what fopen would have made: mkstemp's 0600 is for the temporary only
    *out = {path, buf.data(), fd};
    return true;
}

void discard_output(OutputFile* f) {
    if (f->fd >= 0) close(f->fd);
    if (!f->temp.empty()) unlink(f->temp.c_str());
    f->fd = -1;
    f->temp.clear();
}

// Writes every byte, closes, renames over the target. On any failure the temporary is removed.
bool commit_output(OutputFile* f, const std::string& bytes, std::string* error) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = write(f->fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            *error = n < 0 ? std::strerror(errno) : "short write";
            discard_output(f);
            return false;
        }
        done += std::size_t(n);
    }
    const int closed = close(f->fd);
    f->fd = -1;
    if (closed != 0 || std::rename(f->temp.c_str(), f->path.c_str()) != 0) {
        *error = std::strerror(errno);
        discard_output(f);
        return false;
    }
    f->temp.clear();
    return true;
}

bool write_file_atomically(const std::string& path, const std::string& bytes, std::string* error) {
    OutputFile f;
    return open_output(path, &f, error) && commit_output(&f, bytes, error);
}

// [SECTION] services ---------------------------------------------------------------------------

void install_desktop_services(pelab::Platform* p) {
    p->save_file = [p](const std::string& name, const std::string&, const std::string& bytes) {
        std::string error;
        if (write_file_atomically(name, bytes, &error)) {
            std::printf("pelab: wrote %s\n", pelab::printable(name).c_str());
            pelab::app_toast(&p->app, pelab::ui_say(p->app.state.lang, pelab::UiText::Saved, {{"file", name}}));
        } else {
            std::fprintf(stderr, "pelab: could not write %s: %s\n", pelab::printable(name).c_str(), error.c_str());
        }
    };
    pelab::install_common_services(p);
    p->app.services.copy_text = [p](const std::string& text) {
        const bool ok = SDL_SetClipboardText(text.c_str()) == 0;
        pelab::app_toast(&p->app, pelab::ui_say(p->app.state.lang, ok ? pelab::UiText::Copied : pelab::UiText::CopyFailed));
    };
    p->app.services.toggle_fullscreen = [p]() {
        const bool full = (SDL_GetWindowFlags(p->window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
        SDL_SetWindowFullscreen(p->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    };
    // The desktop's "link" is the command line that reopens this exact view.
    p->app.services.view_link = [](const std::string& query) {
        std::string args = "pelab";
        for (const auto& kv : pelab::split_query(query)) args += " " + kv.first + "=" + kv.second;
        return args;
    };
}


// [SECTION] batch runs on the GPU (hidden window): figures, timing, the tile check -----------------

// The map's parameters from argv (the page's key=value grammar), checked strictly: lesson=, step= and
// lang= are accepted (a command line copied from the widget's link keeps working) and window=COL,ROW,SPAN
// picks the part drawn. False, with the one line to print in *error, on any bad argument.
bool map_from_args(const Options& o, pelab::PositionMapSpec* spec, double window[4], std::string* error) {
    std::vector<pelab::ParamIssue> issues;
    const pelab::KeyValues kv = pelab::read_arguments(o.key_values, &issues);
    pelab::ParamSet set = pelab::defaults(pelab::position_map_param_specs());
    std::string window_text;
    bool window_given = false;
    for (const auto& [key, value] : kv) {
        if (key == "window") {
            window_text = value;
            window_given = true;
        }
        if (key == "lesson" && !pelab::find_lesson(value))
            issues.push_back({"lesson", "lesson: " + pelab::quoted(value) + " is not a lesson"});
    }
    for (const pelab::ParamIssue& issue :
         pelab::parse_params_strict(pelab::position_map_param_specs(), kv, &set))
        if (issue.key != "lesson" && issue.key != "step" && issue.key != "lang" && issue.key != "window") issues.push_back(issue);
    if (!issues.empty()) {
        *error = issues.front().message;
        return false;
    }
    if (!pelab::lesson_within_budget(pelab::position_map_lesson(), set, error)) return false;
    *spec = pelab::position_map_from_params(set);
    window[0] = window[1] = 0;
    window[2] = window[3] = spec->L;
    if (window_given) {
        double c = 0, r = 0, span = 0;
        char tail = 0;
        if (std::sscanf(window_text.c_str(), "%lf,%lf,%lf%c", &c, &r, &span, &tail) != 3 || !(span >= 1) || !(c >= 0) ||
            !(r >= 0) || c + span > spec->L || r + span > spec->L) {
            *error = "window: " + pelab::quoted(window_text) + " is not COL,ROW,SPAN with SPAN >= 1 inside 0.." +
                     std::to_string(spec->L);
            return false;
        }
        window[0] = c;
        window[1] = r;
        window[2] = window[3] = span;
    }
    return true;
}

const char* gl_renderer() {
    const auto* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return r ? r : "unknown";
}

// The GPU batch runs: --gpu-check, --headless-render, --bench-map. Arguments and the output path were
// checked by main() before this opens a window; `out` is the open output of --headless-render.
int run_batch(const Options& o, const pelab::PositionMapSpec& spec, const double window[4], OutputFile* out) {
    pelab::Platform p;
    p.hidden = true;
    std::string error;
    if (!pelab::platform_create(&p, "PE Lab", 320, 240, &error)) {
        std::fprintf(stderr, "pelab: %s\n", error.c_str());
        pelab::platform_destroy(&p);
        discard_output(out);
        return 1;
    }
    int rc = 0;
    const int w = o.size_given ? o.width : 1024, h = o.size_given ? o.height : 1024;
    if (o.gpu_check) {
        bool ok = false;
        const std::string report = pelab::position_map_tile_check(&p.painter, &ok);
        std::printf("%s\npelab: GPU tile check on %s: %s\n", report.c_str(), pelab::printable(gl_renderer()).c_str(),
                    ok ? "all tiles within tolerance" : "FAILED");
        rc = ok ? 0 : 1;
    } else if (!o.headless_render.empty()) {
        std::string png;
        double range[2] = {0, 0};
        if (!pelab::position_map_png(&p.painter, spec, window, w, h, &png, range, &error)) {
            discard_output(out);
            std::fprintf(stderr, "pelab: could not render %s: %s\n", pelab::printable(o.headless_render).c_str(), error.c_str());
            rc = 1;
        } else if (!commit_output(out, png, &error)) {
            std::fprintf(stderr, "pelab: could not write %s: %s\n", pelab::printable(o.headless_render).c_str(), error.c_str());
            rc = 1;
        } else {
            const double lo = range[0], hi = range[1];
            std::printf("pelab: wrote %s (%dx%d, map=%s L=%d, columns %.6g..%.6g, rows %.6g..%.6g, colour scale %.6g..%.6g, %s)\n",
                        pelab::printable(o.headless_render).c_str(), w, h, pelab::position_map_name(spec.kind), spec.L, window[0],
                        window[0] + window[2], window[1], window[1] + window[3], lo, hi, pelab::printable(gl_renderer()).c_str());
        }
    } else {
        const int frames = o.frames > 0 ? int(std::min<long>(o.frames, 100000)) : 120;
        std::vector<double> ms = pelab::position_map_frame_times(&p.painter, spec, w, h, frames, &error);
        if (ms.empty()) {
            std::fprintf(stderr, "pelab: --bench-map: %s\n", error.c_str());
            rc = 1;
        } else {
            std::sort(ms.begin(), ms.end());
            const double refine = pelab::position_map_box_refine_ms(&p.painter, spec, std::min(w, h));
            std::printf("{\"map\":\"%s\",\"L\":%d,\"d\":%d,\"pixels\":\"%dx%d\",\"frames\":%d,\"median_ms\":%.3f,\"min_ms\":%.3f,"
                        "\"p90_ms\":%.3f,\"box_refine_ms\":%.3f,\"renderer\":%s}\n",
                        pelab::position_map_name(spec.kind), spec.L, spec.d, w, h, frames, ms[ms.size() / 2], ms.front(),
                        ms[ms.size() * 9 / 10], refine, pelab::json_string(gl_renderer()).c_str());
        }
    }
    std::fflush(stdout);  // the report is out even if the GL driver misbehaves while shutting down
    pelab::platform_destroy(&p);
    return rc;
}

// One line for a bad argument of a batch run; exit status 2.
int bad_argument(const std::string& line) {
    std::fprintf(stderr, "pelab: %s\n", line.c_str());
    return kExitBadArgument;
}

// The output path of a batch run, opened before anything is rendered: unwritable is a bad argument.
bool open_batch_output(const char* flag, const std::string& path, OutputFile* out, int* rc) {
    std::string error;
    if (open_output(path, out, &error)) return true;
    *rc = bad_argument(std::string(flag) + ": cannot write " + pelab::quoted(path) + " (" + error +
                       "; expected a file in an existing, writable folder)");
    return false;
}

}  // namespace

// [SECTION] main -------------------------------------------------------------------------------

int main(int argc, char** argv) {
    Options opt;
    const int rc = parse_options(argc, argv, &opt);
    if (rc == -1) return 0;
    if (rc != 0) return rc;
    if (opt.gpu_check || opt.bench_map || !opt.headless_render.empty()) {
        pelab::PositionMapSpec spec;
        double window[4] = {0, 0, 0, 0};
        std::string error;
        if (!opt.gpu_check && !map_from_args(opt, &spec, window, &error)) return bad_argument(error);
        OutputFile out;
        int open_rc = 0;
        if (!opt.gpu_check && !opt.headless_render.empty() && !open_batch_output("--headless-render", opt.headless_render, &out, &open_rc))
            return open_rc;
        return run_batch(opt, spec, window, &out);
    }
    // --gpu-map MAP: the long-sequence page over the lesson that teaches MAP.
    if (!opt.gpu_map.empty()) {
        pelab::PositionMapKind kind = pelab::PositionMapKind::rope;
        pelab::parse_position_map(opt.gpu_map, &kind);  // validated by parse_options
        opt.key_values.insert(opt.key_values.begin(),
                              {std::string("lesson=") + pelab::position_map_host_lesson(kind), "map=" + opt.gpu_map});
    }
    const char* locale = std::getenv("LANG");
    std::vector<pelab::ParamIssue> input_issues;
    const pelab::KeyValues kv = pelab::read_arguments(opt.key_values, &input_issues);
    pelab::KeyValues state_kv = kv;
    pelab::app_take_play_key(&state_kv);  // play=1 is an instruction to the app, not state to validate

    // A batch run refuses bad arguments before it opens a window or a file: the first problem, one line.
    const bool batch = opt.screenshot_given || !opt.gpu_map.empty();
    OutputFile screenshot_file;
    if (batch) {
        pelab::AppState trial = pelab::default_state(pelab::lang_from_locale(locale));
        std::vector<pelab::ParamIssue> issues = input_issues;
        for (const pelab::ParamIssue& i : pelab::apply_query(state_kv, &trial)) issues.push_back(i);
        if (!issues.empty()) return bad_argument(pelab::without_repair(issues.front().message));
        std::string too_big;
        if (!pelab::lesson_within_budget(*trial.lesson, trial.params, &too_big)) return bad_argument(too_big);
        int open_rc = 0;
        if (opt.screenshot_given && !open_batch_output("--screenshot", opt.screenshot, &screenshot_file, &open_rc)) return open_rc;
    }

    // Map images may be small; a window smaller than 320x240 cannot hold the widget.
    if (opt.width < 320 || opt.height < 240) {
        std::fprintf(stderr, "pelab: --size: the window needs at least 320x240; using %dx%d\n", std::max(opt.width, 320),
                     std::max(opt.height, 240));
        opt.width = std::max(opt.width, 320);
        opt.height = std::max(opt.height, 240);
    }
    pelab::Platform p;
    std::string error;
    if (!pelab::platform_create(&p, "PE Lab", opt.width, opt.height, &error)) {
        std::fprintf(stderr, "pelab: %s\n", error.c_str());
        pelab::platform_destroy(&p);
        discard_output(&screenshot_file);
        return 1;
    }
    install_desktop_services(&p);
    pelab::app_init(&p.app, kv, pelab::lang_from_locale(locale));
    pelab::app_add_notices(&p.app, input_issues);
    for (const pelab::ParamIssue& issue : p.app.notices) std::fprintf(stderr, "pelab: %s\n", issue.message.c_str());

    // The lab's trainer: its threads wake the loop with this event when they post a message.
    const Uint32 lab_event = SDL_RegisterEvents(1);
    pelab::lab_desktop::LabRunner lab([lab_event]() {
        if (lab_event == Uint32(-1)) return;  // no user event left: the loop still sees the messages on input
        SDL_Event e;
        SDL_zero(e);
        e.type = lab_event;
        SDL_PushEvent(&e);
    });
    lab.save_file = [&p](const std::string& name, const std::string& bytes) { p.save_file(name, "application/json", bytes); };
    lab.language = [&p] { return p.app.state.lang; };
    lab.notify = [&p](const std::string& line) {
        std::printf("pelab: lab: %s\n", line.c_str());
        pelab::app_toast(&p.app, line);
    };
    if (!opt.lab_weights.empty()) lab.drop_file(opt.lab_weights);
    // Files dropped on the window go to the lab (taken from the queue before the frame's own event loop).
    const auto take_dropped_files = [&lab]() {
        SDL_PumpEvents();
        SDL_Event e;
        while (SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_DROPFILE, SDL_DROPFILE) > 0) {
            if (e.drop.file) {
                lab.drop_file(e.drop.file);
                SDL_free(e.drop.file);
            }
        }
    };

    // A screenshot waits for the UI to settle (fonts, layout, views): a few frames.
    const long frame_limit = opt.frames > 0 ? opt.frames : (opt.screenshot_given ? 4 : -1);
    if (frame_limit > 0) p.fixed_frame_seconds = 1.0 / 60.0;
    std::string screenshot_png;
    while (!p.quit) {
        // The lab: requests the last frame made, messages its threads posted (a message means a frame to draw).
        take_dropped_files();
        if (lab.frame()) p.app.redraw.frames = std::max(p.app.redraw.frames, 2);
        if (frame_limit < 0 && p.app.redraw.frames == 0) {
            // Idle: block here, render nothing — until input, or until a timed change (a toast expiring).
            const double now = ImGui::GetTime();
            if (p.app.redraw.wake_at > now) {
                if (!SDL_WaitEventTimeout(nullptr, int((p.app.redraw.wake_at - now) * 1000.0) + 1)) p.app.redraw.wake_at = 0;
            } else {
                SDL_WaitEvent(nullptr);
            }
            p.app.redraw.frames = 2;  // let ImGui settle after the input (press, then release)
            take_dropped_files();
            lab.frame();
        }
        if (opt.screenshot_given && p.frames + 1 == frame_limit)
            p.before_swap = [&](pelab::Platform* q) { screenshot_png = pelab::back_buffer_png(q); };
        pelab::platform_render_frame(&p);
        if (frame_limit > 0 && p.frames >= frame_limit) break;
    }
    lab.shutdown();  // cancels the lab's runs and joins their threads while SDL is still up
    if (opt.layout) std::printf("%s\n", pelab::app_layout_json(p.app).c_str());
    int exit_code = 0;
    if (opt.screenshot_given) {
        if (screenshot_png.empty()) {
            discard_output(&screenshot_file);
            error = "nothing was rendered";
        }
        if (!screenshot_png.empty() && commit_output(&screenshot_file, screenshot_png, &error)) {
            std::printf("pelab: wrote %s\n", pelab::printable(opt.screenshot).c_str());
        } else {
            std::fprintf(stderr, "pelab: could not write %s: %s\n", pelab::printable(opt.screenshot).c_str(), error.c_str());
            exit_code = 1;
        }
    }
    pelab::platform_destroy(&p);
    return exit_code;
}
#endif  // !__EMSCRIPTEN__
