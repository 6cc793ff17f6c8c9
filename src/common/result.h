// Errors at the edges are values: a Result holds either a value or a message that names the
// problem. The cores assume valid input; parsers and front ends return Results.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace doska {

struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const std::string& error() const { return std::get<1>(state_).message; }

 private:
  std::variant<T, Error> state_;
};

// A Result without a value: success, or an error message.
struct Ok {};
using Status = Result<Ok>;

inline Error make_error(std::string message) {
  return Error{std::move(message)};
}

}  // namespace doska
