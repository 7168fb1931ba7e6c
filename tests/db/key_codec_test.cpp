#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::PositionKey;

int sign(int v) {
  return (v > 0) - (v < 0);
}
int sign(std::strong_ordering o) {
  return o < 0 ? -1 : (o > 0 ? 1 : 0);
}

TEST(KeyCodec, LayoutIsBigEndianGameAndBoardFirst) {
  const auto bytes = db::encode_key({3, 5, 7, 0x2a, 0x0102030405060708ULL, 0xf0e0d0c0b0a09080ULL});
  const unsigned char expected[db::kKeySize] = {3,    5,    7,    0x2a, 0x01, 0x02, 0x03,
                                                0x04, 0x05, 0x06, 0x07, 0x08, 0xf0, 0xe0,
                                                0xd0, 0xc0, 0xb0, 0xa0, 0x90, 0x80};
  ASSERT_EQ(bytes.size(), sizeof expected);
  EXPECT_EQ(std::memcmp(bytes.data(), expected, sizeof expected), 0);
}

// Any bytes in every field, game and shape included.
PositionKey any_key(std::mt19937_64& rng) {
  auto byte = [&] { return static_cast<std::uint8_t>(rng()); };
  PositionKey k;
  k.game = byte();
  k.rows = byte();
  k.cols = byte();
  k.group = byte();
  k.hi = rng();
  k.lo = rng();
  return k;
}

TEST(KeyCodec, RoundTrips) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 2000; ++i) {
    const PositionKey k = any_key(rng);
    const auto bytes = db::encode_key(k);
    auto back = db::decode_key({bytes.data(), bytes.size()});
    DB_ASSERT_OK(back);
    EXPECT_EQ(*back, k);
  }
}

// RocksDB compares keys with memcmp; the encoding must make that agree with the numeric
// order of (game, rows, cols, group, hi, lo), including words with the top bit set.
TEST(KeyCodec, ByteOrderMatchesKeyOrder) {
  std::mt19937_64 rng(2);
  auto draw = [&] {
    PositionKey k{static_cast<std::uint8_t>(rng() % 3 + 1),
                  static_cast<std::uint8_t>(rng() % 3 + 6),
                  static_cast<std::uint8_t>(rng() % 3 + 6),
                  static_cast<std::uint8_t>(rng() % 2 ? 255 - rng() % 2 : rng() % 2),
                  rng(),
                  rng()};
    // Share prefixes often, so later fields get compared too.
    if (rng() % 2) k.hi = 0x8000000000000000ULL | (rng() % 4);
    if (rng() % 2) k.lo = rng() % 4;
    return k;
  };
  for (int i = 0; i < 20000; ++i) {
    const auto a = draw();
    const auto b = draw();
    const auto ea = db::encode_key(a);
    const auto eb = db::encode_key(b);
    ASSERT_EQ(sign(std::memcmp(ea.data(), eb.data(), db::kKeySize)), sign(a <=> b))
        << "rows " << int(a.rows) << "/" << int(b.rows) << " hi " << a.hi << "/" << b.hi;
  }
}

TEST(KeyCodec, BoardPrefixGroupsKeys) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100; ++i) {
    const PositionKey k = any_key(rng);
    const auto bytes = db::encode_key(k);
    const auto prefix = db::encode_board_prefix(k.board());
    EXPECT_EQ(std::memcmp(bytes.data(), prefix.data(), prefix.size()), 0);
  }
}

TEST(KeyCodec, DecodeRejectsWrongLength) {
  const auto bytes = db::encode_key({1, 4, 4, 3, 1, 2});
  for (std::size_t len : {std::size_t{0}, std::size_t{2}, db::kKeySize - 1}) {
    auto r = db::decode_key({bytes.data(), len});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, db::Code::kCorruption);
  }
  const std::string longer = std::string(bytes.data(), bytes.size()) + "x";
  EXPECT_FALSE(db::decode_key(longer));
}

TEST(KeyCodec, CgtKeyRoundTripsBigEndian) {
  const auto bytes = db::encode_cgt_key({0x0102030405060708ULL});
  EXPECT_EQ(bytes[0], 0x01);
  EXPECT_EQ(bytes[7], 0x08);
  auto back = db::decode_cgt_key({bytes.data(), bytes.size()});
  DB_ASSERT_OK(back);
  EXPECT_EQ(back->hash, 0x0102030405060708ULL);
  EXPECT_FALSE(db::decode_cgt_key("short"));
}

// The hash is part of the schema; these are the published FNV-1a 64 test vectors.
TEST(KeyCodec, CgtFormHashIsFnv1a64) {
  EXPECT_EQ(db::cgt_form_hash(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(db::cgt_form_hash("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(db::cgt_form_hash("foobar"), 0x85944171f73967e8ULL);
}

}  // namespace
