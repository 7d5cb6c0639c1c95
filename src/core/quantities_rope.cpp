// PE Lab — core/quantities_rope.cpp
// Registry entries for this family of quantities (appended to quantity_registry() in quantity.cpp).
#include "core/quantity.h"

namespace pelab {

std::vector<Quantity> quantities_rotary() { return {}; }

}  // namespace pelab
