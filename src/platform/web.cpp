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
#include <cstdlib>
#include <string>

#include "platform/platform.h"

namespace {

pelab::Platform g_platform;
bool g_frame_scheduled = false;
bool g_ready = false;
std::string g_last_query;
std::string g_json;  // storage behind the const char* returned to JavaScript

// clang-format off
EM_JS(char*, js_location_hash, (), {
    var h = (typeof location !== "undefined" && location.hash) ? location.hash : "";
    return allocateUTF8(h);
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
// clang-format on

void schedule_frame();

EM_BOOL on_animation_frame(double /*time*/, void* /*user*/) {
    g_frame_scheduled = false;
    pelab::Platform* p = &g_platform;
    pelab::platform_render_frame(p);
    const std::string q = pelab::to_query(p->app.state);
    if (q != g_last_query) {
        g_last_query = q;
        js_replace_hash(q.c_str());
        js_on_state_change();
    }
    if (!g_ready) {
        g_ready = true;
        js_on_first_frame();
    }
    if (p->app.frames_wanted > 0) schedule_frame();
    return EM_FALSE;  // one-shot: the next frame is requested only when needed
}

void schedule_frame() {
    if (g_frame_scheduled) return;
    g_frame_scheduled = true;
    emscripten_request_animation_frame(on_animation_frame, nullptr);
}

void wake(int frames) {
    g_platform.app.frames_wanted = std::max(g_platform.app.frames_wanted, frames);
    schedule_frame();
}

// Called synchronously by SDL whenever the browser delivers an event (input, resize, focus).
int SDLCALL on_sdl_event(void* /*user*/, SDL_Event* event) {
    // SDL_PollEvent itself queues a sentinel marking the end of each poll cycle; it is not input.
    if (event->type == SDL_POLLSENTINEL) return 0;
    wake(2);
    return 0;
}

pelab::KeyValues split(const char* text) { return pelab::split_query(text ? text : ""); }

}  // namespace

// [SECTION] functions called from web/pelab.js (exported with EMSCRIPTEN_KEEPALIVE) ----------

extern "C" {

// Applies key=value pairs on top of the current state (setState, postMessage).
EMSCRIPTEN_KEEPALIVE void pelab_apply(const char* query) {
    pelab::app_apply(&g_platform.app, split(query));
    wake(2);
}

// Replaces the state by a complete query (the user edited the URL hash).
EMSCRIPTEN_KEEPALIVE void pelab_restore(const char* query) {
    const std::string q = query ? query : "";
    if (!q.empty() && q[0] == '#' && q.substr(1) == g_last_query) return;  // our own replaceState echo
    pelab::app_restore(&g_platform.app, split(query));
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

EMSCRIPTEN_KEEPALIVE double pelab_frames() { return double(g_platform.frames); }

EMSCRIPTEN_KEEPALIVE void pelab_dismiss_notices() {
    g_platform.app.notices.clear();
    wake(2);
}

// The host element changed size without a window resize (in-page embedding).
EMSCRIPTEN_KEEPALIVE void pelab_resize(int css_width, int css_height) {
    if (g_platform.window && css_width > 0 && css_height > 0) SDL_SetWindowSize(g_platform.window, css_width, css_height);
    wake(2);
}

}  // extern "C"

int main() {
    // Keys go to the canvas's window; the canvas is made focusable by the page.
    std::string error;
    if (!pelab::platform_create(&g_platform, "PE Lab", 960, 640, &error)) {
        js_show_fatal(error.c_str());
        return 0;
    }
    char* lang = js_browser_lang();
    char* hash = js_location_hash();
    pelab::KeyValues kv = split(hash);
    pelab::app_init(&g_platform.app, kv, pelab::lang_from_locale(lang));
    std::free(lang);
    std::free(hash);
    SDL_AddEventWatch(on_sdl_event, nullptr);
    wake(2);
    return 0;  // the runtime stays alive; frames come from requestAnimationFrame
}
#endif  // __EMSCRIPTEN__
