// PE Lab — lessons/view_text.h
// Every figure in words and numbers: one short description per view for the aria-live text mirror and the
// print view. Whole bilingual sentences, computed from the payload the figure
// is drawn from, so the words and the picture never disagree. Lessons layer: no ImGui, GL or SDL.
#pragma once
#include <string>

#include "lessons/lesson.h"

namespace pelab {

// What `v` shows, in `lang`, without its title (the caller shows the title and the notes):
//   phasor    the angle of each arrow and of each labelled arc, dial by dial;
//   odometer  the position, the needles, which pairs never completed a turn in training, the second needle,
//             the binary counter;
//   curve     the x range and each series' first, last, smallest and largest values, the marker lines;
//   heatmap / table   the shape and where the smallest and largest values are;
//   position map      its size and colour scale.
// An empty or malformed payload gives a sentence saying so, never a crash.
std::string describe_view(const ViewData& v, Lang lang);

}  // namespace pelab
