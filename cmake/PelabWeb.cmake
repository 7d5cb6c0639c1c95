# PE Lab — cmake/PelabWeb.cmake
# The Emscripten half of PelabDeps.cmake (included from there only): SDL2 from the static web build that
# scripts/setup.sh caches, WebGL2 through link flags, the page layout (build/web/dist/pelab.js + .wasm)
# and the link options that let tests and the CLI run under node.

set(PELAB_WEB ON)

# emcc's JS optimizer runs under node and needs Debian's acorn: give every link NODE_PATH, so that a plain
# `cmake --build build/web` works outside the presets too (the presets set it for configure and build).
# EM_CLOSURE_COMPILER: Debian's emscripten ships no Closure Compiler; the app's link (--closure 1, below) uses
# the one scripts/setup.sh installs from npm into scripts/closure (about half the size of pelab.js).
set(PELAB_CLOSURE_COMPILER "${PROJECT_SOURCE_DIR}/scripts/closure/node_modules/.bin/google-closure-compiler")
set(CMAKE_C_LINKER_LAUNCHER "${CMAKE_COMMAND}" -E env NODE_PATH=/usr/share/nodejs
    EM_CLOSURE_COMPILER=${PELAB_CLOSURE_COMPILER})
set(CMAKE_CXX_LINKER_LAUNCHER "${CMAKE_COMMAND}" -E env NODE_PATH=/usr/share/nodejs
    EM_CLOSURE_COMPILER=${PELAB_CLOSURE_COMPILER})

# Eigen is header-only; point find_package at Debian's config outside the Emscripten sysroot.
if(NOT Eigen3_DIR)
  set(Eigen3_DIR "/usr/share/eigen3/cmake" CACHE PATH "Eigen3Config.cmake folder (Debian's)")
endif()

# [SECTION] where and how src/platform puts the app
set(PELAB_APP_OUTPUT_DIR "${CMAKE_BINARY_DIR}/dist")   # -> build/web/dist/pelab.js + pelab.wasm
set(PELAB_APP_SUFFIX ".js")
set(PELAB_APP_LINK_OPTIONS
  -sUSE_WEBGL2=1
  -sMIN_WEBGL_VERSION=2
  -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1
  -sMINIFY_HTML=0                     # emscripten 3.1.6's HTML minifier crashes at -O1 and above
  -sENVIRONMENT=web
  "-sEXPORTED_RUNTIME_METHODS=['ccall','cwrap','UTF8ToString','lengthBytesUTF8','stringToUTF8']"
  "-sEXPORTED_FUNCTIONS=['_main','_malloc','_free']"
  -sINVOKE_RUN=1
  # emscripten would enable every extension the context offers (~30 on SwiftShader, one synchronous
  # call to the GPU process each, 30–200 ms of the first frame here); web.cpp enables the few the app uses.
  -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0
  -sMALLOC=emmalloc                   # the small allocator: about 2 KB less download than dlmalloc
  -sBINARYEN_EXTRA_PASSES=--converge  # wasm-opt repeats its passes until the module stops shrinking (~3 KB)
  -sMODULARIZE=1                      # createPelab(config): one instance per canvas (web/widget.js)
  -sEXPORT_NAME=createPelab
  "SHELL:--post-js ${PROJECT_SOURCE_DIR}/web/post.js"   # "#canvas" → this instance's canvas
  "SHELL:--closure 1"                 # Closure Compiler on the JS glue (PELAB_CLOSURE_COMPILER above)
  -Oz
  # One language per load: wasm-ld stores a string that ends another one inside its tail ("." inside a sentence
  # that ends with "."), so moving a sentence out of the wasm (scripts/language_texts.py) would take the short
  # string with it; at -O0 it keeps identical strings merged but no tails.
  -Wl,-O0
)

# Link-time optimisation of the app and a name order for its functions: the lab's lesson took the first
# load over its cap (888,984 bytes gzip against 850,000); these two bring it back under (docs/performance.md,
# "Download"). PELAB_APP_LTO_TARGETS (the libraries the app links, compiled with -flto by the top CMakeLists.txt)
# are optimised as one program at the link: about 33 KB less. The node tests and the CLI link the same objects;
# the lab's module (core_lab_fast, its own objects and flags) does not. --profiling-funcs keeps the functions' names
# through emcc's own wasm-opt, and -g through the one after it, for scripts/wasm_order_functions.py, which sorts the
# functions by name and strips the names (gzip then finds alike functions side by side: about 13 KB less).
option(PELAB_WEB_LTO "Link the web app with link-time optimisation (its libraries compiled with -flto)" ON)
if(PELAB_WEB_LTO)
  set(PELAB_APP_LTO_TARGETS core lessons views app pelab pelab_imgui pelab_imgui_backends)
  list(APPEND PELAB_APP_LINK_OPTIONS -flto)
endif()
list(APPEND PELAB_APP_LINK_OPTIONS --profiling-funcs)
find_program(PELAB_WASM_DIS wasm-dis)
find_program(PELAB_WASM_AS wasm-as)

# A second wasm-opt after the link: emscripten's own pass runs before metadce drops what the minified
# JS no longer calls, so -Oz again finds dead code (~3 KB); --flatten --rereloop rebuilds the control flow first
# (~3.5 KB more, same semantics: no implicit-trap assumptions). src/platform runs it on the app's pelab.wasm.
find_program(PELAB_WASM_OPT wasm-opt)
set(PELAB_WASM_FEATURES --enable-sign-ext --enable-mutable-globals --enable-bulk-memory)
set(PELAB_APP_POST_LINK_WASM_OPT --flatten --rereloop -Oz -Oz -g ${PELAB_WASM_FEATURES})  # -g: names kept (above)

# Content-Security-Policy: the emitted JS never calls eval() or new Function, so a page
# needs no 'unsafe-eval' (docs/embedding-security.md gives the CSP line; tests/browser/csp.test.mjs checks it).
list(APPEND PELAB_APP_LINK_OPTIONS -sDYNAMIC_EXECUTION=0)

# [SECTION] the lab's trainer (src/platform/lab: build/web/dist/pelab_lab.js + .wasm)
# A module of its own, loaded by web/lab_worker.js in a Web Worker when the lab opens: built for speed (-O3,
# WebAssembly SIMD), not for size like the app; no main(), only the C API of lab_module.cpp; no file system.
# PELAB_LAB_OPT: the module's optimisation level, for its core's files, its own and its link (docs/lab.md, "In the
# browser": the sizes and training speeds of -O2, -O3 and -Os, measured).
set(PELAB_LAB_OPT "-O3" CACHE STRING "optimisation level of the lab's module (pelab_lab.wasm): -O2, -O3 or -Os")
# PELAB_LAB_COLD_OPT: the level of the module's files outside the training loop (reading and writing files and
# JSON, the keys, the C API), where size counts more than speed; empty: PELAB_LAB_OPT for them too.
set(PELAB_LAB_COLD_OPT "-Oz" CACHE STRING "optimisation level of the lab module's files outside the training loop")
set(PELAB_LAB_LINK_OPTIONS
  ${PELAB_LAB_OPT}
  -msimd128
  --no-entry
  -sMODULARIZE=1                      # createPelabLab(): lab_worker.js makes one instance
  -sEXPORT_NAME=createPelabLab
  -sENVIRONMENT=worker
  -sALLOW_MEMORY_GROWTH=1
  -sDYNAMIC_EXECUTION=0               # no eval / new Function: the documented CSP holds in the worker too
  -sFILESYSTEM=0
  "-sEXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8','HEAPU8']"
  "-sEXPORTED_FUNCTIONS=['_malloc','_free']"
)

# [SECTION] tests and the CLI run under node (CMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node)
set(PELAB_NODE_TEST_LINK_OPTIONS
  -sWASM_ASYNC_COMPILATION=0          # instantiate synchronously: no fetch() of the .wasm under node
  -sALLOW_MEMORY_GROWTH=1
  -sENVIRONMENT=node
  -sEXIT_RUNTIME=1                    # main's return value becomes node's exit status
  # Linked at -O2, not the preset's -Oz: the objects are already -Oz, and binaryen's -Oz pass over a
  # test binary took 45–75 s a link against 8 s at -O2, for the same run time under node (26 s for the core
  # tests either way). Size matters only for the app, which keeps -Oz (PELAB_APP_LINK_OPTIONS).
  -O2
)
set(PELAB_NODE_TOOL_LINK_OPTIONS ${PELAB_NODE_TEST_LINK_OPTIONS}
  -sNODERAWFS=1                       # the CLI reads and writes the real file system
)
set(PELAB_GTEST_DISABLE_PTHREADS ON)  # no -pthread (SharedArrayBuffer) in the node tests

# [SECTION] SDL2: the static web build cached by scripts/setup.sh, keyed by SDL2 and emscripten versions
set(PELAB_IMGUI_BACKEND_DEFINITIONS IMGUI_IMPL_OPENGL_ES3)   # WebGL2 = OpenGL ES 3.0, GLSL "#version 300 es"
set(PELAB_IMGUI_BACKEND_LIBS "")
if(PELAB_BUILD_APP)
  pelab_require_path("${PELAB_CLOSURE_COMPILER}" "Closure Compiler (npm google-closure-compiler in scripts/closure)")
  pelab_require_path("${PELAB_WASM_OPT}" "wasm-opt (Debian binaryen, installed with emscripten)")
  # include/SDL2/*.h and lib/libSDL2.a, made by scripts/setup.sh
  set(PELAB_SDL2_WEB_DIR "${PELAB_DEPS_DIR}/sdl2-${PELAB_SDL2_DEB_VERSION}-emscripten-${EMSCRIPTEN_VERSION}")
  set(_stamp "${PELAB_SDL2_WEB_DIR}/pelab-stamp.txt")
  pelab_require_path("${PELAB_SDL2_WEB_DIR}/lib/libSDL2.a"
                     "SDL2 ${PELAB_SDL2_DEB_VERSION} built for emscripten ${EMSCRIPTEN_VERSION}")
  pelab_require_path("${_stamp}" "The SDL2 web build's stamp")
  # The stamp records the seed/options file the library was configured with; a stale build is an error.
  file(SHA256 "${CMAKE_CURRENT_LIST_DIR}/sdl2-emscripten-cache.cmake" _seed_hash)
  file(STRINGS "${_stamp}" _stamp_line LIMIT_COUNT 1)
  set(_want "sdl2=${PELAB_SDL2_DEB_VERSION} emscripten=${EMSCRIPTEN_VERSION} cache=${_seed_hash}")
  if(NOT _stamp_line STREQUAL _want)
    message(FATAL_ERROR "PE Lab: the SDL2 web build in\n  ${PELAB_SDL2_WEB_DIR}\nis out of date "
                        "(cmake/sdl2-emscripten-cache.cmake changed). Run scripts/setup.sh.")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_stamp}")

  add_library(pelab_sdl2 INTERFACE)
  target_include_directories(pelab_sdl2 SYSTEM INTERFACE
    "${PELAB_SDL2_WEB_DIR}/include/SDL2" "${PELAB_SDL2_WEB_DIR}/include")
  target_link_libraries(pelab_sdl2 INTERFACE "${PELAB_SDL2_WEB_DIR}/lib/libSDL2.a")

  add_library(pelab_gl INTERFACE)     # WebGL2 comes from PELAB_APP_LINK_OPTIONS
endif()

# [SECTION] pre-compressed copies: dist/<file>.gz and, when Debian's brotli is installed,
# dist/<file>.br (brotli -q 11) beside each file a page downloads, for servers that send them as they are
# (scripts/serve.sh does, with Content-Encoding when the browser accepts it). The .gz copy is zopfli's where
# Debian's zopfli is installed (scripts/setup.sh installs it): the gzip format, some 4 % smaller than gzip -9;
# else gzip -9. The download figure counts these copies (scripts/check_download_size.py). Deferred to the end of
# the top directory: the targets it depends on (pelab, pelab_pages) are made in src/platform.
find_program(PELAB_BROTLI brotli)
find_program(PELAB_GZIP gzip)
find_program(PELAB_ZOPFLI zopfli)
function(pelab_web_precompress)
  if(NOT TARGET pelab OR NOT PELAB_GZIP)
    return()
  endif()
  set(_outputs)
  # (the texts' files, pelab-*.lang and pelab-mathml.data, get theirs from scripts/language_texts.py --compressed)
  set(_names index.html embed.html widget.js pelab.js pelab.wasm)
  if(TARGET pelab_lab)  # the lab's module and data, fetched when the lab opens
    file(GLOB _shipped RELATIVE ${PROJECT_SOURCE_DIR}/src/lessons/length_lab/data ${PROJECT_SOURCE_DIR}/src/lessons/length_lab/data/lab_shipped_*.weights)
    list(APPEND _names pelab_lab.js pelab_lab.wasm lab_worker.js lab_reference_runs.json ${_shipped})
  endif()
  foreach(_name ${_names})
    set(_file "${PELAB_APP_OUTPUT_DIR}/${_name}")
    set(_made "${_file}.gz")
    if(PELAB_ZOPFLI)
      set(_commands COMMAND "${PELAB_ZOPFLI}" "${_file}")   # writes ${_file}.gz, keeps the file
    else()
      set(_commands COMMAND "${PELAB_GZIP}" -9 -n -k -f "${_file}")
    endif()
    if(PELAB_BROTLI)
      list(APPEND _made "${_file}.br")
      list(APPEND _commands COMMAND "${PELAB_BROTLI}" -q 11 -k -f "${_file}")
    endif()
    if(_name MATCHES "^pelab\\.")
      set(_from pelab)                  # written by the link (file-level dependency on pelab.js)
    elseif(_name MATCHES "^pelab_lab\\.")
      set(_from pelab_lab)
    else()
      set(_from "${_file}")             # written by pelab_pages' custom commands
    endif()
    add_custom_command(OUTPUT ${_made} ${_commands} DEPENDS ${_from} VERBATIM)
    list(APPEND _outputs ${_made})
  endforeach()
  add_custom_target(pelab_precompressed ALL DEPENDS ${_outputs})
  add_dependencies(pelab_precompressed pelab pelab_pages)
  if(TARGET pelab_lab)
    add_dependencies(pelab_precompressed pelab_lab pelab_lab_worker)
  endif()
endfunction()
if(PELAB_BUILD_APP)
  cmake_language(DEFER DIRECTORY "${PROJECT_SOURCE_DIR}" CALL pelab_web_precompress)
endif()
