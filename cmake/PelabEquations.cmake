# PE Lab — cmake/PelabEquations.cmake
# Typeset equations, built at build time for both configurations (desktop and Emscripten/web alike: the same
# generated C++ source). scripts/equations/make_equations.mjs runs under the host's node with MathJax and
# earcut from scripts/equations/node_modules (installed by scripts/setup.sh: `npm ci` there); nothing of
# MathJax ships and nothing is fetched at run time.
#
# Functions: pelab_equations(<target> SCAN <files...>)
#   Scans the SCAN files for R"tex(...)tex" raw strings (the steps' equations: the lesson text stays the one
#   source), typesets each, and adds ${CMAKE_CURRENT_BINARY_DIR}/equations_data.cpp (the tables declared in
#   src/views/equation_data.h) to <target>. Editing any SCAN file re-runs it; when no equation changed, the
#   output is left untouched and nothing recompiles.
include_guard(GLOBAL)

set(_PELAB_EQUATIONS_DIR "${CMAKE_CURRENT_LIST_DIR}/../scripts/equations")
get_filename_component(_PELAB_EQUATIONS_DIR "${_PELAB_EQUATIONS_DIR}" ABSOLUTE)

# The host's node (not a cross-compiled one): Debian's /usr/bin/node, which emscripten uses too.
find_program(PELAB_NODE NAMES node nodejs NO_CMAKE_FIND_ROOT_PATH
             DOC "node that runs scripts/equations/make_equations.mjs at build time")

function(pelab_equations target)
  cmake_parse_arguments(PARSE_ARGV 1 _arg "" "" "SCAN")
  if(NOT _arg_SCAN)
    message(FATAL_ERROR "pelab_equations(${target} SCAN <files...>): no SCAN files given")
  endif()
  if(NOT PELAB_NODE)
    message(FATAL_ERROR "PE Lab: node not found; the equations are typeset with it at build time. "
                        "Run scripts/setup.sh, then configure again.")
  endif()
  foreach(_module mathjax-full earcut)
    if(NOT EXISTS "${_PELAB_EQUATIONS_DIR}/node_modules/${_module}/package.json")
      message(FATAL_ERROR
        "PE Lab: the npm package ${_module} is missing from\n  ${_PELAB_EQUATIONS_DIR}/node_modules\n"
        "The equations are typeset at build time with MathJax and earcut. Run scripts/setup.sh "
        "(it runs `npm ci` in scripts/equations), then configure again.")
    endif()
  endforeach()
  set(_scan "")
  foreach(_f IN LISTS _arg_SCAN)
    get_filename_component(_abs "${_f}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _scan "${_abs}")
  endforeach()
  set(_out "${CMAKE_CURRENT_BINARY_DIR}/equations_data.cpp")
  add_custom_command(
    OUTPUT "${_out}"
    COMMAND "${PELAB_NODE}" "${_PELAB_EQUATIONS_DIR}/make_equations.mjs" --output "${_out}" --scan ${_scan}
    DEPENDS ${_scan} "${_PELAB_EQUATIONS_DIR}/make_equations.mjs" "${_PELAB_EQUATIONS_DIR}/package-lock.json"
    COMMENT "Typesetting the lessons' equations (MathJax, earcut)"
    VERBATIM)
  target_sources(${target} PRIVATE "${_out}")
endfunction()
