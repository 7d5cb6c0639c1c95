// PE Lab — platform/platform.cpp
// Shared by both builds: SDL window + GL context, ImGui set-up (style, fonts at the display's pixel
// ratio), and one frame.
//
// Index of this file:
// [SECTION] fonts
// [SECTION] create / destroy
// [SECTION] frame
// [SECTION] figure capture
#include "platform/platform.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "platform/gl.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// A performance mark for scripts/bench's split of the first load (tests/browser/bench.mjs).
#define PELAB_PERF_MARK(name) EM_ASM(performance.mark(name))
#else
#define PELAB_PERF_MARK(name) ((void)0)
#endif

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include "stb_image_write.h"

// The CJK subset generated at build time from the texts (scripts/make_font_subset.py), in two fonts: the glyphs
// that only Chinese texts use (pelab_font_zh_ttf) and all the others. The web page receives the first with the
// Chinese texts (lessons/bilingual.h: language_loaded), so it is merged in only once they are in memory.
extern const unsigned char pelab_font_ttf[];
extern const unsigned int pelab_font_ttf_size;
extern const unsigned short pelab_font_ttf_ranges[];
extern const unsigned char pelab_font_zh_ttf[];
extern const unsigned int pelab_font_zh_ttf_size;
extern const unsigned short pelab_font_zh_ttf_ranges[];

namespace pelab {

// [SECTION] fonts ------------------------------------------------------------------------------

namespace {
constexpr float kBodyPx = 16.0f;
constexpr float kTitlePx = 21.0f;

float framebuffer_scale(SDL_Window* window) {
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(window, &w, &h);
    SDL_GL_GetDrawableSize(window, &dw, &dh);
    if (w <= 0 || dw <= 0) return 1.0f;
    // Round to quarters: a 1.9999 ratio must not rebuild the atlas every frame.
    return std::max(1.0f, std::round(float(dw) / float(w) * 4.0f) / 4.0f);
}

// The first frame waits for the atlas, and rasterising the ~750 CJK glyphs of the subset is most of
// it. On the web the atlas starts without them: every glyph below U+2E80 (Latin, Greek, symbols) plus the CJK
// characters of the language switch, the one CJK label of an English screen. An English first screen is drawn
// with that; a Chinese one builds the complete atlas first. Right after the first frame the complete atlas
// replaces it (one more frame), so English text with CJK in it (a token example) is drawn whole from the
// second frame on.
#ifdef __EMSCRIPTEN__
constexpr bool kFirstScreenAtlas = true;
#else
constexpr bool kFirstScreenAtlas = false;  // the desktop app and its batch modes draw every glyph at once
#endif
constexpr ImWchar kFirstCjk = 0x2E80;  // CJK radicals: the CJK blocks start here

// Rasterise at the framebuffer's scale and draw at 1/scale, so text is sharp at devicePixelRatio 2.
// complete = false: the first-screen atlas above (body and title fonts alike).
void build_fonts(Platform* p, float scale, bool complete) {
    PELAB_PERF_MARK("pelab:fonts");
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;  // no empty rows to convert and upload
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;  // the bytes live in the binary
    cfg.OversampleH = 1;               // pixel-snapped CJK at 2× needs no horizontal oversampling
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    void* data = const_cast<unsigned char*>(pelab_font_ttf);
    const int size = int(pelab_font_ttf_size);
    const ImWchar* ranges = reinterpret_cast<const ImWchar*>(pelab_font_ttf_ranges);
    const bool with_zh = language_loaded(Lang::zh);
    // The Chinese glyphs, merged into a font just added (ImGui keeps the glyphs that font already has).
    auto merge_zh = [&](float px, const ImWchar* wanted) {
        if (!with_zh) return;
        ImFontConfig merge = cfg;
        merge.MergeMode = true;
        io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(pelab_font_zh_ttf), int(pelab_font_zh_ttf_size), px,
                                       &merge, wanted);
    };
    static ImVector<ImWchar> first_screen_ranges;
    if (!complete && first_screen_ranges.empty()) {
        ImFontGlyphRangesBuilder first;
        for (const ImWchar* r = ranges; r[0]; r += 2)
            for (unsigned c = r[0]; c <= r[1] && c < kFirstCjk; ++c) first.AddChar(ImWchar(c));
        first.AddText("中文");  // the language switch's label (app/app.cpp); the English labels are below U+2E80
        first.BuildRanges(&first_screen_ranges);
    }
    p->app.screen.font_body = io.Fonts->AddFontFromMemoryTTF(data, size, kBodyPx * scale, &cfg,
                                                      complete ? ranges : first_screen_ranges.Data);
    if (complete) merge_zh(kBodyPx * scale, reinterpret_cast<const ImWchar*>(pelab_font_zh_ttf_ranges));
    // The title size only ever shows the app's name and the step titles (app/app.cpp, app/step_page.cpp), and the
    // Chinese words of equations (views_equation.cpp draws them at about 18 px: from 21 px they stay sharp, from
    // the 16 px body font they would blur): rasterising just their characters keeps the atlas (and the first
    // frame) small. The first-screen atlas has the English titles and printable ASCII; the complete one both
    // languages (those in memory) and Latin-1.
    static ImVector<ImWchar> title_ranges[2][2];  // [complete][with_zh]
    ImVector<ImWchar>& titles_wanted = title_ranges[complete ? 1 : 0][with_zh ? 1 : 0];
    if (titles_wanted.empty()) {
        ImFontGlyphRangesBuilder titles;
        static const ImWchar kAscii[] = {0x0020, 0x007E, 0};
        titles.AddRanges(complete ? io.Fonts->GetGlyphRangesDefault() : kAscii);
        for (const Lang lang : {Lang::zh, Lang::en}) {
            if ((!complete || !with_zh) && lang == Lang::zh) continue;
            titles.AddText(ui_say(lang, UiText::AppName).c_str());
            for (const Lesson* lesson : every_lesson())
                for (const Step& step : lesson->steps) {
                    titles.AddText(step.title.get(lang));
                    for (const StepEquation& equation : step.equations) titles.AddText(equation.get(lang));
                }
        }
        titles.BuildRanges(&titles_wanted);
    }
    p->app.screen.font_title = io.Fonts->AddFontFromMemoryTTF(data, size, kTitlePx * scale, &cfg, titles_wanted.Data);
    if (complete) merge_zh(kTitlePx * scale, titles_wanted.Data);
    io.FontGlobalScale = 1.0f / framebuffer_scale(p->window);
    io.Fonts->Build();
    p->font_scale = scale;
    p->atlas_partial = !complete;
    p->atlas_has_zh = complete && with_zh;
    PELAB_PERF_MARK("pelab:fonts-done");
}

}  // namespace

// [SECTION] create / destroy -------------------------------------------------------------------

bool platform_create(Platform* p, const char* title, int width, int height, std::string* error) {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
        *error = std::string("SDL could not start: ") + SDL_GetError();
        return false;
    }
#ifdef __EMSCRIPTEN__
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    const char* glsl = "#version 300 es";
#else
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
    const char* glsl = "#version 330 core";
#endif
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | (p->hidden ? SDL_WINDOW_HIDDEN : 0);
    p->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (!p->window) {
        *error = std::string("could not open a window: ") + SDL_GetError();
        return false;
    }
    PELAB_PERF_MARK("pelab:context");
    p->gl_context = SDL_GL_CreateContext(p->window);
    PELAB_PERF_MARK("pelab:context-done");
    if (!p->gl_context) {
#ifdef __EMSCRIPTEN__
        *error = "WebGL2 is not available in this browser.";
#else
        *error = std::string("OpenGL 3.3 is not available: ") + SDL_GetError();
#endif
        return false;
    }
    SDL_GL_MakeCurrent(p->window, p->gl_context);
    SDL_GL_SetSwapInterval(1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;                  // no imgui.ini files next to lecture slides
    io.ConfigInputTextCursorBlink = false;     // a blinking cursor would keep the loop awake
    ImGui_ImplSDL2_InitForOpenGL(p->window, p->gl_context);
    ImGui_ImplOpenGL3_Init(glsl);
    // The heatmap program compiles (in a browser: in the GPU process) while the atlas is rasterised here.
    p->painter.start_init();
    build_fonts(p, framebuffer_scale(p->window) * float(p->app.state.display.fontscale), !kFirstScreenAtlas);
    PELAB_PERF_MARK("pelab:painter");
    if (!p->painter.init(error)) return false;
    PELAB_PERF_MARK("pelab:painter-done");
    return true;
}

void platform_destroy(Platform* p) {
    if (ImGui::GetCurrentContext()) {
        p->painter.shutdown();
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
    }
    if (p->gl_context) SDL_GL_DeleteContext(p->gl_context);
    if (p->window) SDL_DestroyWindow(p->window);
    p->gl_context = nullptr;
    p->window = nullptr;
    SDL_Quit();
}

// [SECTION] frame ------------------------------------------------------------------------------

// A 64-bit hash of what a frame draws: every vertex and index, and each command's clip rectangle,
// texture, element count and callback. Equal hashes mean the same picture (up to hash collisions).
static std::uint64_t draw_data_hash(const ImDrawData* dd) {
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](const void* data, size_t bytes) {
        const unsigned char* b = static_cast<const unsigned char*>(data);
        size_t i = 0;
        for (; i + 8 <= bytes; i += 8) {
            std::uint64_t w;
            std::memcpy(&w, b + i, 8);
            h = (h ^ w) * 1099511628211ull;
            h ^= h >> 29;
        }
        for (; i < bytes; ++i) h = (h ^ b[i]) * 1099511628211ull;
    };
    mix(&dd->DisplaySize, sizeof(dd->DisplaySize));
    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* list = dd->CmdLists[n];
        mix(list->VtxBuffer.Data, size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert));
        mix(list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& c : list->CmdBuffer) {
            mix(&c.ClipRect, sizeof(c.ClipRect));
            mix(&c.TextureId, sizeof(c.TextureId));
            mix(&c.ElemCount, sizeof(c.ElemCount));
            const void* callback = reinterpret_cast<const void*>(c.UserCallback);
            mix(&callback, sizeof(callback));
            mix(&c.UserCallbackData, sizeof(c.UserCallbackData));
        }
    }
    return h;
}

// The frame's draw lists onto the bound framebuffer (fb_w × fb_h pixels), over the window's background: the
// screen and a figure capture rasterise the same way.
static void rasterise_draw_data(Platform* p, ImDrawData* dd, int fb_w, int fb_h) {
    glViewport(0, 0, fb_w, fb_h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    p->painter.set_frame(dd);
    ImGui_ImplOpenGL3_RenderDrawData(dd);
}

void platform_render_frame(Platform* p) {
    SDL_Event e;
    p->app.interaction.pinch = 0.0f;
    p->app.interaction.double_click = false;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT && e.button.clicks >= 2)
            p->app.interaction.double_click = true;
        if (e.type == SDL_MULTIGESTURE && e.mgesture.numFingers == 2) p->app.interaction.pinch += e.mgesture.dDist;
        ImGui_ImplSDL2_ProcessEvent(&e);
        if (e.type == SDL_QUIT) p->quit = true;
        if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE) p->quit = true;
        if (e.type == SDL_KEYDOWN) {
            // ←/→ and PageUp/PageDown (what presentation clickers send), Home/End.
            switch (e.key.keysym.sym) {
            case SDLK_RIGHT: case SDLK_PAGEDOWN: app_nav_key(&p->app, NavKey::Next); break;
            case SDLK_LEFT: case SDLK_PAGEUP: app_nav_key(&p->app, NavKey::Prev); break;
            case SDLK_HOME: app_nav_key(&p->app, NavKey::First); break;
            case SDLK_END: app_nav_key(&p->app, NavKey::Last); break;
            case SDLK_b: app_nav_key(&p->app, NavKey::Blank); break;  // presenter: blank the screen
            case SDLK_SPACE: app_nav_key(&p->app, NavKey::TogglePlay); break;  // the step's timeline, if any
            case SDLK_r: app_nav_key(&p->app, NavKey::Reveal); break;  // open a prediction unanswered
            default:
                if (p->app.screen.blanked) app_nav_key(&p->app, NavKey::Next);   // any key brings it back
                break;
            }
        }
    }
    // Glyphs are rasterised for the display's pixel ratio times the presenter's font scale.
    // The first-screen atlas (web) stays for the first frame of an English screen only.
    const float scale = framebuffer_scale(p->window) * float(p->app.state.display.fontscale);
    const bool complete_now = p->atlas_partial && (p->frames > 0 || p->app.state.lang != Lang::en);
    const bool zh_arrived = !p->atlas_partial && !p->atlas_has_zh && language_loaded(Lang::zh);
    if (scale != p->font_scale || complete_now || zh_arrived) {
        build_fonts(p, scale, true);
        // Before the first frame the texture does not exist yet: the backend's first NewFrame creates it.
        if (p->frames > 0) {
            ImGui_ImplOpenGL3_DestroyFontsTexture();
            ImGui_ImplOpenGL3_CreateFontsTexture();
        }
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    if (p->fixed_frame_seconds > 0.0) ImGui::GetIO().DeltaTime = float(p->fixed_frame_seconds);
    ImGui::NewFrame();
    p->painter.begin_frame();
    ImGui::PushFont(p->app.screen.font_body);
    app_frame(&p->app, &p->painter);
    ImGui::PopFont();
    ImGui::Render();

    ImDrawData* dd = ImGui::GetDrawData();
    const int fb_w = int(dd->DisplaySize.x * dd->FramebufferScale.x);
    const int fb_h = int(dd->DisplaySize.y * dd->FramebufferScale.y);
    rasterise_draw_data(p, dd, fb_w, fb_h);
    if (p->before_swap) p->before_swap(p);
    if (p->capture.pending) {
        p->capture.pending = false;
        const Platform::Capture& c = p->capture;
        const std::string png = render_png(p, c.x0, c.y0, c.x1, c.y1, c.scale);
        if (!png.empty() && p->save_file) p->save_file(c.file_name, "image/png", png);
    }
    SDL_GL_SwapWindow(p->window);
    ++p->frames;
    if (p->atlas_partial) p->app.redraw.frames = std::max(p->app.redraw.frames, 1);  // the complete atlas next
    if (p->app.redraw.frames > 0) --p->app.redraw.frames;
    // ImGui lays a frame out with the previous frame's sizes (scrollbars, table column widths, a step seen
    // for the first time), so after a change the picture can take a few frames to become what it stays.
    // Draw again while it still changes, at most kSettleFrames in a row (a blinking text cursor changes
    // every frame), then idle.
    constexpr int kSettleFrames = 4;
    const std::uint64_t picture = draw_data_hash(dd);
    if (picture != p->last_picture) {
        p->last_picture = picture;
        if (++p->picture_changes <= kSettleFrames) p->app.redraw.frames = std::max(p->app.redraw.frames, 1);
    } else {
        p->picture_changes = 0;
    }
}

// [SECTION] figure capture ---------------------------------------------------------------------

namespace {
void append_bytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
}
}  // namespace

std::string encode_png(std::vector<unsigned char>& rgba, int w, int h, bool bottom_up) {
    for (size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;
    stbi_flip_vertically_on_write(bottom_up ? 1 : 0);
    std::string png;
    if (!stbi_write_png_to_func(append_bytes, &png, w, h, 4, rgba.data(), w * 4)) png.clear();
    return png;
}

std::string back_buffer_png(Platform* p) {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(p->window, &w, &h);
    std::vector<unsigned char> pixels(size_t(w) * size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    return encode_png(pixels, w, h, true);
}

std::string render_png(Platform* p, float x0, float y0, float x1, float y1, int scale) {
    ImDrawData* dd = ImGui::GetDrawData();
    if (!dd || !dd->Valid || x1 <= x0 || y1 <= y0) return {};
    scale = std::clamp(scale, 1, 4);
    const int fb_w = int(dd->DisplaySize.x * float(scale)), fb_h = int(dd->DisplaySize.y * float(scale));
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
    if (fb_w <= 0 || fb_h <= 0 || fb_w > max_size || fb_h > max_size) return {};
    GLuint fbo = 0, color = 0;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &color);
    glBindRenderbuffer(GL_RENDERBUFFER, color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, fb_w, fb_h);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
    std::string png;
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
        // The same draw lists, rasterised at `scale`: vector shapes and heatmaps are sharp at any scale.
        const ImVec2 saved_scale = dd->FramebufferScale;
        dd->FramebufferScale = ImVec2(float(scale), float(scale));
        rasterise_draw_data(p, dd, fb_w, fb_h);
        const int rx = std::clamp(int((x0 - dd->DisplayPos.x) * float(scale)), 0, fb_w - 1);
        const int ry_top = std::clamp(int((y0 - dd->DisplayPos.y) * float(scale)), 0, fb_h - 1);
        const int rw = std::clamp(int((x1 - x0) * float(scale)), 1, fb_w - rx);
        const int rh = std::clamp(int((y1 - y0) * float(scale)), 1, fb_h - ry_top);
        std::vector<unsigned char> pixels(size_t(rw) * size_t(rh) * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(rx, fb_h - ry_top - rh, rw, rh, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
        png = encode_png(pixels, rw, rh, true);
        dd->FramebufferScale = saved_scale;
        p->painter.set_frame(dd);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(1, &color);
    glDeleteFramebuffers(1, &fbo);
    return png;
}

void install_common_services(Platform* p) {
    p->app.services.capture_png = [p](float x0, float y0, float x1, float y1, int scale, const std::string& name) {
        p->capture = {true, x0, y0, x1, y1, scale, name};
        p->app.redraw.frames = std::max(p->app.redraw.frames, 1);
    };
    p->app.services.save_file = p->save_file;
}

Lang lang_from_locale(const char* locale) {
    return (locale && std::strncmp(locale, "zh", 2) == 0) ? Lang::zh : Lang::en;
}

}  // namespace pelab
