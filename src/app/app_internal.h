// PE Lab — app/app_internal.h
// What the app's own files share (app.cpp, app_state.cpp, host_json.cpp, param_editors.cpp, step_page.cpp,
// bottom_bar.cpp): the current step, the playback's timeline, navigation, and the parts of the frame one file draws
// for another. Not for use outside src/app (app.h is the app's interface).
//
// Index of this file:
// [SECTION] state and navigation (app_state.cpp)
// [SECTION] playback (app_state.cpp)
// [SECTION] parts of the frame
#pragma once
#include <string>

#include "app/app.h"
#include "imgui.h"

namespace pelab {

// [SECTION] state and navigation (app_state.cpp) -----------------------------------------------------

const Step& current_step(const App& app);
const ParamSpec* find_spec(const Lesson& lesson, const std::string& key);
// "Step 4 / 8": where the learner is in the lesson.
std::string step_counter(const App* app);
// Goes to `step`, kept inside the lesson and the display's step range.
void go_to_step(App* app, int step);
// The step's views, recomputed when the state's version changed (a new step also resets the zoom).
void recompute_views_if_needed(App* app);

// [SECTION] playback (app_state.cpp) -----------------------------------------------------------------

// The current step's timeline and its key's spec; null when the step has none (or it names no Int/Real key).
const ParamSpec* timeline_spec(const App& app, const Timeline** out);
// The timeline key's value now, as a number.
double timeline_value(const App& app, const ParamSpec& spec);
// Moves the timeline to `position` and sets its key there, through app_apply.
void seek_timeline(App* app, const ParamSpec& spec, const Timeline& t, double position);
// One frame of playback (the position advances by the time since the last frame).
void advance_playback(App* app);

// [SECTION] parts of the frame -----------------------------------------------------------------------

// param_editors.cpp: what an editor's label shows; the slider with its own number box; the step's editors.
std::string param_caption(const Lesson* lesson, const ParamSpec& spec);
bool slider_and_value(const char* id, double* value, double lo, double hi, const char* format,
                      ImGuiSliderFlags flags, float width);
void draw_parameters(App* app, int columns);
// The step's buttons (Step::actions), drawn by draw_parameters above the editors.
void draw_actions(App* app);
// step_page.cpp: the page's plan (plan_step: `in` is the frame's part of the page layout's input, window, style,
// header, frame options, which it completes with the step's sizes measured as the step is drawn and lays out with
// layout_page into DrawnFrame::planned; app_frame calls it before the step's window, which has a scrollbar exactly
// when the plan says so); the step as planned (title, text, equations, figures, and without a side column its
// parameters and questions; the references); the questions alone (the side column).
void plan_step(App* app, PageLayoutInput in, bool show_counter);
void draw_step(App* app, MatrixPainter* painter, bool side_column, bool show_counter);
void draw_questions(App* app, float width);
// app.cpp: the notices above the step, and the height of their box (0: none).
void draw_notices(App* app);
float notices_height(const App& app);
// bottom_bar.cpp: the bottom bar; the toast.
void draw_nav(App* app);
void draw_toast(App* app, const ImGuiViewport* vp, float font);

}  // namespace pelab
