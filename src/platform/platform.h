// PE Lab — platform/platform.h
// The platform layer: the only code that sees SDL, GL and emscripten.h. It owns the window, the GL
// context, the font atlas and the frame loop; platform.cpp is shared, desktop.cpp and web.cpp hold
// the two main() functions and their loops (each compiles to nothing in the other build).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/app.h"
#include "platform/gl_heatmap.h"

struct SDL_Window;

namespace pelab {

struct Platform {
    SDL_Window* window = nullptr;
    void* gl_context = nullptr;
    App app;
    GlMatrixPainter painter;
    long long frames = 0;       // frames rendered so far (idle = this stops growing)
    std::uint64_t last_picture = 0;  // hash of the last frame's draw data (platform_render_frame)
    int picture_changes = 0;    // consecutive frames whose picture differed from the one before
    float font_scale = 0.0f;    // framebuffer/window scale the font atlas was rasterised for
    bool atlas_partial = false; // the atlas holds the first screen's glyphs only (web; platform.cpp build_fonts)
    bool atlas_has_zh = false;  // the atlas holds the glyphs only Chinese texts use (their font arrived with them)
    bool quit = false;
    bool hidden = false;        // batch runs (--headless-render, --gpu-check): no visible window
    // Scripted runs (--frames, --screenshot): every frame counts as this many seconds instead of the clock's
    // time, so what plays (a step's timeline, a toast) after N frames is the same on any machine. 0: the clock.
    double fixed_frame_seconds = 0.0;
    std::function<void(Platform*)> before_swap;  // e.g. read the back buffer for a screenshot
    // A figure capture asked for by the app's export menu, done right after the next frame is drawn.
    struct Capture {
        bool pending = false;
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // UI units
        int scale = 1;
        std::string file_name;
    } capture;
    // Where captured PNGs go (download on the web, a file on the desktop).
    std::function<void(const std::string& file_name, const std::string& mime, const std::string& bytes)> save_file;
};

// Renders the last frame's draw data again into an offscreen framebuffer at `scale`× the UI size and
// returns the PNG bytes of the rectangle [x0,y0]-[x1,y1] (UI units); empty on failure.
std::string render_png(Platform* p, float x0, float y0, float x1, float y1, int scale);
// RGBA8 pixels → PNG bytes (opaque). bottom_up: rows as GL reads them (first row = bottom).
std::string encode_png(std::vector<unsigned char>& rgba, int w, int h, bool bottom_up);
// Full-window PNG of the current back buffer (desktop --screenshot).
std::string back_buffer_png(Platform* p);
// Installs the services both builds share (PNG capture) on top of the platform's own save_file.
void install_common_services(Platform* p);

// Creates the window, GL context, ImGui context and shader. On failure returns false with a
// message a person can act on (e.g. "WebGL2 is not available").
bool platform_create(Platform* p, const char* title, int width, int height, std::string* error);
// Drains pending SDL events into ImGui, builds and renders one frame.
void platform_render_frame(Platform* p);
void platform_destroy(Platform* p);

// "zh_CN.UTF-8", "zh-TW", "en-US" → language (anything starting with "zh" is Chinese).
Lang lang_from_locale(const char* locale);

}  // namespace pelab
