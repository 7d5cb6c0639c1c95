// PE Lab — platform/gl.h
// The one place that picks the GL headers: WebGL2 (GLES 3.0) in the browser, GL 3.3 core on the
// desktop. On Linux, libGL (glvnd) exports every core entry point, so no loader is needed here.
#pragma once
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#define PELAB_GLSL_HEADER "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
#else
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#define PELAB_GLSL_HEADER "#version 330 core\n"
#endif
