#pragma once
// Errors are values in every layer: a caller must be able to tell "locked" from "corrupted"
// from "not ours" from "malformed" without parsing strings or catching exceptions. The codes
// name kinds of failure, not components; the message names the thing and its place.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace core {

enum class Code : std::uint8_t {
  kNotFound,         // nothing at the path, and creation was not requested
  kNotADatabase,     // the path exists but is not one of our databases
  kLocked,           // another writer (this or another process) holds the database
  kSchemaTooOld,     // written by an older schema; this build refuses to touch it
  kSchemaTooNew,     // written by a newer schema; this build refuses to touch it
  kCorruption,       // checksum mismatch, undecodable record, broken manifest...
  kHashCollision,    // two different canonical forms hash to the same 64-bit reference
  kConflict,         // contradictory facts were recorded for one position
  kInvalidArgument,  // caller error: bad key, reserved meta key, wrong open mode...
  kReadOnly,         // a write on a handle opened read-only or as secondary
  kIOError,          // the filesystem failed (disk full, permissions...)
  kInternal,         // anything RocksDB reports that fits none of the above
  kOtherLayout,      // a game's records in a key layout this build does not read
  kCancelled,        // the caller stopped the work; what it finished is kept
};

std::string_view to_string(Code code);

struct Error {
  Code code;
  std::string message;
};

namespace detail {
[[noreturn]] void bad_expected_access(const Error& error);
[[noreturn]] void bad_error_access();
}  // namespace detail

// A minimal std::expected stand-in (C++23 is not available to us). Reading the value of
// an error is a programming bug, so it aborts with the error's message instead of throwing.
template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    check();
    return std::get<0>(state_);
  }
  const T& value() const& {
    check();
    return std::get<0>(state_);
  }
  T&& value() && {
    check();
    return std::get<0>(std::move(state_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    if (has_value()) detail::bad_error_access();
    return std::get<1>(state_);
  }

 private:
  void check() const {
    if (!has_value()) detail::bad_expected_access(std::get<1>(state_));
  }
  std::variant<T, Error> state_;
};

template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Error error) : error_(std::move(error)) {}

  bool has_value() const { return !error_.has_value(); }
  explicit operator bool() const { return has_value(); }
  void value() const {
    if (error_) detail::bad_expected_access(*error_);
  }
  const Error& error() const {
    if (!error_) detail::bad_error_access();
    return *error_;
  }

 private:
  std::optional<Error> error_;
};

using Status = Expected<void>;

// The caller's error (bad input), with a message that names the problem and its place.
inline Error invalid_argument(std::string message) {
  return Error{Code::kInvalidArgument, std::move(message)};
}

inline Status ok() {
  return {};
}

}  // namespace core
