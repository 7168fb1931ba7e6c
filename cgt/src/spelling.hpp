#pragma once
// The expression language's Unicode symbols (± ↑ ↓ ⇑ ⇓ ⧾ ⧿) spelled in ASCII before reading,
// with a map back to the original bytes so that every error names its place in what the user
// typed; and characters described for error messages.
#include <string>
#include <string_view>
#include <vector>

namespace cgt::detail {

// ⧾ and ⧿ become these bytes, which the ASCII language does not use. The same bytes typed
// by the user become kForeignMark, which no rule reads, so they are reported, never taken
// for ⧾ or ⧿.
inline constexpr char kTinyMark = '\x01', kMinyMark = '\x02', kForeignMark = '\x7f';

// *ascii gets the text with the symbols spelled out; (*map)[i] is the offset in text of
// (*ascii)[i], and map has one entry more, for the end.
void spell_in_ascii(std::string_view text, std::string* ascii, std::vector<size_t>* map);

// The character at `pos` for an error message: never a lone byte of a UTF-8 sequence (a
// broken character on the user's terminal) or an invisible control character.
std::string describe_char(std::string_view s, size_t pos);

}  // namespace cgt::detail
