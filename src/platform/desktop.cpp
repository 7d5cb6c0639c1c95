// PE Lab — platform/desktop.cpp
// Desktop main(): the same key=value parameters as the page URL, plus a few flags for scripted runs.
// Idle costs nothing: with no input and no pending frames the loop blocks in SDL_WaitEvent.
#ifndef __EMSCRIPTEN__
#include <SDL.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "imgui.h"
#include "platform/gl.h"
#include "platform/platform.h"


namespace {

const char* kUsage =
    "usage: pelab [key=value ...] [--frames N] [--screenshot FILE.png] [--size WxH]\n"
    "  key=value       lesson=f-delta step=4 lang=en L=6 omega=1.5708,1.0472 (the page URL's keys)\n"
    "  --frames N      render N frames, then exit (no waiting for input)\n"
    "  --screenshot F  render until the UI has settled, write the window to F (PNG), exit\n"
    "  --size WxH      window size in pixels (default 1280x800)\n";

struct Options {
    std::vector<char*> key_values;
    long frames = -1;
    std::string screenshot;
    int width = 1280, height = 800;
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
            if (std::sscanf(v, "%dx%d%c", &w, &h, &tail) != 2 || w < 320 || h < 240 || w > 8192 || h > 8192) {
                std::fprintf(stderr, "pelab: --size: \"%s\" is not WxH with W in 320..8192 and H in 240..8192\n", v);
                return 2;
            }
            o->width = w;
            o->height = h;
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

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    const int rc = parse_options(argc, argv, &opt);
    if (rc == -1) return 0;
    if (rc != 0) return rc;

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
