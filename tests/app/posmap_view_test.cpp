// PE Lab — tests/app/posmap_view_test.cpp: the CTest `posmap_view` (builds with the views layer).
// The map view's box-filtered image (views/views_posmap.cpp) is computed a band of rows per frame: drawn frame
// after frame in a bare ImGui context with a painter that records what it is asked to draw, the view shows the
// point samples and asks for the next frame until the whole image is done, then uploads the image that the
// core's map_pixels gives (to the float), and asks for no more frames; a window moved mid-way drops the old
// bands and the image that comes is the new window's.
//
// [SECTION] a painter that records, frames in a bare ImGui context
// [SECTION] the filtered image over frames
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
#include "imgui.h"
#include "views/views.h"

using namespace pelab;

namespace {

// [SECTION] a painter that records, frames in a bare ImGui context

// What one frame asked the GPU to draw.
struct Painted {
    int point_sampled = 0;  // paint_position_map calls (the shader's point samples)
    int textures = 0;       // paint calls (an uploaded image)
    int uploads = 0;
    int upload_side = 0;
    std::vector<float> uploaded;
};

class RecordingPainter : public MatrixPainter {
public:
    Painted frame;
    void upload(int /*slot*/, uint64_t /*version*/, const float* row_major, int rows, int cols) override {
        ++frame.uploads;
        frame.upload_side = rows;
        EXPECT_EQ(rows, cols);
        frame.uploaded.assign(row_major, row_major + size_t(rows) * size_t(cols));
    }
    void paint(ImDrawList*, int, ImVec2, ImVec2, Colormap, float, float, bool legend_ramp, const float*) override {
        if (!legend_ramp) ++frame.textures;
    }
    bool paint_position_map(ImDrawList*, int, uint64_t, const PositionMapGpu&, ImVec2, ImVec2, const double*, Colormap, float,
                            float) override {
        ++frame.point_sampled;
        return true;
    }
    void begin_frame() override { frame = Painted(); }
};

// An ImGui context with a built font atlas, in which the map view is drawn one frame at a time.
class MapFrames {
public:
    MapFrames() {
        ctx_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(1280, 900);
        io.DeltaTime = 1.0f / 60.0f;
        io.IniFilename = nullptr;
        // Added here: the web build's ImGui adds no font by itself (the app brings its own), and without one the
        // font size is 0 and the map would be laid out at its smallest side.
        io.Fonts->AddFontDefault();
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    ~MapFrames() { ImGui::DestroyContext(ctx_); }

    // Draws `view` in slot 0 for one frame; returns whether the view asked for another frame.
    bool frame(const ViewData& view) {
        ImGui::NewFrame();
        painter.begin_frame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(1280, 900));
        ImGui::Begin("map", nullptr, ImGuiWindowFlags_NoDecoration);
        bool wants_frame = false;
        ViewContext ctx;
        ctx.painter = &painter;
        ctx.slot = 0;
        ctx.interaction = &interaction;
        ctx.wants_frame = &wants_frame;
        draw_view(view, ctx, 900.0f);
        ImGui::End();
        ImGui::Render();
        return wants_frame;
    }

    RecordingPainter painter;
    ViewInteraction interaction;

private:
    ImGuiContext* ctx_ = nullptr;
};

bool same_float(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// The core's image of `w` as the view uploads it (float), and whether `got` is exactly that.
void expect_core_image(const PositionMapView& pm, const MapWindow& w, const std::vector<float>& got, int side) {
    const std::vector<double> want =
        position_map_pixels(*position_map_sums(pm.spec, &pm.log_norm), MapCellWindow{w.x0, w.y0, w.span}, side, MapFilter::box);
    ASSERT_EQ(got.size(), want.size());
    int failures = 0;
    for (size_t k = 0; k < want.size() && failures < 5; ++k) {
        if (!same_float(got[k], float(want[k]))) {
            ADD_FAILURE() << "pixel (" << k / size_t(side) << ", " << k % size_t(side) << "): " << got[k] << " vs the core's " << want[k];
            ++failures;
        }
    }
}

ViewData map_view(PositionMapKind kind, bool softmax, int L) {
    PositionMapSpec s;
    s.kind = kind;
    s.softmax = softmax;
    s.L = L;
    return make_view("map", MapView{make_position_map_view(s)});
}

// [SECTION] the filtered image over frames

// Frames until the view stops asking (at most `limit`); each frame before shows the point samples and uploads
// nothing. Returns how many frames asked.
int frames_until_done(MapFrames* f, const ViewData& view, int limit) {
    int asked = 0;
    while (asked < limit && f->frame(view)) {
        ++asked;
        EXPECT_EQ(f->painter.frame.uploads, 0) << "frame " << asked << ": an image uploaded before it was done";
        EXPECT_EQ(f->painter.frame.point_sampled, 1) << "frame " << asked << ": the point samples are not on screen";
    }
    return asked;
}

TEST(PosmapView, TheFilteredImageComesOverSeveralFramesThenNoFrameIsAsked) {
    for (const auto& [kind, softmax] : {std::pair{PositionMapKind::rope, true}, std::pair{PositionMapKind::alibi, false}}) {
        SCOPED_TRACE(softmax ? "rope softmax" : "alibi causal");
        MapFrames f;
        const ViewData view = map_view(kind, softmax, 65536);
        // The first frame lays the figure out; the image is computed from then on, a band of rows per frame.
        const int asked = frames_until_done(&f, view, 5000);
        ASSERT_LT(asked, 5000) << "the filtered image never completes";
        EXPECT_GE(asked, 1) << "the image came in one frame: no band was left for later frames";
        // The frame that completes it uploads and draws the image instead of the point samples.
        EXPECT_EQ(f.painter.frame.uploads, 1);
        EXPECT_EQ(f.painter.frame.point_sampled, 0);
        EXPECT_EQ(f.painter.frame.textures, 1);
        const int side = f.painter.frame.upload_side;
        EXPECT_GT(side, 100);
        expect_core_image(*view.map().map, f.interaction.map_window[0], f.painter.frame.uploaded, side);
        // Done: the image stays and no frame is asked for (an idle page draws none).
        for (int k = 0; k < 3; ++k) {
            EXPECT_FALSE(f.frame(view)) << "a frame asked for after the image was done";
            EXPECT_EQ(f.painter.frame.point_sampled, 0);
            EXPECT_EQ(f.painter.frame.textures, 1);
        }
    }
}

TEST(PosmapView, AWindowMovedMidWayDropsTheOldBands) {
    MapFrames f;
    const ViewData view = map_view(PositionMapKind::rope, true, 65536);
    // A first frame lays out, a few more compute some of the whole map's rows.
    for (int k = 0; k < 3; ++k) ASSERT_TRUE(f.frame(view));
    // Then the learner's zoom: another window of the same map, still zoomed out.
    MapWindow& w = f.interaction.map_window[0];
    ASSERT_EQ(w.L, 65536);
    w.x0 = 1000.5;
    w.y0 = 2000.25;
    w.span = 30000.75;
    const int asked = frames_until_done(&f, view, 5000);
    ASSERT_LT(asked, 5000);
    ASSERT_EQ(f.painter.frame.uploads, 1);
    expect_core_image(*view.map().map, w, f.painter.frame.uploaded, f.painter.frame.upload_side);
    EXPECT_FALSE(f.frame(view));
}

TEST(PosmapView, NothingIsComputedOrAskedWhileTheWheelTurns) {
    MapFrames f;
    const ViewData view = map_view(PositionMapKind::rope, true, 65536);
    for (int k = 0; k < 3; ++k) {
        ImGui::GetIO().MouseWheel = 1.0f;  // the pointer is off the map: nothing zooms, but the view is not settled
        EXPECT_FALSE(f.frame(view));
        EXPECT_EQ(f.painter.frame.uploads, 0);
        EXPECT_EQ(f.painter.frame.point_sampled, 1);
    }
    // Once it rests, the image comes.
    ASSERT_LT(frames_until_done(&f, view, 5000), 5000);
    EXPECT_EQ(f.painter.frame.uploads, 1);
}

}  // namespace
