# PE Lab — cmake/PelabSanitize.cmake
# Sanitizer and fuzzing builds of the code that reads outside input: core, lessons, the CLI and their tests
# (the app, views and platform layers are not instrumented; the presets that use this build without them).
# Included from tests/CMakeLists.txt, where core, lessons and pelab-cli already exist as targets.
#
# Cache variables:
#   PELAB_SANITIZE  list of -fsanitize= groups, e.g. "address;undefined" (preset native-asan); empty = off.
#                   UBSan findings abort (-fno-sanitize-recover), so a test that hits one fails.
#   PELAB_FUZZ      ON builds tests/fuzz/fuzz_params, the libFuzzer target (preset fuzz; needs clang, e.g.
#                   Debian's /usr/bin/clang++ 14). It implies address;undefined plus libFuzzer's coverage.
# Function:
#   pelab_sanitize_targets(<target>...)   instruments the named targets that exist (compile and link)
include_guard(GLOBAL)

set(PELAB_SANITIZE "" CACHE STRING "Sanitizers for core, lessons, CLI and tests, e.g. address;undefined")
option(PELAB_FUZZ "Build the libFuzzer target tests/fuzz/fuzz_params (clang only)" OFF)

set(_pelab_sanitizers ${PELAB_SANITIZE})
if(PELAB_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "PE Lab: PELAB_FUZZ needs clang (libFuzzer); configure with the preset `fuzz` "
                        "or -DCMAKE_CXX_COMPILER=/usr/bin/clang++ (package clang).")
  endif()
  list(APPEND _pelab_sanitizers address undefined)
endif()
list(REMOVE_DUPLICATES _pelab_sanitizers)

set(PELAB_SANITIZE_COMPILE_OPTIONS "")
set(PELAB_SANITIZE_LINK_OPTIONS "")
if(_pelab_sanitizers)
  list(JOIN _pelab_sanitizers "," _pelab_sanitize_list)
  set(_pelab_compile_list "${_pelab_sanitize_list}")
  if(PELAB_FUZZ)
    # Coverage feedback for libFuzzer in every instrumented library; only the fuzz target links the driver.
    set(_pelab_compile_list "fuzzer-no-link,${_pelab_sanitize_list}")
  endif()
  set(PELAB_SANITIZE_COMPILE_OPTIONS
    -fsanitize=${_pelab_compile_list}
    -fno-omit-frame-pointer              # readable stack traces in reports
    -fno-sanitize-recover=undefined      # a UBSan finding aborts, so CTest and libFuzzer see it
    -g)
  set(PELAB_SANITIZE_LINK_OPTIONS -fsanitize=${_pelab_sanitize_list})
  message(STATUS "PE Lab: sanitizers ${_pelab_compile_list} for core, lessons, CLI and tests")
endif()

function(pelab_sanitize_targets)
  if(NOT PELAB_SANITIZE_COMPILE_OPTIONS)
    return()
  endif()
  foreach(_t IN LISTS ARGN)
    if(TARGET ${_t})
      target_compile_options(${_t} PRIVATE ${PELAB_SANITIZE_COMPILE_OPTIONS})
      get_target_property(_type ${_t} TYPE)
      if(_type STREQUAL "EXECUTABLE")
        target_link_options(${_t} PRIVATE ${PELAB_SANITIZE_LINK_OPTIONS})
      endif()
    endif()
  endforeach()
endfunction()
