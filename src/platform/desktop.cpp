// PE Lab — platform/desktop.cpp
// Desktop main(): the same key=value parameters as the page URL, plus a few flags for scripted runs.
// Idle costs nothing: with no input and no pending frames the loop blocks in SDL_WaitEvent.
#ifndef __EMSCRIPTEN__
#include <SDL.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "platform/gl.h"
#include "platform/platform.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO_UNUSED
#include <stb/stb_image_write.h>

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

bool write_screenshot(pelab::Platform* p, const std::string& path) {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(p->window, &w, &h);
    std::vector<unsigned char> pixels(size_t(w) * size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    // GL rows run bottom-up; PNG rows top-down. Alpha is forced opaque.
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < h; ++y) {
        const unsigned char* src = &pixels[size_t(h - 1 - y) * size_t(w) * 4];
        unsigned char* dst = &flipped[size_t(y) * size_t(w) * 4];
        for (int x = 0; x < w * 4; ++x) dst[x] = (x % 4 == 3) ? 255 : src[x];
    }
    // Write next to the target, then rename: a failed run never leaves a partial PNG behind.
    const std::string tmp = path + ".part";
    if (!stbi_write_png(tmp.c_str(), w, h, 4, flipped.data(), w * 4)) {
        std::remove(tmp.c_str());
        return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
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
    pelab::app_init(&p.app, pelab::key_values_from_args(int(opt.key_values.size()), opt.key_values.data()),
                    pelab::lang_from_locale(locale));
    for (const pelab::ParamIssue& issue : p.app.notices) std::fprintf(stderr, "pelab: %s\n", issue.message.c_str());

    // A screenshot waits for the UI to settle (fonts, layout, views): a few frames.
    const long frame_limit = opt.frames > 0 ? opt.frames : (!opt.screenshot.empty() ? 4 : -1);
    bool screenshot_ok = false;
    while (!p.quit) {
        if (frame_limit < 0 && p.app.frames_wanted == 0) {
            SDL_WaitEvent(nullptr);  // idle: block here, render nothing
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
