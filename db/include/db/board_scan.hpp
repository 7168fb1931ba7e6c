#pragma once
// Streaming, in-key-order iteration over the positions of one board size (for TSV export
// and the like). Memory use is constant; the scan sees a consistent snapshot taken when it
// was created.

#include <cstdint>
#include <memory>

#include "db/error.hpp"
#include "db/position.hpp"

namespace db {

class Database;

class BoardScan {
 public:
  BoardScan(BoardScan&&) noexcept;
  BoardScan& operator=(BoardScan&&) noexcept;
  ~BoardScan();

  // True while positioned on a record of the board; key() and value() only then.
  bool valid() const;
  const PositionKey& key() const;
  // A conflicting or undecodable record is an error for that record only; the scan can go
  // on past it with next().
  Expected<PositionValue> value() const;
  void next();
  // Once !valid(): ok if the board was exhausted, otherwise why the scan stopped early.
  Status status() const;

 private:
  friend class Database;
  struct State;
  explicit BoardScan(std::unique_ptr<State> state);
  void settle();
  std::unique_ptr<State> state_;
};

}  // namespace db
