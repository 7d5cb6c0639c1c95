// PE Lab — lessons/bibliography.h
// The one bibliography: every paper a lesson follows, written once, and the sources lessons cite by key — a
// paper together with the reference implementation whose numbers the lesson matches (the same paper may be
// followed through two implementations, as two keys). A lesson lists its keys (Lesson::references); the battery
// checks that each one is here. Titles and names are not translated, so one table serves both languages.
#pragma once
#include <string>
#include <vector>

namespace pelab {

// A source as a lesson shows it: the paper, and the implementation its numbers match.
struct Reference {
    std::string authors;                  // "Su, Lu, Pan, Murtadha, Wen, Liu"
    int year = 0;
    std::string title;                    // the paper's title as published
    std::string where;                    // "arXiv:2104.09864" or the venue
    std::string code;                     // "huggingface/transformers · models/llama/modeling_llama.py · rotate_half"
};

// The source cited as `key` (e.g. "su2021", "vaswani2017-hf"), or null when the bibliography has no such key.
// `model:NAME` is the published configuration of the model preset NAME (core/rope/model_presets.h): its makers and
// the files each value was read from.
const Reference* find_reference(const std::string& key);

// The references of these keys, in order; a key the bibliography lacks is left out (the battery reports it).
std::vector<Reference> references_for(const std::vector<std::string>& keys);

}  // namespace pelab
