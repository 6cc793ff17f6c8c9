// Whole files in and out: a file read into memory at once (with a size limit), and a file written
// whole to PATH.part and renamed over PATH, so that PATH is never half written. Errors name the
// file and the system's reason.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include "common/result.h"

namespace doska {

// The bytes of the file at `path`. `what` says what the file is for the messages ("cannot read
// opening book PATH: reason", "opening book PATH is too large (more than LIMIT bytes)"); an empty
// `what` leaves it out. A file of more than `limit` bytes is an error, found without reading it
// all.
Result<std::string> read_whole_file(const std::string& path, std::string_view what = {},
                                    std::size_t limit = std::numeric_limits<std::size_t>::max());

// Writes `bytes` to `path` through `path`.part, then renames it over `path`: a file already there
// is replaced whole or left as it was. The parent folder is made where missing. A failed write or
// flush (a full disk) is an error, and the .part file is removed.
Status replace_file(const std::string& path, std::string_view bytes);

}  // namespace doska
