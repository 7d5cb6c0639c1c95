// PE Lab — platform/platform.cpp
// Shared by both builds: SDL window + GL context, ImGui set-up (style, fonts at the display's pixel
// ratio), and one frame.
//
// Index of this file:
// [SECTION] fonts
// [SECTION] create / destroy
// [SECTION] frame
#include "platform/platform.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "platform/gl.h"

// The CJK subset generated at build time from the texts (scripts/make_font_subset.py).
extern const unsigned char pelab_font_ttf[];
extern const unsigned int pelab_font_ttf_size;
extern const unsigned short pelab_font_ttf_ranges[];

namespace pelab {

// [SECTION] fonts ------------------------------------------------------------------------------

namespace {
constexpr float kBodyPx = 16.0f;
constexpr float kTitlePx = 21.0f;

// Rasterise at the framebuffer's scale and draw at 1/scale, so text is sharp at devicePixelRatio 2.
void build_fonts(Platform* p, float scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;  // the bytes live in the binary
    cfg.OversampleH = 1;               // pixel-snapped CJK at 2× needs no horizontal oversampling
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    void* data = const_cast<unsigned char*>(pelab_font_ttf);
    const int size = int(pelab_font_ttf_size);
    const ImWchar* ranges = reinterpret_cast<const ImWchar*>(pelab_font_ttf_ranges);
    p->app.font_body = io.Fonts->AddFontFromMemoryTTF(data, size, kBodyPx * scale, &cfg, ranges);
    p->app.font_title = io.Fonts->AddFontFromMemoryTTF(data, size, kTitlePx * scale, &cfg, ranges);
    io.FontGlobalScale = 1.0f / scale;
    io.Fonts->Build();
    p->font_scale = scale;
}

float framebuffer_scale(SDL_Window* window) {
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(window, &w, &h);
    SDL_GL_GetDrawableSize(window, &dw, &dh);
    if (w <= 0 || dw <= 0) return 1.0f;
    // Round to quarters: a 1.9999 ratio must not rebuild the atlas every frame.
    return std::max(1.0f, std::round(float(dw) / float(w) * 4.0f) / 4.0f);
}

void apply_style() {
    ImGui::StyleColorsLight();
    ImGuiStyle& s = ImGui::GetStyle();
    s.WindowPadding = ImVec2(14, 10);
    s.FramePadding = ImVec2(8, 5);
    s.ItemSpacing = ImVec2(8, 7);
    s.FrameRounding = 4;
    s.GrabRounding = 4;
    s.ChildRounding = 4;
    s.ScrollbarSize = 14;
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.98f, 0.98f, 0.97f, 1.0f);
    s.Colors[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    s.Colors[ImGuiCol_TextDisabled] = ImVec4(0.38f, 0.38f, 0.40f, 1.0f);
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
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    p->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (!p->window) {
        *error = std::string("could not open a window: ") + SDL_GetError();
        return false;
    }
    p->gl_context = SDL_GL_CreateContext(p->window);
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
    apply_style();
    ImGui_ImplSDL2_InitForOpenGL(p->window, p->gl_context);
    ImGui_ImplOpenGL3_Init(glsl);
    build_fonts(p, framebuffer_scale(p->window));
    if (!p->painter.init(error)) return false;
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

void platform_render_frame(Platform* p) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
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
            default: break;
            }
        }
    }
    const float scale = framebuffer_scale(p->window);
    if (scale != p->font_scale) {
        build_fonts(p, scale);
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    p->painter.begin_frame();
    ImGui::PushFont(p->app.font_body);
    app_frame(&p->app, &p->painter);
    ImGui::PopFont();
    ImGui::Render();

    ImDrawData* dd = ImGui::GetDrawData();
    const int fb_w = int(dd->DisplaySize.x * dd->FramebufferScale.x);
    const int fb_h = int(dd->DisplaySize.y * dd->FramebufferScale.y);
    glViewport(0, 0, fb_w, fb_h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    p->painter.set_frame(dd);
    ImGui_ImplOpenGL3_RenderDrawData(dd);
    if (p->before_swap) p->before_swap(p);
    SDL_GL_SwapWindow(p->window);
    ++p->frames;
    if (p->app.frames_wanted > 0) --p->app.frames_wanted;
}

Lang lang_from_locale(const char* locale) {
    return (locale && std::strncmp(locale, "zh", 2) == 0) ? Lang::zh : Lang::en;
}

KeyValues key_values_from_args(int count, char** args) {
    KeyValues kv;
    for (int i = 0; i < count; ++i) {
        const std::string a = args[i];
        const size_t eq = a.find('=');
        if (eq == std::string::npos) kv.push_back({a, ""});
        else kv.push_back({a.substr(0, eq), a.substr(eq + 1)});
    }
    return kv;
}

}  // namespace pelab
