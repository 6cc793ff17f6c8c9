// The length of UTF-8 text in characters (code points), not bytes: what a person counts when a
// bound says "140 characters". A byte 10xxxxxx continues a character and is not counted.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace doska {

inline std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

}  // namespace doska
