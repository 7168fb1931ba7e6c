#pragma once
// The database reports errors in the base layer's vocabulary (core/error.hpp).
#include "core/error.hpp"

namespace db {
using core::Code;
using core::Error;
using core::Expected;
using core::ok;
using core::Status;
using core::to_string;
}  // namespace db
