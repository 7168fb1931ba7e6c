#pragma once
// The small text helpers every error message uses, so that all layers quote alike, and the
// one way times are written.
#include <cstddef>
#include <string>
#include <string_view>

namespace core {

// Where a piece of text went wrong. row/column are 1-based in the text as typed (row 1 is the
// first row written, i.e. the top of a board); offset is the 0-based character index.
struct TextError {
  std::string message;
  int row = 0;
  int column = 0;
  std::size_t offset = 0;
  std::string describe() const;  // message plus the place, for users
};

// 'text' in single quotes, as typed.
std::string quote(std::string_view text);
// The text itself when it has at most `max` bytes; else its first bytes (not splitting a UTF-8
// character) and "... (N bytes)", so a huge argument never floods an error message.
std::string clip(std::string_view text, std::size_t max = 100);
// Two lines for an error message: the text around byte `offset` (at most 100 bytes of it, "..."
// where cut; bytes a terminal would garble shown as '?', so the columns line up), and a caret
// under that byte.
std::string caret_lines(std::string_view text, std::size_t offset);
// Without leading and trailing spaces and tabs.
std::string_view trim(std::string_view text);
// The time now in UTC, as "2026-11-26T17:03:00Z" (the stamp in database metadata), or as
// "2026-11-26" when date_only (game records).
std::string utc_now(bool date_only = false);

}  // namespace core
