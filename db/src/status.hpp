#pragma once
// Turning rocksdb::Status into our Error values, in one place so that every call site
// classifies failures the same way.

#include <rocksdb/status.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include "db/error.hpp"

namespace db::detail {

// `what` says what we were doing ("open read-write", "get position ..."); the path is
// always part of the message so that errors from several databases can be told apart.
Error to_error(const rocksdb::Status& status, std::string_view what,
               const std::filesystem::path& path);

// A failed filesystem call: `what` names the operation and its paths.
Error fs_error(const std::error_code& ec, const std::string& what);

}  // namespace db::detail
