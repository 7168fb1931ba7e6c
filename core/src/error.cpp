#include "core/error.hpp"

#include <cstdio>
#include <cstdlib>

namespace core {

std::string_view to_string(Code code) {
  switch (code) {
    case Code::kNotFound:
      return "not found";
    case Code::kNotADatabase:
      return "not a database of ours";
    case Code::kLocked:
      return "locked";
    case Code::kSchemaTooOld:
      return "schema too old";
    case Code::kSchemaTooNew:
      return "schema too new";
    case Code::kCorruption:
      return "corruption";
    case Code::kHashCollision:
      return "hash collision";
    case Code::kConflict:
      return "conflict";
    case Code::kInvalidArgument:
      return "invalid argument";
    case Code::kReadOnly:
      return "read-only";
    case Code::kIOError:
      return "I/O error";
    case Code::kInternal:
      return "internal error";
    case Code::kOtherLayout:
      return "another key layout";
    case Code::kCancelled:
      return "cancelled";
  }
  return "unknown error";
}

namespace detail {

void bad_expected_access(const Error& error) {
  std::fprintf(stderr, "value() called on an error result: %s: %s\n",
               std::string(to_string(error.code)).c_str(), error.message.c_str());
  std::abort();
}

void bad_error_access() {
  std::fprintf(stderr, "error() called on a successful result\n");
  std::abort();
}

}  // namespace detail
}  // namespace core
