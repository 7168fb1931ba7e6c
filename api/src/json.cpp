#include "api/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace api {

std::string JsonWriter::dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void JsonWriter::put(nlohmann::ordered_json v) {
  if (open_.empty()) {
    os_ << dump(v) << '\n';
    return;
  }
  nlohmann::ordered_json& parent = open_.back().value;
  if (parent.is_array()) {
    parent.push_back(std::move(v));
  } else {
    parent[key_] = std::move(v);
    key_.clear();
  }
}

JsonWriter& JsonWriter::begin_object() {
  open_.push_back(Open{nlohmann::ordered_json::object(), key_});
  key_.clear();
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  open_.push_back(Open{nlohmann::ordered_json::array(), key_});
  key_.clear();
  return *this;
}

JsonWriter& JsonWriter::close() {
  if (open_.empty()) throw std::logic_error("JsonWriter: close without open");
  Open done = std::move(open_.back());
  open_.pop_back();
  key_ = std::move(done.key);
  put(std::move(done.value));
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  return close();
}
JsonWriter& JsonWriter::end_array() {
  return close();
}

JsonWriter& JsonWriter::key(std::string_view k) {
  key_ = std::string(k);
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  put(std::string(s));
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  put(b);
  return *this;
}

JsonWriter& JsonWriter::value(int64_t n) {
  put(n);
  return *this;
}

JsonWriter& JsonWriter::value(uint64_t n) {
  put(n);
  return *this;
}

JsonWriter& JsonWriter::value(double d) {
  if (!std::isfinite(d)) {
    put(nullptr);
    return *this;
  }
  // Timings and rates need no more: 6 significant digits, printed in their shortest form.
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", d);
  put(std::strtod(buf, nullptr));
  return *this;
}

JsonWriter& JsonWriter::null() {
  put(nullptr);
  return *this;
}

JsonWriter& JsonWriter::string_array(std::string_view k, const std::vector<std::string>& items) {
  key(k);
  put(nlohmann::ordered_json(items));
  return *this;
}

}  // namespace api
