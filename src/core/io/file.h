// PE Lab — core/io/file.h
// The one reader of a whole file that a person names on disk (`pelab-cli lab`'s weights and token files, the
// desktop's lab loading a weights file): read with a size limit, so an oversized or endless file (a device, a
// pipe) is refused once past the limit instead of filling memory, and with one line saying why not.
// Part of `core`: standard library only.
#pragma once
#include <cstddef>
#include <string>

namespace pelab {

// Reads the whole file at `path`, of at most `limit` bytes, into *out. "" on success; else one line, and *out is
// left as it was: `cannot read "PATH": <the system's reason>`, `"PATH" is over the budget of N bytes` (N with
// thousands separators) or `cannot read "PATH"` (an error while reading).
std::string read_file(const std::string& path, std::size_t limit, std::string* out);

}  // namespace pelab
