// PE Lab — platform/gl_heatmap.h
// GL implementation of views' MatrixPainter: float textures + the colour-map shader, drawn through
// ImGui draw callbacks so heatmaps interleave correctly with ImGui's own text and lines.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "views/gpu.h"

struct ImDrawData;
struct ImDrawList;
struct ImDrawCmd;

namespace pelab {

// A GL program whose compile and link were issued but not yet checked. Checking a status waits for the work;
// issued early, it proceeds meanwhile (in a browser, in the GPU process while the page goes on).
struct PendingGlProgram {
    unsigned program = 0, vertex = 0, fragment = 0;
    std::string name;
};
// heatmap.vert with `fragment_body` after the shared prelude (version line, colour-map tables).
PendingGlProgram start_gl_program(const char* fragment_body, const char* name);
// Waits for the link; returns the program, or 0 with *error (the compile or link log). Resets *p.
unsigned finish_gl_program(PendingGlProgram* p, std::string* error);
// Both at once.
unsigned build_gl_program(const char* fragment_body, const char* name, std::string* error);

class GlMatrixPainter final : public MatrixPainter {
public:
    // Issues the heatmap program's compile and link without waiting (platform_create calls it before the
    // font atlas is rasterised, so the two overlap).
    void start_init();
    // Finishes the program (starting it first if start_init was not called); returns false (with *error) if
    // the GL driver rejects it.
    bool init(std::string* error);
    void shutdown();
    // After a lost GL context: drop every handle without deleting (they died with the context).
    void forget();
    void upload(int slot, uint64_t version, const float* row_major, int rows, int cols) override;
    void paint(ImDrawList* draw_list, int slot, ImVec2 p0, ImVec2 p1, Colormap map, float range_min, float range_max,
               bool legend_ramp, const float* window) override;
    bool paint_position_map(ImDrawList* draw_list, int slot, uint64_t version, const PositionMapGpu& map, ImVec2 p0,
                            ImVec2 p1, const double window[4], Colormap colormap, float range_min, float range_max) override;
    void begin_frame() override;
    // Renders `window` of the map into an offscreen width×height target and reads it back (gl_posmap.cpp):
    // raw = true gives (value, masked) float pairs per pixel (needs float colour buffers: GL 3.3, or
    // WebGL2 with EXT_color_buffer_float); raw = false gives RGBA8 colours. Rows top-down. False + *error
    // when the target cannot be made. With neither output it only waits for the GPU (glFinish): timing.
    bool render_position_map(const PositionMapGpu& map, const double window[4], int width, int height, bool raw,
                             Colormap colormap, float range_min, float range_max, std::vector<float>* values,
                             std::vector<unsigned char>* rgba, std::string* error);
    // Reads slot's uploaded matrix texture back (gl_posmap.cpp): (value, missing) per cell, rows
    // first-row-first. Needs float colour buffers, as raw render_position_map does.
    bool read_back_slot(int slot, std::vector<float>* values, int* rows, int* cols, std::string* error);
    // Must be called with the frame's draw data before ImGui_ImplOpenGL3_RenderDrawData.
    void set_frame(const ImDrawData* draw_data);

    struct PaintRecord {
        GlMatrixPainter* self;
        int slot;
        float p0[2], p1[2];
        int map;
        float range[2];
        bool ramp;
        float window[4];
        bool posmap = false;   // a position map: window is local to origin (cells), slot indexes posmaps_
        int origin[2] = {0, 0};
    };
    void draw_record(const PaintRecord& rec, const float clip_rect[4]);
    // The ImGui draw callback: UserCallbackData is a PaintRecord.
    static void draw_callback(const ImDrawList* list, const ImDrawCmd* cmd);

private:
    struct Slot {
        unsigned texture = 0;
        uint64_t version = ~uint64_t(0);
        int rows = 0, cols = 0;
    };
    std::vector<Slot> slots_;
    // Position maps: the per-pair/edge texture and the uniforms of the last upload, per slot.
    struct PosmapSlot {
        unsigned texture = 0;
        unsigned lognorm_texture = 0;  // R32F rows' log-normalisers (a 1×1 zero when not showing softmax)
        uint64_t version = ~uint64_t(0);
        PositionMapGpu map;
    };
    std::vector<PosmapSlot> posmaps_;
    unsigned posmap_program_ = 0;
    struct PosmapUniforms {  // looked up once when the program is built
        int data, lognorm, rect, window, origin, kind, L, delta_sign, pair_count, edge_count, alibi_slope, alibi_causal,
            t5_bidirectional, t5_half, shaw_clip, softmax, range, map, raw;
    } posmap_u_{};
    std::string posmap_error_;  // why the position-map shader was rejected (empty: not tried or fine)
    PosmapSlot scratch_;  // render_position_map's own upload, independent of the views' slots
    bool posmap_init(std::string* error);
    void posmap_upload(PosmapSlot* s, uint64_t version, const PositionMapGpu& map);
    void posmap_draw(const PosmapSlot& s, const int origin[2], const float local_window[4], const float rect_ndc[4],
                     int map, const float range[2], bool raw);
    std::deque<PaintRecord> records_;  // stable addresses: ImGui keeps raw pointers until render
    unsigned program_ = 0, vao_ = 0, empty_texture_ = 0;
    PendingGlProgram pending_;  // start_init() to init()
    int loc_rect_ = -1, loc_window_ = -1, loc_values_ = -1, loc_range_ = -1, loc_map_ = -1, loc_ramp_ = -1;
    float display_pos_[2] = {0, 0}, display_size_[2] = {1, 1}, fb_scale_[2] = {1, 1};
};

}  // namespace pelab
