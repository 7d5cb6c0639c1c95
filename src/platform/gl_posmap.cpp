// PE Lab — platform/gl_posmap.cpp
// The GL side of long-sequence position maps (shaders/posmap.frag): the per-pair / bucket-edge
// texture, the uniforms, the ImGui-interleaved paint and an offscreen render with read-back used by
// the GPU tile tests, `pelab --headless-render` and the frame-time benchmark; the read-back of an uploaded
// matrix texture that checks the box-filtered map images.
//
// Index of this file:
// [SECTION] program and upload
// [SECTION] drawing
// [SECTION] offscreen render and read-back
// [SECTION] read-back of an uploaded matrix (the filtered images)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "platform/gl.h"
#include "platform/gl_heatmap.h"

extern const unsigned char pelab_posmap_frag[];

namespace pelab {

// [SECTION] program and upload ---------------------------------------------------------------

// Compiles the program on first use; a failure is remembered (and reported once) until the GL context is
// rebuilt, so a driver that rejects the shader is not asked again every frame.
bool GlMatrixPainter::posmap_init(std::string* error) {
    if (posmap_program_) return true;
    if (!posmap_error_.empty()) {
        *error = posmap_error_;
        return false;
    }
    posmap_program_ = build_gl_program(reinterpret_cast<const char*>(pelab_posmap_frag), "posmap.frag", error);
    if (!posmap_program_) {
        posmap_error_ = error->empty() ? "posmap.frag: the shader was rejected" : *error;
        std::fprintf(stderr, "pelab: %s\n", posmap_error_.c_str());
        return false;
    }
    const unsigned prog = posmap_program_;
    auto loc = [prog](const char* name) { return glGetUniformLocation(prog, name); };
    posmap_u_ = {loc("u_data"),         loc("u_lognorm"),    loc("u_rect"),        loc("u_window"),       loc("u_origin"),
                 loc("u_kind"),         loc("u_L"),          loc("u_delta_sign"),  loc("u_pair_count"),   loc("u_edge_count"),
                 loc("u_alibi_slope"),  loc("u_alibi_causal"), loc("u_t5_bidirectional"), loc("u_t5_half"), loc("u_shaw_clip"),
                 loc("u_softmax"),      loc("u_range"),      loc("u_map"),         loc("u_raw")};
    return true;
}

void GlMatrixPainter::posmap_upload(PosmapSlot* s, uint64_t version, const PositionMapGpu& map) {
    if (s->texture && s->version == version) return;
    // One RGBA32UI row: the pairs, then one texel per T5 edge (in .x). Integer textures are core in
    // WebGL2 and GL 3.3 and are read with texelFetch, so no filtering or float extension is involved.
    std::vector<std::uint32_t> texels(map.pairs);
    for (std::int32_t e : map.t5_edges) texels.insert(texels.end(), {std::uint32_t(e), 0u, 0u, 0u});
    if (texels.empty()) texels.assign(4, 0u);
    if (!s->texture) glGenTextures(1, &s->texture);
    glBindTexture(GL_TEXTURE_2D, s->texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, GLsizei(texels.size() / 4), 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                 texels.data());
    // The rows' log-normalisers, 256 per texture row (65,536 rows → 256×256): read with texelFetch.
    std::vector<float> lognorm(map.log_norm);
    const int ln_w = 256, ln_h = std::max(1, int((lognorm.size() + 255) / 256));
    lognorm.resize(size_t(ln_w) * size_t(ln_h), 0.0f);
    if (!s->lognorm_texture) glGenTextures(1, &s->lognorm_texture);
    glBindTexture(GL_TEXTURE_2D, s->lognorm_texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, ln_w, ln_h, 0, GL_RED, GL_FLOAT, lognorm.data());
    s->version = version;
    s->map = map;
}

// [SECTION] drawing --------------------------------------------------------------------------

void GlMatrixPainter::posmap_draw(const PosmapSlot& s, const int origin[2], const float local_window[4],
                                  const float rect_ndc[4], int map, const float range[2], bool raw) {
    const PosmapUniforms& u = posmap_u_;
    const PositionMapGpu& m = s.map;
    glUseProgram(posmap_program_);
    glBindVertexArray(vao_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, s.texture);
    glUniform1i(u.data, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, s.lognorm_texture);
    glUniform1i(u.lognorm, 1);
    glUniform1i(u.softmax, m.log_norm.empty() ? 0 : 1);
    glActiveTexture(GL_TEXTURE0);
    glUniform4f(u.rect, rect_ndc[0], rect_ndc[1], rect_ndc[2], rect_ndc[3]);
    glUniform4f(u.window, local_window[0], local_window[1], local_window[2], local_window[3]);
    glUniform2i(u.origin, origin[0], origin[1]);
    glUniform1i(u.kind, m.kind);
    glUniform1i(u.L, m.L);
    glUniform1i(u.delta_sign, m.delta_sign);
    glUniform1i(u.pair_count, m.pair_count);
    glUniform1i(u.edge_count, int(m.t5_edges.size()));
    glUniform1f(u.alibi_slope, m.alibi_slope);
    glUniform1i(u.alibi_causal, m.alibi_causal);
    glUniform1i(u.t5_bidirectional, m.t5_bidirectional);
    glUniform1i(u.t5_half, m.t5_half);
    glUniform1i(u.shaw_clip, m.shaw_clip);
    glUniform2f(u.range, range[0], range[1]);
    glUniform1i(u.map, map);
    glUniform1i(u.raw, raw ? 1 : 0);
    glDisable(GL_BLEND);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glEnable(GL_BLEND);
}

namespace {
// The window's integer origin and its float extent relative to it: positions up to 65,536 with
// fractional zoom keep full float precision in the shader's local coordinates.
void split_window(const double window[4], int origin[2], float local[4]) {
    const double ox = std::floor(window[0]), oy = std::floor(window[1]);
    origin[0] = int(ox);
    origin[1] = int(oy);
    local[0] = float(window[0] - ox);
    local[1] = float(window[1] - oy);
    local[2] = float(window[0] + window[2] - ox);
    local[3] = float(window[1] + window[3] - oy);
}
}  // namespace

bool GlMatrixPainter::paint_position_map(ImDrawList* draw_list, int slot, uint64_t version, const PositionMapGpu& map,
                                         ImVec2 p0, ImVec2 p1, const double window[4], Colormap colormap, float range_min,
                                         float range_max) {
    std::string error;
    if (slot < 0 || !posmap_init(&error)) return false;
    if (size_t(slot) >= posmaps_.size()) posmaps_.resize(size_t(slot) + 1);
    posmap_upload(&posmaps_[size_t(slot)], version, map);
    PaintRecord rec{this, slot, {p0.x, p0.y}, {p1.x, p1.y}, int(colormap), {range_min, range_max}, false, {0, 0, 1, 1}};
    rec.posmap = true;
    split_window(window, rec.origin, rec.window);
    records_.push_back(rec);
    draw_list->AddCallback(draw_callback, &records_.back());
    draw_list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    return true;
}

// [SECTION] offscreen render and read-back ---------------------------------------------------

bool GlMatrixPainter::render_position_map(const PositionMapGpu& map, const double window[4], int width, int height,
                                          bool raw, Colormap colormap, float range_min, float range_max,
                                          std::vector<float>* values, std::vector<unsigned char>* rgba, std::string* error) {
    if (!posmap_init(error)) return false;
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
    if (width < 1 || height < 1 || width > max_size || height > max_size) {
        *error = "image size " + std::to_string(width) + "x" + std::to_string(height) + " exceeds this GPU's limit of " +
                 std::to_string(max_size);
        return false;
    }
    scratch_.version = ~uint64_t(0);  // always a fresh upload
    posmap_upload(&scratch_, 0, map);
    GLuint fbo = 0, color = 0;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &color);
    glBindRenderbuffer(GL_RENDERBUFFER, color);
    glRenderbufferStorage(GL_RENDERBUFFER, raw ? GL_RGBA32F : GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
    bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (!ok) {
        *error = raw ? "float render targets are not supported here (WebGL2 needs EXT_color_buffer_float)"
                     : "could not create an offscreen render target";
    } else {
        glViewport(0, 0, width, height);
        glDisable(GL_SCISSOR_TEST);
        int origin[2];
        float local[4];
        split_window(window, origin, local);
        // NDC rectangle (left, top, right, bottom): row 0 of the window at the top of the image.
        const float rect[4] = {-1.0f, 1.0f, 1.0f, -1.0f};
        const float range[2] = {range_min, range_max};
        posmap_draw(scratch_, origin, local, rect, int(colormap), range, raw);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        const size_t n = size_t(width) * size_t(height);
        if (!values && !rgba) {
            glFinish();  // timing only: wait for the GPU, read nothing
        } else if (raw) {
            std::vector<float> px(n * 4);
            glReadPixels(0, 0, width, height, GL_RGBA, GL_FLOAT, px.data());
            values->assign(n * 2, 0.0f);
            for (int y = 0; y < height; ++y) {  // GL rows are bottom-up; the result is top-down
                for (int x = 0; x < width; ++x) {
                    const size_t from = (size_t(height - 1 - y) * size_t(width) + size_t(x)) * 4;
                    const size_t to = (size_t(y) * size_t(width) + size_t(x)) * 2;
                    (*values)[to] = px[from];
                    (*values)[to + 1] = px[from + 1];
                }
            }
        } else {
            std::vector<unsigned char> px(n * 4);
            glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
            rgba->assign(n * 4, 0);
            for (int y = 0; y < height; ++y)
                std::copy_n(px.begin() + std::ptrdiff_t(size_t(height - 1 - y) * size_t(width) * 4), size_t(width) * 4,
                            rgba->begin() + std::ptrdiff_t(size_t(y) * size_t(width) * 4));
        }
        ok = glGetError() == GL_NO_ERROR;
        if (!ok) *error = "reading the rendered map back failed";
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(1, &color);
    glDeleteFramebuffers(1, &fbo);
    return ok;
}

// [SECTION] read-back of an uploaded matrix (the filtered images) ------------------------------------

bool GlMatrixPainter::read_back_slot(int slot, std::vector<float>* values, int* rows, int* cols, std::string* error) {
    if (slot < 0 || size_t(slot) >= slots_.size() || !slots_[size_t(slot)].texture) {
        *error = "nothing uploaded to slot " + std::to_string(slot);
        return false;
    }
    const Slot& s = slots_[size_t(slot)];
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, s.texture, 0);
    bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (!ok) {
        *error = "float textures cannot be read back here (WebGL2 needs EXT_color_buffer_float)";
    } else {
        // RGBA/FLOAT is the read format every float colour buffer accepts; texture row 0 is the matrix's row 0.
        std::vector<float> px(size_t(s.rows) * size_t(s.cols) * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, 0, s.cols, s.rows, GL_RGBA, GL_FLOAT, px.data());
        values->resize(size_t(s.rows) * size_t(s.cols) * 2);
        for (size_t k = 0; k < size_t(s.rows) * size_t(s.cols); ++k) {
            (*values)[2 * k] = px[4 * k];
            (*values)[2 * k + 1] = px[4 * k + 1];
        }
        *rows = s.rows;
        *cols = s.cols;
        ok = glGetError() == GL_NO_ERROR;
        if (!ok) *error = "reading the uploaded texture back failed";
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    return ok;
}

}  // namespace pelab
