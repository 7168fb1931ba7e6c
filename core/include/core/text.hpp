#pragma once
// The small text helpers every error message uses, so that all layers quote alike, and the
// one way times are written.
#include <string>
#include <string_view>

namespace core {

// 'text' in single quotes, as typed.
std::string quote(std::string_view text);
// Without leading and trailing spaces and tabs.
std::string_view trim(std::string_view text);
// The time now in UTC, as "2026-11-26T17:03:00Z" (the stamp in database metadata), or as
// "2026-11-26" when date_only (game records).
std::string utc_now(bool date_only = false);

}  // namespace core
