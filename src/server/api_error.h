// A request the server refuses: the HTTP status, a stable code naming the problem (snake_case,
// one of kErrorCodes in error_codes.h, which the page translates), its parameters, and the
// message in English. Every room throws it; the HTTP front turns it into the answer
// {"error": message, "code": code, "params": {...}}.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace doska::server {

struct ApiError : std::runtime_error {
  ApiError(int status, std::string code, const std::string& message,
           nlohmann::json params = nlohmann::json::object())
      : std::runtime_error(message),
        status(status),
        code(std::move(code)),
        params(std::move(params)) {}
  int status;
  std::string code;
  nlohmann::json params;
};

// A refusal a game gives as English text (offering a draw, resigning, playing), coded by its
// text where the page can say it better, else by `code` with the text as {"detail"}.
inline ApiError game_refusal(int status, std::string code, const std::string& text) {
  const std::string_view t = text;
  constexpr std::string_view over = "the game is over: ";
  if (t.starts_with(over))
    return ApiError(409, "game_over", text, {{"reason", std::string(t.substr(over.size()))}});
  // "a draw may be offered only after 40 moves (000 §5.1)"
  constexpr std::string_view early = "a draw may be offered only after ";
  if (t.starts_with(early)) {
    const std::string_view rest = t.substr(early.size());
    const auto space = rest.find(' ');
    const auto open = rest.find('('), close = rest.rfind(')');
    nlohmann::json params = nlohmann::json::object();
    if (space != std::string_view::npos) {
      try {
        params["moves"] = std::stoi(std::string(rest.substr(0, space)));
      } catch (const std::exception&) {
      }
    }
    if (open != std::string_view::npos && close != std::string_view::npos && close > open)
      params["rule"] = std::string(rest.substr(open + 1, close - open - 1));
    return ApiError(status, "draw_too_early", text, std::move(params));
  }
  if (t == "a draw offer is already standing")
    return ApiError(status, "draw_already_offered", text);
  if (t.starts_with("there is no draw offer from")) return ApiError(status, "no_draw_offer", text);
  return ApiError(status, std::move(code), text, {{"detail", text}});
}

}  // namespace doska::server
