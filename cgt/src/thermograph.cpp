// Thermography (Siegel, Combinatorial Game Theory, II.5; temperatures from -1 as in CGSuite).
// The thermograph of a non-number G comes from its scaffolds:
//   left scaffold  = max over G^L of RW(G^L)(t) - t
//   right scaffold = min over G^R of LW(G^R)(t) + t
// which are the walls below the temperature, the least t at which they meet; above it both
// walls are the vertical mast at the mean.
#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "cgt/game.hpp"
#include "core.hpp"
#include "stats_internal.hpp"

namespace cgt {

namespace {

Dyadic div_by(const Dyadic& d, int k) {
  // Intersections divide by a difference of wall slopes: 1 or 2 for real walls.
  if (k < 0) return div_by(-d, -k);
  int shift = 0;
  while (k > 1 && (k & 1) == 0) {
    k >>= 1;
    ++shift;
  }
  if (k != 1) throw std::logic_error("cgt: non-dyadic thermograph intersection");
  return d.div_pow2(shift);
}

size_t segment_index(const Trajectory& f, const Dyadic& t) {
  auto it = std::upper_bound(f.temps.begin(), f.temps.end(), t);
  return it == f.temps.begin() ? 0 : static_cast<size_t>(it - f.temps.begin()) - 1;
}

int slope_at(const Trajectory& f, const Dyadic& t) {
  return f.slopes[segment_index(f, t)];
}

void push_piece(Trajectory& f, const Dyadic& t, const Dyadic& v, int s) {
  if (!f.temps.empty()) {
    if (f.slopes.back() == s) return;  // same line continues
    if (f.temps.back() == t) {
      f.values.back() = v;
      f.slopes.back() = s;
      if (f.temps.size() >= 2 && f.slopes[f.slopes.size() - 2] == s) {
        f.temps.pop_back();
        f.values.pop_back();
        f.slopes.pop_back();
      }
      return;
    }
  }
  f.temps.push_back(t);
  f.values.push_back(v);
  f.slopes.push_back(s);
}

std::vector<Dyadic> merged_breaks(const Trajectory& a, const Trajectory& b) {
  std::vector<Dyadic> ts;
  ts.reserve(a.temps.size() + b.temps.size());
  std::merge(a.temps.begin(), a.temps.end(), b.temps.begin(), b.temps.end(),
             std::back_inserter(ts));
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  return ts;
}

Trajectory combine(const Trajectory& a, const Trajectory& b, bool take_max) {
  Trajectory out;
  std::vector<Dyadic> ts = merged_breaks(a, b);
  for (size_t i = 0; i < ts.size(); ++i) {
    const Dyadic& start = ts[i];
    Dyadic va = a.at(start), vb = b.at(start);
    int sa = slope_at(a, start), sb = slope_at(b, start);
    // Orient so that "a wins" means a is the one we keep.
    Dyadic d = take_max ? va - vb : vb - va;
    int ds = take_max ? sa - sb : sb - sa;
    bool a_first = d.sign() > 0 || (d.sign() == 0 && ds >= 0);
    if (a_first)
      push_piece(out, start, va, sa);
    else
      push_piece(out, start, vb, sb);
    if (d.sign() != 0 && ds != 0 && (d.sign() > 0) != (ds > 0)) {
      Dyadic tc = start + div_by(d.sign() > 0 ? d : -d, ds > 0 ? ds : -ds);
      if (i + 1 == ts.size() || tc < ts[i + 1]) {
        if (a_first)
          push_piece(out, tc, b.at(tc), sb);
        else
          push_piece(out, tc, a.at(tc), sa);
      }
    }
  }
  return out;
}

// ---- cache -------------------------------------------------------------------------------

struct alignas(64) ThermoShard {
  std::mutex mu;
  std::unordered_map<GameId, std::shared_ptr<const Thermograph>> map;
};

constexpr size_t kThermoShards = 64;
constexpr size_t kThermoShardCap = 4096;  // bounds the cache at 256K thermographs

struct ThermoCache {
  ThermoShard shards[kThermoShards];
  detail::StripedCounter lookups, hits;
};

ThermoCache& thermo_cache() {
  static ThermoCache* c = new ThermoCache();  // leaked like the table itself
  return *c;
}

size_t trajectory_bytes(const Trajectory& t) {
  return t.temps.capacity() * sizeof(Dyadic) + t.values.capacity() * sizeof(Dyadic) +
         t.slopes.capacity() * sizeof(int);
}

using Known = std::unordered_map<GameId, std::shared_ptr<const Thermograph>>;

// Needs the thermographs of g's options in `known` (integers excepted).
Thermograph compute(GameId g, const Known& known) {
  Thermograph th;
  if (auto x = as_number(g); x && x->is_integer()) {
    th.left_wall = th.right_wall = Trajectory::constant(*x);
    th.mast = *x;
    th.temperature = Dyadic::from_int(-1);
    return th;
  }
  // Non-integers have options on both sides, so both scaffolds exist (a canonical game with
  // no options on one side is an integer).
  std::optional<Trajectory> ls, rs;
  for (GameId o : left_options(g)) {
    const auto& t = known.at(o);
    ls = ls ? Trajectory::max(*ls, t->right_wall) : t->right_wall;
  }
  for (GameId o : right_options(g)) {
    const auto& t = known.at(o);
    rs = rs ? Trajectory::min(*rs, t->left_wall) : t->left_wall;
  }
  if (!ls || !rs) throw std::logic_error("cgt: non-integer without options on both sides");
  Trajectory left = ls->tilted(-1), right = rs->tilted(1);
  // left - right never increases (left slopes are -1/0, right slopes 0/+1), so the first
  // point where it reaches 0 is the temperature.
  Dyadic start = Dyadic::from_int(-1);
  Dyadic d0 = left.at(start) - right.at(start);
  if (d0.sign() < 0) {
    // The cooled game is already a number at t = -1; it is the simplest number between.
    th.mast = simplest_between(left.at(start), right.at(start));
    th.temperature = start;
    th.left_wall = th.right_wall = Trajectory::constant(th.mast);
    return th;
  }
  std::optional<Dyadic> tau;
  if (d0.sign() == 0) tau = start;
  std::vector<Dyadic> ts = merged_breaks(left, right);
  for (size_t i = 0; !tau && i < ts.size(); ++i) {
    Dyadic d = left.at(ts[i]) - right.at(ts[i]);
    if (d.sign() <= 0) {
      tau = ts[i];
      break;
    }
    int ds = slope_at(left, ts[i]) - slope_at(right, ts[i]);
    if (ds < 0) {
      Dyadic tc = ts[i] + div_by(d, -ds);
      if (i + 1 == ts.size() || tc <= ts[i + 1]) tau = tc;
    }
  }
  if (!tau) throw std::logic_error("cgt: scaffolds never meet");
  th.temperature = *tau;
  th.mast = left.at(*tau);
  th.left_wall = left.capped(*tau);
  th.right_wall = right.capped(*tau);
  return th;
}

std::shared_ptr<const Thermograph> cached(GameId g) {
  ThermoCache& c = thermo_cache();
  ThermoShard& s = c.shards[detail::mix64(g) % kThermoShards];
  c.lookups.add();
  std::lock_guard<std::mutex> lock(s.mu);
  auto it = s.map.find(g);
  if (it == s.map.end()) return nullptr;
  c.hits.add();
  return it->second;
}

std::shared_ptr<const Thermograph> remember(GameId g, Thermograph th) {
  ThermoShard& s = thermo_cache().shards[detail::mix64(g) % kThermoShards];
  auto ptr = std::make_shared<const Thermograph>(std::move(th));
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.map.size() >= kThermoShardCap) s.map.clear();
  s.map.emplace(g, ptr);
  return ptr;
}

bool is_integer(GameId g) {
  const auto x = as_number(g);
  return x && x->is_integer();
}

// Bottom-up with an explicit stack, never by recursion: ^n is n levels deep and a sum of
// many ups deeper still, far past what a call stack holds. `known` keeps every thermograph
// of the walk alive, whatever the cache evicts meanwhile.
// x+^n*m has the thermograph of x+^, x+^* or x+* (by the signs of n and m; checked against
// the general computation in thermograph_test), so large ones never expand their options.
GameId thermograph_twin(GameId g) {
  const auto nus = as_nus(g);
  if (!nus || (nus->ups == 0 && nus->nim == 0)) return g;
  if (nus->ups == 0) return make_nus(nus->number, 0, 1);
  const int32_t sign = nus->ups > 0 ? 1 : -1;
  if (nus->ups * sign == 1 && nus->nim == 1) return g;
  return make_nus(nus->number, sign, 0);
}

std::shared_ptr<const Thermograph> thermo_ptr(GameId g) {
  g = thermograph_twin(g);
  if (auto t = cached(g)) return t;
  Known known;
  std::vector<std::pair<GameId, bool>> stack{{g, false}};  // (game, options pushed)
  while (!stack.empty()) {
    auto& [x, pushed] = stack.back();
    const GameId game = x;
    if (known.count(game)) {
      stack.pop_back();
      continue;
    }
    if (pushed || is_integer(game)) {  // an integer's thermograph needs no options
      known.emplace(game, remember(game, compute(game, known)));
      stack.pop_back();
      continue;
    }
    if (auto t = cached(game)) {
      known.emplace(game, std::move(t));
      stack.pop_back();
      continue;
    }
    pushed = true;
    for (const std::span<const GameId> side : {left_options(game), right_options(game)})
      for (GameId o : side)
        if (!known.count(o)) stack.emplace_back(o, false);
  }
  return known.at(g);
}

}  // namespace

// ---- Trajectory --------------------------------------------------------------------------

Trajectory Trajectory::constant(const Dyadic& v) {
  return Trajectory{{Dyadic::from_int(-1)}, {v}, {0}};
}

Dyadic Trajectory::at(const Dyadic& t) const {
  size_t i = segment_index(*this, t);
  return values[i] + (t - temps[i]) * slopes[i];
}

Trajectory Trajectory::tilted(int s) const {
  Trajectory out = *this;
  for (size_t i = 0; i < temps.size(); ++i) {
    out.values[i] += temps[i] * s;
    out.slopes[i] += s;
  }
  return out;
}

Trajectory Trajectory::capped(const Dyadic& t) const {
  Trajectory out;
  for (size_t i = 0; i < temps.size() && temps[i] < t; ++i)
    push_piece(out, temps[i], values[i], slopes[i]);
  push_piece(out, t, at(t), 0);
  return out;
}

Trajectory Trajectory::max(const Trajectory& a, const Trajectory& b) {
  return combine(a, b, true);
}
Trajectory Trajectory::min(const Trajectory& a, const Trajectory& b) {
  return combine(a, b, false);
}

std::string Thermograph::to_string() const {
  std::ostringstream os;
  os << "mast " << mast.to_string() << " from t=" << temperature.to_string();
  auto wall = [&](const char* name, const Trajectory& w) {
    os << "; " << name;
    for (size_t i = 0; i < w.temps.size(); ++i)
      os << " (" << w.temps[i].to_string() << "," << w.values[i].to_string() << ")";
  };
  wall("left wall", left_wall);
  wall("right wall", right_wall);
  return os.str();
}

// ---- public entry points -----------------------------------------------------------------

Thermograph thermograph(GameId g) {
  return *thermo_ptr(g);
}

Dyadic mean(GameId g) {
  if (auto x = as_number(g)) return *x;
  return thermo_ptr(g)->mast;
}

Dyadic temperature(GameId g) {
  if (auto x = as_number(g)) {
    // CGSuite's convention: m/2^k has temperature -1/2^k, integers -1.
    return -Dyadic::from_parts(1, x->exponent());
  }
  return thermo_ptr(g)->temperature;
}

namespace detail {

void clear_thermograph_cache() {
  ThermoCache& c = thermo_cache();
  for (auto& s : c.shards) {
    std::lock_guard<std::mutex> lock(s.mu);
    s.map.clear();
  }
}

CacheStats thermograph_cache_stats() {
  ThermoCache& c = thermo_cache();
  CacheStats st;
  st.lookups = c.lookups.total();
  st.hits = c.hits.total();
  for (auto& s : c.shards) {
    std::lock_guard<std::mutex> lock(s.mu);
    st.entries += s.map.size();
    // Node, control block and the thermograph with its vectors.
    st.bytes += s.map.bucket_count() * sizeof(void*);
    for (const auto& [id, th] : s.map)
      st.bytes += 64 + sizeof(Thermograph) + trajectory_bytes(th->left_wall) +
                  trajectory_bytes(th->right_wall);
  }
  return st;
}

}  // namespace detail

}  // namespace cgt
