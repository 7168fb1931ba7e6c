#pragma once
// Helpers for CLI tests: run a command in-process (konane::cli::dispatch with string streams)
// or through the real binary (posix_spawn, stdout/stderr captured through temporary files),
// and a small strict JSON parser to check that --json prints exactly one JSON object.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "command.hpp"

extern char** environ;

namespace clitest {

struct Run {
  int rc = -1;
  std::string out, err;
};

inline Run run_cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Run r;
  r.rc = konane::cli::dispatch(args, {out, err});
  r.out = out.str();
  r.err = err.str();
  return r;
}

// How many times `what` occurs in text (not overlapping).
inline size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// An environment variable set for the life of the object (the test hooks of run_binary).
struct EnvVar {
  EnvVar(const char* name, const std::string& value) : name_(name) {
    setenv(name, value.c_str(), 1);
  }
  ~EnvVar() { unsetenv(name_); }
  EnvVar(const EnvVar&) = delete;
  EnvVar& operator=(const EnvVar&) = delete;
  const char* name_;
};

// Runs a program (argv[0] its path); rc is the exit code, or 128 + signal if it died of a
// signal. With stdout_to (e.g. "/dev/full"), its standard output goes there, not to r.out.
inline Run run_program(std::vector<std::string> argv_s, const std::string& stdout_to = "") {
  char out_path[] = "/tmp/konane_cli_test_out_XXXXXX";
  char err_path[] = "/tmp/konane_cli_test_err_XXXXXX";
  const int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
  Run r;
  if (out_fd < 0 || err_fd < 0) return r;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdout_to.empty())
    posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
  else
    posix_spawn_file_actions_addopen(&actions, 1, stdout_to.c_str(), O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    waitpid(pid, &status, 0);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  posix_spawn_file_actions_destroy(&actions);
  close(out_fd);
  close(err_fd);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  unlink(out_path);
  unlink(err_path);
  return r;
}

// Runs the konane executable.
inline Run run_binary(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {KONANE_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv);
}

// A board's records as `db export` prints them (the tests compare whole databases by them).
inline std::string export_board(const std::filesystem::path& db, const std::string& board) {
  auto r = run_binary({"db", "export", "--board", board, "--db", db.string()});
  EXPECT_EQ(r.rc, 0) << r.err;
  return r.out;
}

// Non-empty lines of a text.
inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

// Exported TSV (db export) as rows of fields, the header first.
inline std::vector<std::vector<std::string>> tsv(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    out.emplace_back();
    std::istringstream fields(line);
    for (std::string f; std::getline(fields, f, '\t');) out.back().push_back(f);
  }
  return out;
}

// ---- A minimal strict JSON parser (RFC 8259 subset: no \u surrogate pairs needed). ----
struct Json;
using JsonObject = std::map<std::string, Json>;
using JsonArray = std::vector<Json>;
struct Json {
  std::variant<std::nullptr_t, bool, double, std::string, JsonArray, JsonObject> v;
  bool is_object() const { return std::holds_alternative<JsonObject>(v); }
  bool is_array() const { return std::holds_alternative<JsonArray>(v); }
  bool is_string() const { return std::holds_alternative<std::string>(v); }
  bool is_number() const { return std::holds_alternative<double>(v); }
  bool is_null() const { return std::holds_alternative<std::nullptr_t>(v); }
  const JsonObject& object() const { return std::get<JsonObject>(v); }
  const JsonArray& array() const { return std::get<JsonArray>(v); }
  const std::string& str() const { return std::get<std::string>(v); }
  double num() const { return std::get<double>(v); }
  bool boolean() const { return std::get<bool>(v); }
  bool has(const std::string& k) const { return is_object() && object().count(k) == 1; }
  const Json& operator[](const std::string& k) const { return object().at(k); }
  const Json& operator[](size_t i) const { return array().at(i); }
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& s) : s_(s) {}
  // The whole text must be one value (whitespace around it allowed).
  std::optional<Json> parse_document() {
    auto v = value();
    ws();
    if (!v || i_ != s_.size()) return std::nullopt;
    return v;
  }

 private:
  void ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    ws();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool literal(const char* word) {
    const std::string w(word);
    if (s_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  std::optional<std::string> string() {
    if (!eat('"')) return std::nullopt;
    std::string out;
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) return std::nullopt;
      const char e = s_[i_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          if (i_ + 4 > s_.size()) return std::nullopt;
          const int code = std::stoi(s_.substr(i_, 4), nullptr, 16);
          i_ += 4;
          if (code >= 0x80) return std::nullopt;  // not needed here
          out += static_cast<char>(code);
          break;
        }
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;
  }
  std::optional<Json> value() {
    ws();
    if (i_ >= s_.size()) return std::nullopt;
    const char c = s_[i_];
    if (c == '{') {
      ++i_;
      JsonObject obj;
      if (eat('}')) return Json{obj};
      do {
        auto k = string();
        if (!k || !eat(':')) return std::nullopt;
        auto v = value();
        if (!v || obj.count(*k)) return std::nullopt;  // duplicate keys are an error here
        obj.emplace(*k, std::move(*v));
      } while (eat(','));
      if (!eat('}')) return std::nullopt;
      return Json{obj};
    }
    if (c == '[') {
      ++i_;
      JsonArray arr;
      if (eat(']')) return Json{arr};
      do {
        auto v = value();
        if (!v) return std::nullopt;
        arr.push_back(std::move(*v));
      } while (eat(','));
      if (!eat(']')) return std::nullopt;
      return Json{arr};
    }
    if (c == '"') {
      auto s = string();
      if (!s) return std::nullopt;
      return Json{*s};
    }
    if (literal("true")) return Json{true};
    if (literal("false")) return Json{false};
    if (literal("null")) return Json{nullptr};
    // Number: -?digits[.digits][e[+-]digits]
    const size_t start = i_;
    if (s_[i_] == '-') ++i_;
    size_t digits = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_, ++digits;
    if (digits == 0) return std::nullopt;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    return Json{std::strtod(s_.substr(start, i_ - start).c_str(), nullptr)};
  }

  const std::string& s_;
  size_t i_ = 0;
};

// Parses stdout of a --json run: exactly one JSON object.
inline std::optional<Json> parse_json_object(const std::string& text) {
  auto v = JsonParser(text).parse_document();
  if (!v || !v->is_object()) return std::nullopt;
  return v;
}

// A fresh directory under the system temp dir, removed with everything in it at the end.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    static int n = 0;
    path = std::filesystem::temp_directory_path() /
           ("konane_cli_test_" + std::to_string(getpid()) + "_" + std::to_string(n++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

}  // namespace clitest
