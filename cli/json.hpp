#pragma once
// Minimal streaming JSON writer: every command's --json output goes through it so escaping
// is done once, correctly.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace konane::cli {

std::string json_escape(std::string_view s);

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
  JsonWriter& value(double d);
  JsonWriter& null();
  JsonWriter& raw(std::string_view json);  // an already-encoded JSON value
  template <class T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  JsonWriter& string_array(std::string_view k, const std::vector<std::string>& items);

 private:
  void separator();
  std::ostream& os_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace konane::cli
