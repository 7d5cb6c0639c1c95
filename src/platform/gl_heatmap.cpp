// PE Lab — platform/gl_heatmap.cpp
// Shader assembly (version line + colour-map tables + shaders/colormap.glsl + shaders/heatmap.*), texture
// uploads and the ImGui draw callback that paints a heatmap quad (or a position map: gl_posmap.cpp).
#include "platform/gl_heatmap.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "platform/gl.h"

extern const unsigned char pelab_heatmap_vert[];
extern const unsigned char pelab_heatmap_frag[];
extern const unsigned char pelab_colormap_glsl[];

namespace pelab {

namespace {

// "const int SEQ_N = 11; const vec3 SEQ[11] = vec3[11](vec3(...), ...);" from views/colormap.cpp,
// so the shader and the CPU side (legend text colours) share one table.
std::string colormap_glsl(const char* name, Colormap map) {
    const ColormapTable t = colormap_table(map);
    std::string s = "const int " + std::string(name) + "_N = " + std::to_string(t.count) + ";\nconst vec3 " + name + "[" +
                    std::to_string(t.count) + "] = vec3[" + std::to_string(t.count) + "](";
    char buf[96];
    for (int i = 0; i < t.count; ++i) {
        std::snprintf(buf, sizeof buf, "%svec3(%.4f, %.4f, %.4f)", i ? ", " : "", t.rgb[i][0], t.rgb[i][1], t.rgb[i][2]);
        s += buf;
    }
    return s + ");\n";
}

// Issues the compile and returns at once: the status is read when the program is linked (finish_gl_program).
unsigned start_shader(unsigned type, const std::string& source) {
    const unsigned shader = glCreateShader(type);
    const char* src = source.c_str();
    glShaderSource(shader, 1, &src, nullptr);
    glCompileShader(shader);
    return shader;
}

// The compile log of `shader` when it failed, else "".
std::string compile_error(unsigned shader, const std::string& name) {
    int ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok) return "";
    char log[2048] = {0};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    return name + ": " + log;
}

std::string fragment_prelude() {
    return std::string(PELAB_GLSL_HEADER) + colormap_glsl("SEQ", Colormap::Sequential) +
           colormap_glsl("DIV", Colormap::Diverging) + reinterpret_cast<const char*>(pelab_colormap_glsl);
}

}  // namespace

PendingGlProgram start_gl_program(const char* fragment_body, const char* name) {
    PendingGlProgram p;
    p.name = name;
    p.vertex = start_shader(GL_VERTEX_SHADER,
                            PELAB_GLSL_HEADER + std::string(reinterpret_cast<const char*>(pelab_heatmap_vert)));
    p.fragment = start_shader(GL_FRAGMENT_SHADER, fragment_prelude() + fragment_body);
    p.program = glCreateProgram();
    glAttachShader(p.program, p.vertex);
    glAttachShader(p.program, p.fragment);
    glLinkProgram(p.program);
    return p;
}

unsigned finish_gl_program(PendingGlProgram* p, std::string* error) {
    int ok = 0;
    glGetProgramiv(p->program, GL_LINK_STATUS, &ok);  // the one query that waits for the compile and link
    if (!ok) {
        std::string why = compile_error(p->vertex, "heatmap.vert");
        if (why.empty()) why = compile_error(p->fragment, p->name);
        if (why.empty()) {
            char log[2048] = {0};
            glGetProgramInfoLog(p->program, sizeof log, nullptr, log);
            why = p->name + " program: " + log;
        }
        *error = why;
        glDeleteProgram(p->program);
        p->program = 0;
    }
    glDeleteShader(p->vertex);
    glDeleteShader(p->fragment);
    const unsigned program = p->program;
    *p = PendingGlProgram();
    return program;
}

unsigned build_gl_program(const char* fragment_body, const char* name, std::string* error) {
    PendingGlProgram p = start_gl_program(fragment_body, name);
    return finish_gl_program(&p, error);
}

void GlMatrixPainter::start_init() {
    if (!pending_.program && !program_)
        pending_ = start_gl_program(reinterpret_cast<const char*>(pelab_heatmap_frag), "heatmap.frag");
}

bool GlMatrixPainter::init(std::string* error) {
    start_init();  // nothing to do when start_init() came first
    program_ = finish_gl_program(&pending_, error);
    if (!program_) return false;
    loc_rect_ = glGetUniformLocation(program_, "u_rect");
    loc_window_ = glGetUniformLocation(program_, "u_window");
    loc_values_ = glGetUniformLocation(program_, "u_values");
    loc_range_ = glGetUniformLocation(program_, "u_range");
    loc_map_ = glGetUniformLocation(program_, "u_map");
    loc_ramp_ = glGetUniformLocation(program_, "u_ramp");
    glGenVertexArrays(1, &vao_);
    // A 1×1 texture bound for legend ramps, so the sampler always has a complete texture.
    const float zero[2] = {0, 0};
    glGenTextures(1, &empty_texture_);
    glBindTexture(GL_TEXTURE_2D, empty_texture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32F, 1, 1, 0, GL_RG, GL_FLOAT, zero);
    // The position-map program is compiled on first use (gl_posmap.cpp): most pages never show one, and
    // compiling it here would delay every widget's first frame.
    return true;
}

void GlMatrixPainter::shutdown() {
    if (pending_.program) {  // started, never finished (platform_create failed in between)
        glDeleteProgram(pending_.program);
        glDeleteShader(pending_.vertex);
        glDeleteShader(pending_.fragment);
        pending_ = PendingGlProgram();
    }
    for (Slot& s : slots_)
        if (s.texture) glDeleteTextures(1, &s.texture);
    slots_.clear();
    for (PosmapSlot* s : {&scratch_}) {
        if (s->texture) glDeleteTextures(1, &s->texture);
        if (s->lognorm_texture) glDeleteTextures(1, &s->lognorm_texture);
        *s = PosmapSlot();
    }
    for (PosmapSlot& s : posmaps_) {
        if (s.texture) glDeleteTextures(1, &s.texture);
        if (s.lognorm_texture) glDeleteTextures(1, &s.lognorm_texture);
    }
    posmaps_.clear();
    if (posmap_program_) glDeleteProgram(posmap_program_);
    posmap_program_ = 0;
    posmap_error_.clear();
    if (empty_texture_) glDeleteTextures(1, &empty_texture_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (program_) glDeleteProgram(program_);
    program_ = vao_ = empty_texture_ = 0;
}

void GlMatrixPainter::forget() {
    pending_ = PendingGlProgram();
    slots_.clear();
    posmaps_.clear();
    scratch_ = PosmapSlot();
    program_ = vao_ = empty_texture_ = posmap_program_ = 0;
    posmap_error_.clear();
}

void GlMatrixPainter::begin_frame() { records_.clear(); }

void GlMatrixPainter::upload(int slot, uint64_t version, const float* row_major, int rows, int cols) {
    if (slot < 0 || rows <= 0 || cols <= 0) return;
    if (size_t(slot) >= slots_.size()) slots_.resize(size_t(slot) + 1);
    Slot& s = slots_[size_t(slot)];
    if (s.texture && s.version == version && s.rows == rows && s.cols == cols) return;
    // (value, missing) pairs: NaN is encoded as a flag so no shader relies on isnan().
    std::vector<float> texels(size_t(rows) * size_t(cols) * 2);
    for (size_t i = 0; i < size_t(rows) * size_t(cols); ++i) {
        const bool missing = !std::isfinite(row_major[i]);
        texels[2 * i] = missing ? 0.0f : row_major[i];
        texels[2 * i + 1] = missing ? 1.0f : 0.0f;
    }
    if (!s.texture) glGenTextures(1, &s.texture);
    glBindTexture(GL_TEXTURE_2D, s.texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32F, cols, rows, 0, GL_RG, GL_FLOAT, texels.data());
    s.version = version;
    s.rows = rows;
    s.cols = cols;
}

void GlMatrixPainter::paint(ImDrawList* draw_list, int slot, ImVec2 p0, ImVec2 p1, Colormap map, float range_min,
                            float range_max, bool legend_ramp, const float* window) {
    PaintRecord rec{this, slot, {p0.x, p0.y}, {p1.x, p1.y}, int(map), {range_min, range_max}, legend_ramp, {0, 0, 1, 1}};
    if (window)
        for (int i = 0; i < 4; ++i) rec.window[i] = window[i];
    records_.push_back(rec);
    draw_list->AddCallback(draw_callback, &records_.back());
    draw_list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void GlMatrixPainter::set_frame(const ImDrawData* dd) {
    display_pos_[0] = dd->DisplayPos.x;
    display_pos_[1] = dd->DisplayPos.y;
    display_size_[0] = std::max(1.0f, dd->DisplaySize.x);
    display_size_[1] = std::max(1.0f, dd->DisplaySize.y);
    fb_scale_[0] = dd->FramebufferScale.x;
    fb_scale_[1] = dd->FramebufferScale.y;
}

void GlMatrixPainter::draw_callback(const ImDrawList*, const ImDrawCmd* cmd) {
    const auto* rec = static_cast<const PaintRecord*>(cmd->UserCallbackData);
    const float clip[4] = {cmd->ClipRect.x, cmd->ClipRect.y, cmd->ClipRect.z, cmd->ClipRect.w};
    rec->self->draw_record(*rec, clip);
}

void GlMatrixPainter::draw_record(const PaintRecord& rec, const float clip[4]) {
    unsigned texture = empty_texture_;
    if (rec.posmap) {
        if (rec.slot < 0 || size_t(rec.slot) >= posmaps_.size() || !posmaps_[size_t(rec.slot)].texture) return;
    } else if (!rec.ramp) {
        if (rec.slot < 0 || size_t(rec.slot) >= slots_.size() || !slots_[size_t(rec.slot)].texture) return;
        texture = slots_[size_t(rec.slot)].texture;
    }
    const float fb_h = display_size_[1] * fb_scale_[1];
    // Same scissor rule as the ImGui backend: clip rectangle in framebuffer pixels, origin bottom-left.
    const float cx0 = (clip[0] - display_pos_[0]) * fb_scale_[0], cy0 = (clip[1] - display_pos_[1]) * fb_scale_[1];
    const float cx1 = (clip[2] - display_pos_[0]) * fb_scale_[0], cy1 = (clip[3] - display_pos_[1]) * fb_scale_[1];
    if (cx1 <= cx0 || cy1 <= cy0) return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(int(cx0), int(fb_h - cy1), int(cx1 - cx0), int(cy1 - cy0));
    auto ndc_x = [&](float x) { return (x - display_pos_[0]) / display_size_[0] * 2.0f - 1.0f; };
    auto ndc_y = [&](float y) { return 1.0f - (y - display_pos_[1]) / display_size_[1] * 2.0f; };
    if (rec.posmap) {
        const float rect[4] = {ndc_x(rec.p0[0]), ndc_y(rec.p0[1]), ndc_x(rec.p1[0]), ndc_y(rec.p1[1])};
        posmap_draw(posmaps_[size_t(rec.slot)], rec.origin, rec.window, rect, rec.map, rec.range, false);
        return;
    }
    glUseProgram(program_);
    glBindVertexArray(vao_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glUniform1i(loc_values_, 0);
    glUniform4f(loc_rect_, ndc_x(rec.p0[0]), ndc_y(rec.p0[1]), ndc_x(rec.p1[0]), ndc_y(rec.p1[1]));
    glUniform4f(loc_window_, rec.window[0], rec.window[1], rec.window[2], rec.window[3]);
    glUniform2f(loc_range_, rec.range[0], rec.range[1]);
    glUniform1i(loc_map_, rec.map);
    glUniform1i(loc_ramp_, rec.ramp ? 1 : 0);
    glDisable(GL_BLEND);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glEnable(GL_BLEND);
}

}  // namespace pelab
