// PE Lab — platform/desktop.cpp
// Desktop main(): the same key=value parameters as the page URL, plus a few flags for scripted runs.
// Idle costs nothing: with no input and no pending frames the loop blocks in SDL_WaitEvent.
#ifndef __EMSCRIPTEN__
#include <SDL.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "imgui.h"
#include "platform/gl.h"
#include "platform/gpu_maps.h"
#include "platform/platform.h"


namespace {

const char* kUsage =
    "usage: pelab [key=value ...] [--frames N] [--screenshot FILE.png] [--size WxH]\n"
    "       pelab --gpu-map MAP [key=value ...]\n"
    "       pelab --headless-render OUT.png [key=value ...] [--size WxH]\n"
    "       pelab --bench-map [key=value ...] [--frames N] [--size WxH]\n"
    "       pelab --gpu-check\n"
    "  key=value          lesson=f-delta step=4 lang=en L=6 omega=1.5708,1.0472 (the page URL's keys)\n"
    "  --frames N         render N frames, then exit (no waiting for input); --bench-map: frames timed (120)\n"
    "  --screenshot F     render until the UI has settled, write the window to F (PNG), exit\n"
    "  --size WxH         window size in pixels (default 1280x800; maps: image size, default 1024x1024)\n"
    "  --gpu-map MAP      open the long-sequence map MAP (sinusoidal|rope|alibi|t5|shaw), e.g. L=65536\n"
    "  --headless-render  render a map offscreen to OUT.png: map=rope L=65536 window=COL,ROW,SPAN ...\n"
    "  --bench-map        median frame time of a whole map (map=rope L=65536 ...) on this GL\n"
    "  --gpu-check        compare GPU-rendered map tiles with the core; exit 1 if any exceeds its tolerance\n";

struct Options {
    std::vector<char*> key_values;
    long frames = -1;
    std::string screenshot;
    int width = 1280, height = 800;
    bool size_given = false;
    std::string gpu_map;          // --gpu-map MAP
    std::string headless_render;  // --headless-render OUT.png
    bool bench_map = false;
    bool gpu_check = false;
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
                std::fprintf(stderr, "pelab: --frames: \"%s\" is not a whole number in 1..1000000\n", v);
                return 2;
            }
        } else if (a == "--screenshot") {
            const char* v = need_value("--screenshot");
            if (!v) return 2;
            o->screenshot = v;
        } else if (a == "--size") {
            const char* v = need_value("--size");
            if (!v) return 2;
            int w = 0, h = 0;
            char tail = 0;
            if (std::sscanf(v, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 8192 || h > 8192) {
                std::fprintf(stderr, "pelab: --size: \"%s\" is not WxH with W and H in 16..8192\n", v);
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
                std::fprintf(stderr, "pelab: --gpu-map: \"%s\" is not one of sinusoidal|rope|alibi|t5|shaw\n", v);
                return 2;
            }
            o->gpu_map = v;
        } else if (a == "--headless-render") {
            const char* v = need_value("--headless-render");
            if (!v) return 2;
            o->headless_render = v;
        } else if (a == "--bench-map") {
            o->bench_map = true;
        } else if (a == "--gpu-check") {
            o->gpu_check = true;
        } else if (a.rfind("--", 0) == 0) {
            std::fprintf(stderr, "pelab: unknown option %s\n%s", a.c_str(), kUsage);
            return 2;
        } else {
            // key=value pairs are checked by the same parser as the URL; problems become notices.
            o->key_values.push_back(argv[i]);
        }
    }
    return 0;
}

// Writes next to the target, then renames: a failed run never leaves a partial file behind.
bool write_file_atomically(const std::string& path, const std::string& bytes) {
    const std::string tmp = path + ".part";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) return false;
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    if (std::fclose(f) != 0 || !ok) {
        std::remove(tmp.c_str());
        return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

bool write_screenshot(pelab::Platform* p, const std::string& path) {
    const std::string png = pelab::back_buffer_png(p);
    return !png.empty() && write_file_atomically(path, png);
}

void install_desktop_services(pelab::Platform* p) {
    p->save_file = [p](const std::string& name, const std::string&, const std::string& bytes) {
        if (write_file_atomically(name, bytes)) {
            std::printf("pelab: wrote %s\n", name.c_str());
            pelab::app_toast(&p->app, std::string(pelab::ui_text(pelab::UiText::Saved, p->app.state.lang)) + name);
        } else {
            std::fprintf(stderr, "pelab: could not write %s\n", name.c_str());
        }
    };
    pelab::install_common_services(p);
    p->app.services.copy_text = [p](const std::string& text) {
        const bool ok = SDL_SetClipboardText(text.c_str()) == 0;
        pelab::app_toast(&p->app, pelab::ui_text(ok ? pelab::UiText::Copied : pelab::UiText::CopyFailed, p->app.state.lang));
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

// The map's parameters from argv (the page's key=value grammar). lesson=, step= and lang= are accepted
// (a command line copied from the widget's link keeps working) and window=COL,ROW,SPAN picks the part drawn.
bool map_from_args(const Options& o, pelab::PositionMapSpec* spec, double window[4]) {
    pelab::KeyValues kv = pelab::key_values_from_args(int(o.key_values.size()), const_cast<char**>(o.key_values.data()));
    pelab::ParamSet set = pelab::defaults(pelab::position_map_param_specs());
    std::string window_text;
    for (const auto& [key, value] : kv) {
        if (key == "window") window_text = value;
        if (key == "lesson" && !pelab::find_lesson(value))
            std::fprintf(stderr, "pelab: lesson: \"%s\" is not a lesson; ignored\n", value.c_str());
    }
    for (const pelab::ParamIssue& issue :
         pelab::parse_params(pelab::position_map_param_specs(), kv, &set, {"lesson", "step", "lang", "window"}))
        std::fprintf(stderr, "pelab: %s\n", issue.message.c_str());
    *spec = pelab::position_map_from_params(set);
    window[0] = window[1] = 0;
    window[2] = window[3] = spec->L;
    if (!window_text.empty()) {
        double c = 0, r = 0, span = 0;
        char tail = 0;
        if (std::sscanf(window_text.c_str(), "%lf,%lf,%lf%c", &c, &r, &span, &tail) != 3 || !(span >= 1) || !(c >= 0) ||
            !(r >= 0) || c + span > spec->L || r + span > spec->L) {
            std::fprintf(stderr, "pelab: window: \"%s\" is not COL,ROW,SPAN inside 0..%d; drawing the whole map\n",
                         window_text.c_str(), spec->L);
        } else {
            window[0] = c;
            window[1] = r;
            window[2] = window[3] = span;
        }
    }
    return true;
}

const char* gl_renderer() {
    const auto* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return r ? r : "unknown";
}

int run_batch(const Options& o) {
    pelab::Platform p;
    p.hidden = true;
    std::string error;
    if (!pelab::platform_create(&p, "PE Lab", 320, 240, &error)) {
        std::fprintf(stderr, "pelab: %s\n", error.c_str());
        pelab::platform_destroy(&p);
        return 1;
    }
    int rc = 0;
    const int w = o.size_given ? o.width : 1024, h = o.size_given ? o.height : 1024;
    pelab::PositionMapSpec spec;
    double window[4];
    if (o.gpu_check) {
        bool ok = false;
        const std::string report = pelab::position_map_tile_check(&p.painter, &ok);
        std::printf("%s\npelab: GPU tile check on %s: %s\n", report.c_str(), gl_renderer(), ok ? "all tiles within tolerance" : "FAILED");
        rc = ok ? 0 : 1;
    } else if (!o.headless_render.empty()) {
        map_from_args(o, &spec, window);
        std::string png;
        double range[2] = {0, 0};
        if (!pelab::position_map_png(&p.painter, spec, window, w, h, &png, range, &error) ||
            !write_file_atomically(o.headless_render, png)) {
            std::fprintf(stderr, "pelab: could not write %s: %s\n", o.headless_render.c_str(), error.empty() ? "write failed" : error.c_str());
            rc = 1;
        } else {
            const double lo = range[0], hi = range[1];
            std::printf("pelab: wrote %s (%dx%d, map=%s L=%d, columns %.6g..%.6g, rows %.6g..%.6g, colour scale %.6g..%.6g, %s)\n",
                        o.headless_render.c_str(), w, h, pelab::position_map_name(spec.kind), spec.L, window[0], window[0] + window[2],
                        window[1], window[1] + window[3], lo, hi, gl_renderer());
        }
    } else {
        map_from_args(o, &spec, window);
        const int frames = o.frames > 0 ? int(std::min<long>(o.frames, 100000)) : 120;
        std::vector<double> ms = pelab::position_map_frame_times(&p.painter, spec, w, h, frames, &error);
        if (ms.empty()) {
            std::fprintf(stderr, "pelab: --bench-map: %s\n", error.c_str());
            rc = 1;
        } else {
            std::sort(ms.begin(), ms.end());
            std::printf("{\"map\":\"%s\",\"L\":%d,\"d\":%d,\"pixels\":\"%dx%d\",\"frames\":%d,\"median_ms\":%.3f,\"min_ms\":%.3f,"
                        "\"p90_ms\":%.3f,\"renderer\":\"%s\"}\n",
                        pelab::position_map_name(spec.kind), spec.L, spec.d, w, h, frames, ms[ms.size() / 2], ms.front(),
                        ms[ms.size() * 9 / 10], gl_renderer());
        }
    }
    std::fflush(stdout);  // the report is out even if the GL driver misbehaves while shutting down
    pelab::platform_destroy(&p);
    return rc;
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    const int rc = parse_options(argc, argv, &opt);
    if (rc == -1) return 0;
    if (rc != 0) return rc;
    if (opt.gpu_check || opt.bench_map || !opt.headless_render.empty()) return run_batch(opt);
    // --gpu-map MAP: the long-sequence page over the lesson that teaches MAP.
    std::vector<std::string> extra;
    if (!opt.gpu_map.empty()) {
        pelab::PositionMapKind kind = pelab::PositionMapKind::rope;
        pelab::parse_position_map(opt.gpu_map, &kind);  // validated by parse_options
        extra = {std::string("lesson=") + pelab::position_map_host_lesson(kind), "map=" + opt.gpu_map};
        for (auto it = extra.rbegin(); it != extra.rend(); ++it) opt.key_values.insert(opt.key_values.begin(), &(*it)[0]);
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
    const char* locale = std::getenv("LANG");
    if (!pelab::platform_create(&p, "PE Lab", opt.width, opt.height, &error)) {
        std::fprintf(stderr, "pelab: %s\n", error.c_str());
        pelab::platform_destroy(&p);
        return 1;
    }
    install_desktop_services(&p);
    pelab::app_init(&p.app, pelab::key_values_from_args(int(opt.key_values.size()), opt.key_values.data()),
                    pelab::lang_from_locale(locale));
    for (const pelab::ParamIssue& issue : p.app.notices) std::fprintf(stderr, "pelab: %s\n", issue.message.c_str());

    // A screenshot waits for the UI to settle (fonts, layout, views): a few frames.
    const long frame_limit = opt.frames > 0 ? opt.frames : (!opt.screenshot.empty() ? 4 : -1);
    bool screenshot_ok = false;
    while (!p.quit) {
        if (frame_limit < 0 && p.app.frames_wanted == 0) {
            // Idle: block here, render nothing — until input, or until a timed change (a toast expiring).
            const double now = ImGui::GetTime();
            if (p.app.wake_at > now) {
                if (!SDL_WaitEventTimeout(nullptr, int((p.app.wake_at - now) * 1000.0) + 1)) p.app.wake_at = 0;
            } else {
                SDL_WaitEvent(nullptr);
            }
            p.app.frames_wanted = 2;  // let ImGui settle after the input (press, then release)
        }
        if (!opt.screenshot.empty() && p.frames + 1 == frame_limit)
            p.before_swap = [&](pelab::Platform* q) { screenshot_ok = write_screenshot(q, opt.screenshot); };
        pelab::platform_render_frame(&p);
        if (frame_limit > 0 && p.frames >= frame_limit) break;
    }
    int exit_code = 0;
    if (!opt.screenshot.empty()) {
        if (screenshot_ok) {
            std::printf("pelab: wrote %s\n", opt.screenshot.c_str());
        } else {
            std::fprintf(stderr, "pelab: could not write %s\n", opt.screenshot.c_str());
            exit_code = 1;
        }
    }
    pelab::platform_destroy(&p);
    return exit_code;
}
#endif  // !__EMSCRIPTEN__
