# PE Lab — cmake/PelabNative.cmake
# The desktop half of PelabDeps.cmake (included from there only): Debian's SDL2 and OpenGL, the desktop
# app layout (build/native/pelab) and empty node link options. ImGui's OpenGL3 backend uses its bundled
# loader (imgui_impl_opengl3_loader.h) for a GL 3.3 core context.

set(PELAB_WEB OFF)

# [SECTION] where and how src/platform puts the app
set(PELAB_APP_OUTPUT_DIR "${CMAKE_BINARY_DIR}")   # -> build/native/pelab
set(PELAB_APP_SUFFIX "")
set(PELAB_APP_LINK_OPTIONS "")

# [SECTION] tests and the CLI run natively: nothing to add
set(PELAB_NODE_TEST_LINK_OPTIONS "")
set(PELAB_NODE_TOOL_LINK_OPTIONS "")
set(PELAB_GTEST_DISABLE_PTHREADS OFF)

# [SECTION] SDL2 and OpenGL (only needed by the app)
set(PELAB_IMGUI_BACKEND_DEFINITIONS "")            # default: GL 3.3 core via the bundled loader
set(PELAB_IMGUI_BACKEND_LIBS ${CMAKE_DL_LIBS})     # the bundled loader dlopen()s libGL
if(PELAB_BUILD_APP)
  find_package(SDL2 CONFIG QUIET)
  if(NOT TARGET SDL2::SDL2)
    message(FATAL_ERROR "PE Lab: SDL2 development files not found (package libsdl2-dev). Run scripts/setup.sh.")
  endif()
  add_library(pelab_sdl2 INTERFACE)
  target_link_libraries(pelab_sdl2 INTERFACE SDL2::SDL2)

  set(OpenGL_GL_PREFERENCE GLVND)
  find_package(OpenGL QUIET)
  if(NOT TARGET OpenGL::GL)
    message(FATAL_ERROR "PE Lab: OpenGL development files not found (package libgl-dev). Run scripts/setup.sh.")
  endif()
  add_library(pelab_gl INTERFACE)
  target_link_libraries(pelab_gl INTERFACE OpenGL::GL)
endif()
