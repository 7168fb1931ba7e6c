#pragma once
// The small text helpers every error message uses, so that all layers quote alike.
#include <string>
#include <string_view>

namespace core {

// 'text' in single quotes, as typed.
std::string quote(std::string_view text);
// Without leading and trailing spaces and tabs.
std::string_view trim(std::string_view text);

}  // namespace core
