#pragma once
// Exact dyadic rationals m / 2^k. Every number, stop, mean, temperature and thermograph
// breakpoint of a short game is dyadic, so the engine never needs floating point.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cgt {

// Layout (16 bytes):
//   +0  int64_t num_   numerator m; odd whenever exp_ > 0 (lowest terms)
//   +8  int32_t exp_   k in m / 2^k, 0 <= k <= kMaxExponent
//   +12 (padding)
// Arithmetic that would leave this range throws std::overflow_error: short games that come
// from real positions stay far inside it, and silently wrong values are worse than an error.
class Dyadic {
 public:
  static constexpr int kMaxExponent = 62;

  constexpr Dyadic() = default;
  static Dyadic from_int(int64_t n) { return Dyadic(n, 0); }
  // m / 2^k for any k >= 0 (reduced to lowest terms); throws std::overflow_error when the
  // reduced exponent exceeds kMaxExponent.
  static Dyadic from_parts(int64_t m, int k);

  int64_t numerator() const { return num_; }
  int exponent() const { return exp_; }
  bool is_integer() const { return exp_ == 0; }
  bool is_zero() const { return num_ == 0; }
  int sign() const { return num_ > 0 ? 1 : (num_ < 0 ? -1 : 0); }

  // Largest integer <= *this and smallest integer >= *this.
  int64_t floor() const;
  int64_t ceil() const;

  Dyadic operator+(const Dyadic& o) const;
  Dyadic operator-(const Dyadic& o) const;
  Dyadic operator-() const;
  Dyadic operator*(int64_t k) const;
  Dyadic& operator+=(const Dyadic& o) { return *this = *this + o; }
  Dyadic& operator-=(const Dyadic& o) { return *this = *this - o; }
  // *this / 2^k (k >= 0), exact.
  Dyadic div_pow2(int k) const;

  friend bool operator==(const Dyadic&, const Dyadic&) = default;
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);

  // "-2", "3/4", "-5/8".
  std::string to_string() const;

 private:
  constexpr Dyadic(int64_t num, int32_t exp) : num_(num), exp_(exp) {}
  static Dyadic normalise(__int128 num, int exp);

  int64_t num_ = 0;
  int32_t exp_ = 0;
};
static_assert(sizeof(Dyadic) == 16);

// The simplest dyadic strictly between lo and hi (either bound may be absent, meaning
// -infinity / +infinity). Requires lo < hi when both are present.
Dyadic simplest_between(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi);

}  // namespace cgt
