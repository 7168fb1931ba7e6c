#include "cross_order.hpp"

#include <algorithm>
#include <unordered_set>

#include "core.hpp"

namespace cgt::detail {

namespace {

// The nimber m of a pure nimber *m (m >= 1), or 0.
uint32_t pure_nimber(GameId g) {
  const Record& r = rec(g);
  if (!rec_is_nus(r) || r.ups != 0 || r.num != 0) return 0;
  return r.nim;
}

// Maps each option *m_i to the index of *(m ^ m_i) among the options, where that exists.
std::vector<int> shift_partners(uint32_t m, std::span<const GameId> opts) {
  std::vector<int> by_nim(m, -1);
  for (size_t k = 0; k < opts.size(); ++k) {
    uint32_t n = rec(opts[k]).nim;
    if (n < m) by_nim[n] = static_cast<int>(k);
  }
  std::vector<int> partner(opts.size(), -1);
  for (size_t k = 0; k < opts.size(); ++k) {
    uint32_t s = m ^ rec(opts[k]).nim;
    if (s < m) partner[k] = by_nim[s];
  }
  return partner;
}

// A cheap shift pays off only when the pairs it serves are many per distinct shift: each
// shift may cost a new sum, while a direct comparison costs one recursion.
constexpr size_t kPairsPerShift = 4;

}  // namespace

CrossOrder::CrossOrder(GameId a, GameId b, std::span<const GameId> ao, std::span<const GameId> bo,
                       std::span<const GameId> x, std::span<const GameId> y)
    : a_(a), b_(b), ao_(ao), bo_(bo), x_(x), y_(y) {
  if (uint32_t m = pure_nimber(a)) {
    rule_ = Rule::ShiftA;
    shift_ = m;
    partner_ = shift_partners(m, ao);
    return;
  }
  if (uint32_t m = pure_nimber(b)) {
    rule_ = Rule::ShiftB;
    shift_ = m;
    partner_ = shift_partners(m, bo);
    return;
  }
  if (rec_is_nus(rec(a)) || rec_is_nus(rec(b))) return;
  // Class ids by (number, up-multiple); linear search, the lists of classes are short.
  struct Key {
    int64_t num;
    uint8_t exp;
    int32_t ups;
  };
  std::vector<Key> keys;
  auto classify = [&](std::span<const GameId> opts, std::vector<int>& cls,
                      std::vector<uint32_t>& nim) {
    cls.assign(opts.size(), -1);
    nim.assign(opts.size(), 0);
    for (size_t k = 0; k < opts.size(); ++k) {
      const Record& r = rec(opts[k]);
      if (!rec_is_nus(r)) continue;
      auto it = std::find_if(keys.begin(), keys.end(), [&](const Key& q) {
        return q.num == r.num && q.exp == r.num_exp && q.ups == r.ups;
      });
      if (it == keys.end()) it = keys.insert(keys.end(), Key{r.num, r.num_exp, r.ups});
      cls[k] = static_cast<int>(it - keys.begin());
      nim[k] = r.nim;
    }
  };
  classify(ao, a_class_, a_nim_);
  classify(bo, b_class_, b_nim_);
  size_t pairs = 0;
  std::unordered_set<uint32_t> shifts;
  for (size_t i = 0; i < ao.size(); ++i) {
    if (a_class_[i] < 0) continue;
    for (size_t j = 0; j < bo.size(); ++j) {
      if (a_class_[i] != b_class_[j]) continue;
      ++pairs;
      shifts.insert(a_nim_[i] ^ b_nim_[j]);
    }
  }
  if (!shifts.empty() && pairs >= kPairsPerShift * shifts.size()) rule_ = Rule::Common;
}

GameId CrossOrder::common_shift(size_t i, size_t j) {
  if (a_class_[i] < 0 || a_class_[i] != b_class_[j]) return kNoGame;
  uint32_t n = a_nim_[i] ^ b_nim_[j];
  auto [it, fresh] = shifted_.try_emplace(n, kNoGame);
  if (fresh) it->second = add(nimber(n), b_);
  return it->second;
}

std::pair<GameId, GameId> CrossOrder::reduce(size_t i, size_t j) {
  switch (rule_) {
    case Rule::ShiftA:
      if (rec_is_nus(rec(bo_[j]))) return {b_, add(bo_[j], nimber(rec(ao_[i]).nim ^ shift_))};
      if (partner_[i] >= 0) return {x_[static_cast<size_t>(partner_[i])], bo_[j]};
      break;
    case Rule::ShiftB:
      if (rec_is_nus(rec(ao_[i]))) return {add(ao_[i], nimber(rec(bo_[j]).nim ^ shift_)), a_};
      if (partner_[j] >= 0) return {ao_[i], y_[static_cast<size_t>(partner_[j])]};
      break;
    case Rule::Common:
      if (GameId s = common_shift(i, j); s != kNoGame) return {s, a_};
      break;
    case Rule::None:
      break;
  }
  return {x_[i], y_[j]};
}

}  // namespace cgt::detail
