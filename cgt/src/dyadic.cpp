#include "cgt/dyadic.hpp"

#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace cgt {

namespace {

constexpr __int128 kInt64Min = std::numeric_limits<int64_t>::min();
constexpr __int128 kInt64Max = std::numeric_limits<int64_t>::max();

[[noreturn]] void overflow() {
  throw std::overflow_error("dyadic rational out of range");
}

}  // namespace

Dyadic Dyadic::normalise(__int128 num, int exp) {
  if (num == 0) return Dyadic(0, 0);
  while (exp > 0 && (num & 1) == 0) {
    num >>= 1;
    --exp;
  }
  if (exp > kMaxExponent || num < kInt64Min || num > kInt64Max) overflow();
  return Dyadic(static_cast<int64_t>(num), exp);
}

Dyadic Dyadic::from_parts(int64_t m, int k) {
  if (k < 0) overflow();
  if (m == 0) return Dyadic();
  // Strip factors of two first so that huge k with an even m still reduces exactly.
  while (k > 0 && (m & 1) == 0) {
    m /= 2;
    --k;
  }
  if (k > kMaxExponent) overflow();
  return Dyadic(m, k);
}

int64_t Dyadic::floor() const {
  // Arithmetic shift rounds towards -infinity, which is floor for a power-of-two divisor.
  return num_ >> exp_;
}

int64_t Dyadic::ceil() const {
  int64_t f = floor();
  return exp_ == 0 ? f : f + 1;
}

Dyadic Dyadic::operator+(const Dyadic& o) const {
  int e = exp_ > o.exp_ ? exp_ : o.exp_;
  __int128 a = static_cast<__int128>(num_) << (e - exp_);
  __int128 b = static_cast<__int128>(o.num_) << (e - o.exp_);
  return normalise(a + b, e);
}

Dyadic Dyadic::operator-(const Dyadic& o) const {
  int e = exp_ > o.exp_ ? exp_ : o.exp_;
  __int128 a = static_cast<__int128>(num_) << (e - exp_);
  __int128 b = static_cast<__int128>(o.num_) << (e - o.exp_);
  return normalise(a - b, e);
}

Dyadic Dyadic::operator-() const {
  if (num_ == std::numeric_limits<int64_t>::min()) overflow();
  return Dyadic(-num_, exp_);
}

Dyadic Dyadic::operator*(int64_t k) const {
  return normalise(static_cast<__int128>(num_) * k, exp_);
}

Dyadic Dyadic::div_pow2(int k) const {
  if (k < 0) overflow();
  if (num_ == 0) return Dyadic();
  if (exp_ + static_cast<int64_t>(k) > kMaxExponent) overflow();
  return Dyadic(num_, exp_ + k);  // num_ stays odd (or the exponent was 0 and grows).
}

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  int e = a.exp_ > b.exp_ ? a.exp_ : b.exp_;
  __int128 x = static_cast<__int128>(a.num_) << (e - a.exp_);
  __int128 y = static_cast<__int128>(b.num_) << (e - b.exp_);
  return x <=> y;
}

std::string Dyadic::to_string() const {
  std::string s = std::to_string(num_);
  if (exp_ > 0) s += "/" + std::to_string(uint64_t{1} << exp_);
  return s;
}

Dyadic simplest_between(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi) {
  if (lo && hi && !(*lo < *hi)) throw std::invalid_argument("simplest_between: empty interval");
  // An integer strictly inside wins, and among integers the one nearest zero.
  if ((!lo || lo->sign() < 0) && (!hi || hi->sign() > 0)) return Dyadic();
  if (!hi) return Dyadic::from_int(lo->floor() + 1);
  if (!lo) return Dyadic::from_int(hi->ceil() - 1);
  if (lo->sign() >= 0) {
    int64_t n = lo->floor() + 1;
    if (Dyadic::from_int(n) < *hi) return Dyadic::from_int(n);
  } else {
    int64_t n = hi->ceil() - 1;
    if (*lo < Dyadic::from_int(n)) return Dyadic::from_int(n);
  }
  // No integer fits, so the interval lies inside (n, n+1): the answer is the dyadic with the
  // smallest denominator strictly inside, which is unique.
  // Work on the fractional part so that scaling by 2^k cannot overflow for large n.
  Dyadic n = Dyadic::from_int(lo->floor());
  Dyadic flo = *lo - n, fhi = *hi - n;
  for (int k = 1; k <= Dyadic::kMaxExponent; ++k) {
    Dyadic scaled = flo * (int64_t{1} << k);
    Dyadic cand = Dyadic::from_parts(scaled.floor() + 1, k);
    if (cand < fhi) return cand + n;
  }
  throw std::overflow_error("dyadic rational out of range");
}

}  // namespace cgt
