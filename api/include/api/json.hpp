#pragma once
// Every command's --json output is built with this writer over nlohmann::json, a well-kept
// library, so escaping and number formatting are done once, correctly. The writer only
// builds: nothing reaches the stream until the outermost object or array is closed, so an
// error or exception half way writes nothing rather than half an object.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace api {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& os) : os_(os) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(int64_t n);
  JsonWriter& value(uint64_t n);
  JsonWriter& value(int n) { return value(static_cast<int64_t>(n)); }
  JsonWriter& value(double d);  // 6 significant digits; null if not finite
  JsonWriter& null();
  template <class T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  JsonWriter& string_array(std::string_view k, const std::vector<std::string>& items);

  // One line of compact JSON, invalid UTF-8 replaced by U+FFFD (never an exception).
  static std::string dump(const nlohmann::ordered_json& j);

 private:
  struct Open {
    nlohmann::ordered_json value;
    std::string key;  // under which it goes into its parent object
  };
  void put(nlohmann::ordered_json v);
  JsonWriter& close();
  std::ostream& os_;
  std::vector<Open> open_;
  std::string key_;  // the key given for the next value in an object
};

}  // namespace api
