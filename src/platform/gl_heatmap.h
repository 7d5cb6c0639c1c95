// PE Lab — platform/gl_heatmap.h
// GL implementation of views' MatrixPainter: float textures + the colour-map shader, drawn through
// ImGui draw callbacks so heatmaps interleave correctly with ImGui's own text and lines.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "views/gpu.h"

struct ImDrawData;

namespace pelab {

class GlMatrixPainter final : public MatrixPainter {
public:
    // Compiles the shader; returns false (with *error) if the GL driver rejects it.
    bool init(std::string* error);
    void shutdown();
    // After a lost GL context: drop every handle without deleting (they died with the context).
    void forget();
    void upload(int slot, uint64_t version, const float* row_major, int rows, int cols) override;
    void paint(ImDrawList* draw_list, int slot, ImVec2 p0, ImVec2 p1, Colormap map, float range_min, float range_max,
               bool legend_ramp, const float* window) override;
    void begin_frame() override;
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
    };
    void draw_record(const PaintRecord& rec, const float clip_rect[4]);

private:
    struct Slot {
        unsigned texture = 0;
        uint64_t version = ~uint64_t(0);
        int rows = 0, cols = 0;
    };
    std::vector<Slot> slots_;
    std::deque<PaintRecord> records_;  // stable addresses: ImGui keeps raw pointers until render
    unsigned program_ = 0, vao_ = 0, empty_texture_ = 0;
    int loc_rect_ = -1, loc_window_ = -1, loc_values_ = -1, loc_range_ = -1, loc_map_ = -1, loc_ramp_ = -1;
    float display_pos_[2] = {0, 0}, display_size_[2] = {1, 1}, fb_scale_[2] = {1, 1};
};

}  // namespace pelab
