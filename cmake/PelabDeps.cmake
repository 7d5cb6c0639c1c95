# PE Lab — cmake/PelabDeps.cmake
# Turns the third-party code into targets for both configurations (desktop and Emscripten/web).
# The sources are NOT in the repository: scripts/setup.sh puts them in a cache outside the clone
# (${PELAB_DEPS_DIR}, default ~/.cache/pelab). This file holds the project's only if(EMSCRIPTEN):
# the platform half lives in PelabNative.cmake / PelabWeb.cmake, the common half below.
#
# Targets:   pelab_eigen  pelab_imgui  pelab_imgui_backends  pelab_sdl2  pelab_gl
#            pelab_gtest  pelab_gtest_main
# Variables: PELAB_WEB  PELAB_DEPS_DIR  PELAB_APP_OUTPUT_DIR  PELAB_APP_SUFFIX  PELAB_APP_LINK_OPTIONS
#            PELAB_NODE_TEST_LINK_OPTIONS  PELAB_NODE_TOOL_LINK_OPTIONS  PELAB_PYTHON
# Functions: pelab_embed_file(<target> <symbol> <file>)
#            pelab_font_subset(<target> <symbol> SCAN <files...>)
include_guard(GLOBAL)

# [SECTION] pinned third-party versions (scripts/setup.sh reads these two lines: keep the format)
set(PELAB_IMGUI_DEB_VERSION "1.86+ds-1")        # Debian source package `imgui`
set(PELAB_SDL2_DEB_VERSION "2.26.5+dfsg-1")     # Debian source package `libsdl2` (web build only)

# [SECTION] the dependency cache
if(NOT "$ENV{PELAB_DEPS_DIR}" STREQUAL "")
  set(_pelab_deps_default "$ENV{PELAB_DEPS_DIR}")
else()
  set(_pelab_deps_default "$ENV{HOME}/.cache/pelab")
endif()
set(PELAB_DEPS_DIR "${_pelab_deps_default}" CACHE PATH
    "Where scripts/setup.sh put the third-party sources and the SDL2 web build")

# Upstream part of a Debian version ("1.86+ds-1" -> "1.86+ds"): apt-get source names the folder after it.
string(REGEX REPLACE "-[^-]+$" "" _pelab_imgui_upstream "${PELAB_IMGUI_DEB_VERSION}")
set(PELAB_IMGUI_DIR "${PELAB_DEPS_DIR}/imgui-${_pelab_imgui_upstream}")   # `apt-get source imgui`
set(PELAB_GTEST_SOURCE_DIR "/usr/src/googletest" CACHE PATH "GoogleTest sources (Debian package googletest)")
set(PELAB_PYTHON "/usr/bin/python3" CACHE FILEPATH
    "Debian's python3 (it has fontTools); not a pyenv/venv python")

# Stops the configure with one clear instruction when something scripts/setup.sh provides is missing.
function(pelab_require_path path what)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR
      "PE Lab: ${what} not found at\n  ${path}\n"
      "Run scripts/setup.sh (it installs the Debian packages and fills ${PELAB_DEPS_DIR}), "
      "then configure again. A different cache folder can be chosen with PELAB_DEPS_DIR "
      "(environment variable for scripts/setup.sh, cache variable for CMake).")
  endif()
endfunction()

pelab_require_path("${PELAB_IMGUI_DIR}/imgui.cpp" "Dear ImGui ${PELAB_IMGUI_DEB_VERSION} sources")
pelab_require_path("${PELAB_GTEST_SOURCE_DIR}/CMakeLists.txt" "GoogleTest sources (package googletest)")

# [SECTION] the platform half: the one if(EMSCRIPTEN) of the project
if(EMSCRIPTEN)
  include(${CMAKE_CURRENT_LIST_DIR}/PelabWeb.cmake)
else()
  include(${CMAKE_CURRENT_LIST_DIR}/PelabNative.cmake)
endif()
# Each half has set: PELAB_WEB, PELAB_APP_OUTPUT_DIR, PELAB_APP_SUFFIX, PELAB_APP_LINK_OPTIONS,
# PELAB_NODE_TEST_LINK_OPTIONS, PELAB_NODE_TOOL_LINK_OPTIONS, PELAB_IMGUI_BACKEND_DEFINITIONS,
# PELAB_IMGUI_BACKEND_LIBS, PELAB_GTEST_DISABLE_PTHREADS, and the targets pelab_sdl2 and pelab_gl.

# [SECTION] output layout: executables land at the top of the build folder (build/native/pelab-cli,
# build/web/pelab-cli.js, the test binaries); src/platform puts the app in PELAB_APP_OUTPUT_DIR.
if(NOT CMAKE_RUNTIME_OUTPUT_DIRECTORY)
  set(CMAKE_RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}")
endif()

# [SECTION] Eigen (header only; SYSTEM so g++ 12's false warnings inside Eigen stay quiet)
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
add_library(pelab_eigen INTERFACE)
get_target_property(_pelab_eigen_includes Eigen3::Eigen INTERFACE_INCLUDE_DIRECTORIES)
target_include_directories(pelab_eigen SYSTEM INTERFACE ${_pelab_eigen_includes})
target_compile_definitions(pelab_eigen INTERFACE EIGEN_MPL2_ONLY)

# [SECTION] Dear ImGui core (no SDL, no GL: the views layer links only this)
# The web build leaves out ImGui's built-in ProggyClean font (about 10 KB of the gzip download): ImGui 1.86
# links it because ImFontAtlas::Build() calls AddFontDefault() when no font was added, but PE Lab always adds
# its own fonts first (src/platform/platform.cpp). So the web build compiles a copy of imgui_draw.cpp, made at
# configure time in the build folder, whose Build() asserts that a font was added; the linker then drops the
# font. Nothing is copied into the repository, and an ImGui whose source differs fails here, not silently.
set(_pelab_imgui_draw "${PELAB_IMGUI_DIR}/imgui_draw.cpp")
if(PELAB_WEB)
  file(READ "${_pelab_imgui_draw}" _draw_source)
  set(_default_font_call "    if (ConfigData.Size == 0)\n        AddFontDefault();\n")
  string(FIND "${_draw_source}" "${_default_font_call}" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "PE Lab: ${_pelab_imgui_draw} no longer calls AddFontDefault() from Build() the way "
                        "ImGui 1.86 does; update cmake/PelabDeps.cmake for this ImGui version.")
  endif()
  string(REPLACE "${_default_font_call}"
         "    IM_ASSERT(ConfigData.Size > 0 && \"PE Lab adds its own fonts before Build()\");\n"
         _draw_source "${_draw_source}")
  set(_pelab_imgui_draw "${CMAKE_BINARY_DIR}/imgui/imgui_draw_without_default_font.cpp")
  file(WRITE "${_pelab_imgui_draw}.new" "${_draw_source}")
  configure_file("${_pelab_imgui_draw}.new" "${_pelab_imgui_draw}" COPYONLY)   # rewritten only when it changes
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${PELAB_IMGUI_DIR}/imgui_draw.cpp")
endif()
add_library(pelab_imgui STATIC
  ${PELAB_IMGUI_DIR}/imgui.cpp
  ${_pelab_imgui_draw}
  ${PELAB_IMGUI_DIR}/imgui_tables.cpp
  ${PELAB_IMGUI_DIR}/imgui_widgets.cpp)
target_include_directories(pelab_imgui SYSTEM PUBLIC ${PELAB_IMGUI_DIR})
# 32-bit indices: a window with many typeset glyphs (views/views_equation.cpp) outgrows 65,536 vertices, and
# the OpenGL3 backend cannot split draw lists on WebGL2 (no base vertex there). Every target including
# imgui.h links pelab_imgui, so all agree on the type.
target_compile_definitions(pelab_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS "ImDrawIdx=unsigned int")
# The metrics/debug window is a developer tool no learner opens; leaving it out saves ~1,100 lines of code in
# the download (the web budget counts every byte).
# No file functions either: the app sets io.IniFilename = nullptr and never logs to a file, so ImGui's fopen
# paths (imgui.ini, imgui_log.txt) and the C stdio they pull in stay out of the download.
target_compile_definitions(pelab_imgui PRIVATE IMGUI_DISABLE_METRICS_WINDOW IMGUI_DISABLE_FILE_FUNCTIONS)

# [SECTION] Dear ImGui SDL2 + OpenGL3 backends (only the platform layer links this)
if(PELAB_BUILD_APP)
  add_library(pelab_imgui_backends STATIC
    ${PELAB_IMGUI_DIR}/backends/imgui_impl_sdl.cpp
    ${PELAB_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
  target_include_directories(pelab_imgui_backends SYSTEM PUBLIC ${PELAB_IMGUI_DIR}/backends)
  target_compile_definitions(pelab_imgui_backends PUBLIC ${PELAB_IMGUI_BACKEND_DEFINITIONS})
  target_link_libraries(pelab_imgui_backends
    PUBLIC pelab_imgui pelab_sdl2 pelab_gl
    PRIVATE ${PELAB_IMGUI_BACKEND_LIBS})
endif()

# [SECTION] GoogleTest, built from Debian's /usr/src/googletest with this project's compiler
if(PELAB_BUILD_TESTS)
  set(BUILD_GMOCK ON CACHE BOOL "" FORCE)
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  set(INSTALL_GMOCK OFF CACHE BOOL "" FORCE)
  set(gtest_disable_pthreads ${PELAB_GTEST_DISABLE_PTHREADS} CACHE BOOL "" FORCE)
  add_subdirectory(${PELAB_GTEST_SOURCE_DIR} ${CMAKE_BINARY_DIR}/_deps/googletest EXCLUDE_FROM_ALL SYSTEM)
  add_library(pelab_gtest INTERFACE)
  target_link_libraries(pelab_gtest INTERFACE gtest)
  add_library(pelab_gtest_main INTERFACE)
  target_link_libraries(pelab_gtest_main INTERFACE gtest_main)
endif()

# [SECTION] pelab_embed_file(<target> <symbol> <file> [GLSL] [HASH_COMMENTS])
# Generates ${CMAKE_CURRENT_BINARY_DIR}/embed_<symbol>.cpp at build time and adds it to <target>:
#   extern const unsigned char <symbol>[];     // the bytes of <file> plus one NUL (usable as a C string)
#   extern const unsigned int  <symbol>_size;  // the size of <file>, without that NUL
# Editing <file> regenerates it. A relative <file> is taken from the calling CMakeLists' source folder.
# GLSL: a shader, embedded without its comments and indentation (scripts/embed_file.py --glsl).
# HASH_COMMENTS: a data file whose lines starting with '#' are comments, embedded empty (--hash-comments).
set(_PELAB_SCRIPTS_DIR "${CMAKE_CURRENT_LIST_DIR}/../scripts")
get_filename_component(_PELAB_SCRIPTS_DIR "${_PELAB_SCRIPTS_DIR}" ABSOLUTE)

function(pelab_embed_file target symbol file)
  cmake_parse_arguments(PARSE_ARGV 3 _embed "GLSL;HASH_COMMENTS" "" "")
  set(_embed_flags "")
  if(_embed_GLSL)
    set(_embed_flags "--glsl")
  endif()
  if(_embed_HASH_COMMENTS)
    list(APPEND _embed_flags "--hash-comments")
  endif()
  if(NOT symbol MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "pelab_embed_file: '${symbol}' is not a C identifier")
  endif()
  get_filename_component(_in "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(_out "${CMAKE_CURRENT_BINARY_DIR}/embed_${symbol}.cpp")
  add_custom_command(
    OUTPUT "${_out}"
    COMMAND "${PELAB_PYTHON}" "${_PELAB_SCRIPTS_DIR}/embed_file.py"
            --symbol "${symbol}" --input "${_in}" --output "${_out}" ${_embed_flags}
    DEPENDS "${_in}" "${_PELAB_SCRIPTS_DIR}/embed_file.py"
    COMMENT "Embedding ${file} as ${symbol}"
    VERBATIM)
  target_sources(${target} PRIVATE "${_out}")
endfunction()

# [SECTION] pelab_font_subset(<target> <symbol> [ZH_SYMBOL <zh_symbol>] SCAN <files...>)
# At build time, scripts/make_font_subset.py collects every non-ASCII character in the SCAN files (UTF-8),
# adds printable ASCII and ImGui's ellipsis/fallback glyphs, and cuts ${PELAB_CJK_FONT} down to exactly
# those glyphs (no hinting, no layout tables, no glyph names), merging in the few it lacks from
# ${PELAB_FALLBACK_FONT}. It produces, in the calling binary folder:
#   <symbol>.ttf                  the subset font, embedded with pelab_embed_file as <symbol>/<symbol>_size
#   <symbol>_chars.txt            the characters, one per line ("U+4E2D 中"); "# ..." lines name those
#                                 borrowed from the fallback font and any no font has
#   embed_<symbol>_ranges.cpp     extern const unsigned short <symbol>_ranges[] = {first,last, ..., 0}
#                                 (ImGui glyph ranges covering exactly the subset's codepoints <= 0xFFFF)
# With ZH_SYMBOL, the glyphs that only Chinese texts use (scripts/language_texts.py) are cut into a second font,
# <zh_symbol>.ttf with embed_<zh_symbol>_ranges.cpp, and left out of the first: the app merges the two, and the
# web build sends the second with the Chinese texts (one language per load).
# Editing any SCAN file rebuilds it; when the character set did not change, nothing downstream recompiles.
set(_pelab_wqy "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
set(_pelab_noto "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
if(EXISTS "${_pelab_wqy}" OR NOT EXISTS "${_pelab_noto}")
  set(_pelab_font_default "${_pelab_wqy}")
  set(_pelab_font_number_default 0)
else()
  set(_pelab_font_default "${_pelab_noto}")
  set(_pelab_font_number_default 2)   # the Simplified Chinese face of Debian's NotoSansCJK-Regular.ttc
endif()
set(PELAB_CJK_FONT "${_pelab_font_default}" CACHE FILEPATH "CJK font that pelab_font_subset cuts down")
set(PELAB_CJK_FONT_NUMBER "${_pelab_font_number_default}" CACHE STRING "Face index inside PELAB_CJK_FONT (.ttc)")
# Glyphs the CJK font lacks (WenQuanYi Micro Hei has no ᵀ ᵢ ₀ ₅-₉ ⟨ ⟩) are taken from this font and merged
# into the same subset; empty = no fallback.
set(_pelab_fallback_default "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
if(NOT EXISTS "${_pelab_fallback_default}")
  set(_pelab_fallback_default "")
endif()
set(PELAB_FALLBACK_FONT "${_pelab_fallback_default}" CACHE FILEPATH
    "Font (package fonts-dejavu-core) for the characters PELAB_CJK_FONT lacks; empty = none")

function(pelab_font_subset target symbol)
  cmake_parse_arguments(PARSE_ARGV 2 _arg "" "ZH_SYMBOL" "SCAN")
  if(NOT _arg_SCAN)
    message(FATAL_ERROR "pelab_font_subset(${target} ${symbol} SCAN <files...>): no SCAN files given")
  endif()
  pelab_require_path("${PELAB_CJK_FONT}" "The CJK font (package fonts-wqy-microhei)")
  get_property(_checked GLOBAL PROPERTY _PELAB_FONTTOOLS_CHECKED)
  if(NOT _checked)
    execute_process(COMMAND "${PELAB_PYTHON}" -c "import fontTools.subset"
                    RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "PE Lab: ${PELAB_PYTHON} cannot import fontTools (package python3-fonttools). "
                          "Run scripts/setup.sh.")
    endif()
    set_property(GLOBAL PROPERTY _PELAB_FONTTOOLS_CHECKED TRUE)
  endif()
  set(_scan "")
  foreach(_f IN LISTS _arg_SCAN)
    get_filename_component(_abs "${_f}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _scan "${_abs}")
  endforeach()
  set(_fallback_args "")
  set(_fallback_dep "")
  if(PELAB_FALLBACK_FONT)
    pelab_require_path("${PELAB_FALLBACK_FONT}" "The fallback font (package fonts-dejavu-core)")
    set(_fallback_args --fallback-font "${PELAB_FALLBACK_FONT}")
    set(_fallback_dep "${PELAB_FALLBACK_FONT}")
  endif()
  set(_ttf "${CMAKE_CURRENT_BINARY_DIR}/${symbol}.ttf")
  set(_chars "${CMAKE_CURRENT_BINARY_DIR}/${symbol}_chars.txt")
  set(_ranges "${CMAKE_CURRENT_BINARY_DIR}/embed_${symbol}_ranges.cpp")
  set(_zh_args "")
  set(_zh_outputs "")
  if(_arg_ZH_SYMBOL)
    set(_zh_ttf "${CMAKE_CURRENT_BINARY_DIR}/${_arg_ZH_SYMBOL}.ttf")
    set(_zh_ranges "${CMAKE_CURRENT_BINARY_DIR}/embed_${_arg_ZH_SYMBOL}_ranges.cpp")
    set(_zh_args --zh-symbol "${_arg_ZH_SYMBOL}" --out-zh-font "${_zh_ttf}" --out-zh-ranges "${_zh_ranges}")
    set(_zh_outputs "${_zh_ttf}" "${_zh_ranges}")
  endif()
  add_custom_command(
    OUTPUT "${_ttf}" "${_chars}" "${_ranges}" ${_zh_outputs}
    COMMAND "${PELAB_PYTHON}" "${_PELAB_SCRIPTS_DIR}/make_font_subset.py"
            --font "${PELAB_CJK_FONT}" --font-number "${PELAB_CJK_FONT_NUMBER}" ${_fallback_args}
            --symbol "${symbol}" --out-font "${_ttf}" --out-chars "${_chars}" --out-ranges "${_ranges}"
            ${_zh_args} --scan ${_scan}
    DEPENDS ${_scan} "${_PELAB_SCRIPTS_DIR}/make_font_subset.py" "${_PELAB_SCRIPTS_DIR}/language_texts.py"
            "${PELAB_CJK_FONT}" ${_fallback_dep}
    COMMENT "Subsetting ${PELAB_CJK_FONT} for ${symbol}"
    VERBATIM)
  target_sources(${target} PRIVATE "${_ranges}")
  pelab_embed_file(${target} ${symbol} "${_ttf}")
  if(_arg_ZH_SYMBOL)
    target_sources(${target} PRIVATE "${_zh_ranges}")
    pelab_embed_file(${target} ${_arg_ZH_SYMBOL} "${_zh_ttf}")
  endif()
endfunction()
