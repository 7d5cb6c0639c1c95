// PE Lab — platform/lab/lab_module.cpp
// The lab for the page: the entry of pelab_lab.wasm, a module of its own that web/lab_worker.js loads in a Web
// Worker when the lab opens, built for speed (-O3, WebAssembly SIMD) apart from the app (-Oz). It is a small C API
// over core's one request handler (core/lab/lab_requests.h): the worker hands it the page's messages and runs its
// slices between them; the events it answers with wait here until the worker takes them. Everything the lab
// computes, checks and writes is core's, so a run in the page reads the same keys, follows the same rules and
// answers the same messages as on the desktop, and prints the same result objects as `pelab-cli lab`.
//
// The one per-transport choice made here: the page trains with TrainConfig::skip_padding (about 1.5× faster; a
// run here differs from the native one in its last bits anyway, through Emscripten's libm).
//
// [SECTION] the handler and its events
// [SECTION] the C API (exported to lab_worker.js)
#include <emscripten.h>

#include <cstddef>
#include <string>

#include "core/lab/lab_requests.h"

namespace {

// [SECTION] the handler and its events
// Events since the worker last took them, as the text of a JSON array (the worker parses it once).
std::string g_events = "[";
std::string g_taken;  // storage behind the last pointer pelab_lab_events returned

pelab::lab::RequestHandler& handler() {
    static pelab::lab::RequestHandler h(
        [](const std::string& event) {
            if (g_events.size() > 1) g_events += ',';
            g_events += event;
        },
        /*skip_padding=*/true);
    return h;
}

std::string g_needs;  // storage behind the last pointer pelab_lab_needs returned

}  // namespace

// [SECTION] the C API (exported to lab_worker.js)
extern "C" {

// One message of the lab's protocol (JSON text). `payload`, when not null, is a load's file (its bytes, `size`
// of them) carried beside the message instead of as its "text".
EMSCRIPTEN_KEEPALIVE void pelab_lab_handle(const char* message, const unsigned char* payload, int size) {
    if (payload) {
        const std::string file(reinterpret_cast<const char*>(payload), size > 0 ? std::size_t(size) : 0);
        handler().handle(message ? message : "", &file);
    } else {
        handler().handle(message ? message : "");
    }
}

// The shipped model file a message needs first ("" when none): the worker fetches it and calls
// pelab_lab_provide (or pelab_lab_provide_failed) before pelab_lab_handle.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_needs(const char* message) {
    g_needs = handler().needs(message ? message : "");
    return g_needs.c_str();
}

EMSCRIPTEN_KEEPALIVE void pelab_lab_provide(const char* file, const unsigned char* bytes, int size) {
    handler().provide(file ? file : "",
                      bytes && size > 0 ? std::string(reinterpret_cast<const char*>(bytes), std::size_t(size)) : "");
}

EMSCRIPTEN_KEEPALIVE void pelab_lab_provide_failed(const char* file, const char* why) {
    handler().provide_failed(file ? file : "", why ? why : "");
}

// One slice of work of about `ms` milliseconds: 1 when there was work, 0 when there was none.
EMSCRIPTEN_KEEPALIVE int pelab_lab_work(double ms) { return handler().work(ms) ? 1 : 0; }

// Whether a slice would find work now.
EMSCRIPTEN_KEEPALIVE int pelab_lab_has_work() { return handler().has_work() ? 1 : 0; }

// The events since the last call, as a JSON array; valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_events() {
    g_taken.swap(g_events);
    g_taken += ']';
    g_events = "[";
    return g_taken.c_str();
}

}  // extern "C"
