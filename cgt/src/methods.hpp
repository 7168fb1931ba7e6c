#pragma once
// The methods and functions of the expression language (expression.hpp), apart from its
// grammar: each takes evaluated values and returns a value or a message.
#include <string>
#include <string_view>
#include <vector>

#include "cgt/expression.hpp"

namespace cgt::detail {

struct CallResult {
  std::optional<Value> value;
  std::string error;  // when value is empty
};

// self.Name or self.Name(args...).
CallResult call_method(const Value& self, std::string_view name, const std::vector<Value>& args);
// Name(args...): Tiny, Miny, DayN.
CallResult call_function(std::string_view name, const std::vector<Value>& args);

inline Value game_value(GameId g) {
  Value v;
  v.game = g;
  return v;
}

}  // namespace cgt::detail
