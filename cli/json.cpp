#include "json.hpp"

#include <cmath>
#include <cstdio>

namespace konane::cli {

std::string json_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
  return out;
}

void JsonWriter::separator() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) os_ << ',';
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::begin_object() {
  separator();
  os_ << '{';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  os_ << '}';
  first_.pop_back();
  if (first_.empty()) os_ << '\n';
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  separator();
  os_ << '[';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  os_ << ']';
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
  separator();
  os_ << json_escape(k) << ':';
  after_key_ = true;
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
  separator();
  os_ << json_escape(s);
  return *this;
}
JsonWriter& JsonWriter::value(bool b) {
  separator();
  os_ << (b ? "true" : "false");
  return *this;
}
JsonWriter& JsonWriter::value(int64_t n) {
  separator();
  os_ << n;
  return *this;
}
JsonWriter& JsonWriter::value(uint64_t n) {
  separator();
  os_ << n;
  return *this;
}
JsonWriter& JsonWriter::value(double d) {
  separator();
  if (!std::isfinite(d)) {
    os_ << "null";
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", d);
    os_ << buf;
  }
  return *this;
}
JsonWriter& JsonWriter::null() {
  separator();
  os_ << "null";
  return *this;
}
JsonWriter& JsonWriter::raw(std::string_view json) {
  separator();
  os_ << json;
  return *this;
}
JsonWriter& JsonWriter::string_array(std::string_view k, const std::vector<std::string>& items) {
  key(k);
  begin_array();
  for (const auto& s : items) value(s);
  return end_array();
}

}  // namespace konane::cli
