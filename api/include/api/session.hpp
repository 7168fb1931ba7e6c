#pragma once
// A solving session of one game: the questions of a batch asked on many threads at once, each
// thread keeping its engine (its tables) from one question to the next, so that many small
// positions do not each pay for a fresh engine. The same limits and database for every
// question. Answers are api::solve's.
#include <memory>
#include <string>

#include "api/answers.hpp"
#include "api/requests.hpp"
#include "core/error.hpp"

namespace db {
class Database;
}

namespace api {

class Session {
 public:
  // An unknown game, or one the facade cannot solve, gives the refusal on every question.
  // limits.memory_mib is each thread's engine's.
  Session(std::string game, const Limits& limits, db::Database* database = nullptr);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Safe from several threads at once. A question runs isolated from the caller's other
  // oneTBB work, so a thread never starts a second question inside the first. A thread's
  // engine is replaced after a timeout, and before each question under a node budget (the
  // budget is then spent the same way whatever came before).
  core::Expected<SolveAnswer> solve(const PositionRequest& r);

  struct Impl;

 private:
  std::string game_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace api
