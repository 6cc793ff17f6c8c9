// Small text utilities shared by the parsers and front ends.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace doska {

std::string_view trim(std::string_view text);
std::vector<std::string_view> split(std::string_view text, char separator);
// Splits on runs of white space, dropping empty pieces.
std::vector<std::string_view> split_words(std::string_view text);
// A non-negative decimal integer that fits in int, or nothing.
std::optional<int> parse_int(std::string_view text);
std::optional<long long> parse_long(std::string_view text);
// A decimal integer with an optional minus sign that fits in int, or nothing.
std::optional<int> parse_signed_int(std::string_view text);
// A number of seconds greater than 0 and at most a million ("2.5"), or nothing.
std::optional<double> parse_seconds(std::string_view text);
// `value` with `decimals` digits after the point ("0.200").
std::string decimal_text(double value, int decimals);
std::string to_lower(std::string_view text);
// Quotes a piece of user input for an error message, shortened if long.
std::string quoted(std::string_view text);
// The words with one space between them.
std::string join_words(const std::vector<std::string>& words);

// A data file of lines of words ('#' starts a comment): `on_line` gets the words of each line
// that has any and answers nothing, or what is wrong with the line; the first such answer comes
// back as "<source> line <n>: <answer>".
std::optional<std::string> read_word_lines(
    std::string_view text, std::string_view source,
    const std::function<std::optional<std::string>(const std::vector<std::string_view>&)>& on_line);

}  // namespace doska
