// PE Lab — core/cost/pe_compare.cpp
// Position parameter counts of six methods (see pe_compare.h for the sources of each formula).
#include "core/cost/pe_compare.h"

#include <algorithm>

namespace pelab {

const std::vector<PeFamily>& all_pe_families() {
    static const std::vector<PeFamily> all = {PeFamily::sinusoidal, PeFamily::learned, PeFamily::shaw,
                                              PeFamily::t5,         PeFamily::alibi,   PeFamily::rope};
    return all;
}

long long pe_parameter_count(PeFamily family, const PeSizes& sizes) {
    const long long d = std::max(0, sizes.d_model), L = std::max(0, sizes.L), heads = std::max(1, sizes.heads);
    const long long k = std::max(0, sizes.shaw_k), buckets = std::max(0, sizes.num_buckets);
    switch (family) {
        case PeFamily::sinusoidal: return 0;
        case PeFamily::learned: return L * d;
        case PeFamily::shaw: return 2 * (2 * k + 1) * (d / heads);
        case PeFamily::t5: return buckets * heads;
        case PeFamily::alibi: return 0;
        case PeFamily::rope: return 0;
    }
    return 0;
}

}  // namespace pelab
