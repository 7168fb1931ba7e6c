#pragma once
// A deliberately naive model of short games, written independently of the engine: game
// trees exactly as built (no canonicalisation), compared by the recursive definition
//   G <= H  iff  no G^L >= H and no H^R <= G
// and added by the definition of the disjunctive sum. Slow, but too simple to share a bug
// with the engine, so the property tests judge the engine against it.
#include <cstdint>
#include <deque>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cgt/game.hpp"

namespace ref {

struct Node {
  std::vector<const Node*> left, right;
};
using P = const Node*;

class Model {
 public:
  P make(std::vector<P> l, std::vector<P> r) {
    nodes_.push_back(Node{std::move(l), std::move(r)});
    return &nodes_.back();
  }

  bool leq(P g, P h) {
    auto key = std::make_pair(g, h);
    if (auto it = leq_memo_.find(key); it != leq_memo_.end()) return it->second;
    bool res = true;
    for (P gl : g->left)
      if (leq(h, gl)) {
        res = false;
        break;
      }
    if (res)
      for (P hr : h->right)
        if (leq(hr, g)) {
          res = false;
          break;
        }
    leq_memo_.emplace(key, res);
    return res;
  }
  bool eq(P g, P h) { return leq(g, h) && leq(h, g); }

  P sum(P g, P h) {
    auto key = std::make_pair(g, h);
    if (auto it = sum_memo_.find(key); it != sum_memo_.end()) return it->second;
    std::vector<P> l, r;
    for (P x : g->left) l.push_back(sum(x, h));
    for (P x : h->left) l.push_back(sum(g, x));
    for (P x : g->right) r.push_back(sum(x, h));
    for (P x : h->right) r.push_back(sum(g, x));
    P s = make(std::move(l), std::move(r));
    sum_memo_.emplace(key, s);
    return s;
  }

  P neg(P g) {
    if (auto it = neg_memo_.find(g); it != neg_memo_.end()) return it->second;
    std::vector<P> l, r;
    for (P x : g->right) l.push_back(neg(x));
    for (P x : g->left) r.push_back(neg(x));
    P n = make(std::move(l), std::move(r));
    neg_memo_.emplace(g, n);
    return n;
  }

  // The engine's canonical form of id, read back as a tree through the public option lists.
  P from_engine(cgt::GameId id) {
    if (auto it = engine_memo_.find(id); it != engine_memo_.end()) return it->second;
    std::vector<P> l, r;
    for (cgt::GameId o : cgt::left_options(id)) l.push_back(from_engine(o));
    for (cgt::GameId o : cgt::right_options(id)) r.push_back(from_engine(o));
    P n = make(std::move(l), std::move(r));
    engine_memo_.emplace(id, n);
    return n;
  }

  // Canonical means: no dominated option and no reversible option (checked by definition).
  bool is_canonical_node(P g) {
    for (size_t i = 0; i < g->left.size(); ++i)
      for (size_t j = 0; j < g->left.size(); ++j)
        if (i != j && leq(g->left[i], g->left[j])) return false;
    for (size_t i = 0; i < g->right.size(); ++i)
      for (size_t j = 0; j < g->right.size(); ++j)
        if (i != j && leq(g->right[j], g->right[i])) return false;
    for (P gl : g->left)
      for (P glr : gl->right)
        if (leq(glr, g)) return false;
    for (P gr : g->right)
      for (P grl : gr->left)
        if (leq(g, grl)) return false;
    return true;
  }

  // Hand-written textbook trees.
  P zero() { return zero_ ? zero_ : (zero_ = make({}, {})); }
  P integer(int64_t n) {
    P g = zero();
    for (int64_t i = 0; i < (n < 0 ? -n : n); ++i) g = n > 0 ? make({g}, {}) : make({}, {g});
    return g;
  }
  // m / 2^k via its defining form {(m-1)/2^k | (m+1)/2^k}.
  P dyadic(int64_t m, int k) {
    while (k > 0 && m % 2 == 0) {
      m /= 2;
      --k;
    }
    if (k == 0) return integer(m);
    return make({dyadic(m - 1, k)}, {dyadic(m + 1, k)});
  }
  P nimber(unsigned n) {
    while (nimbers_.size() <= n) {
      std::vector<P> opts(nimbers_.begin(), nimbers_.end());
      nimbers_.push_back(make(opts, opts));
    }
    return nimbers_[n];
  }
  P up() { return up_ ? up_ : (up_ = make({zero()}, {nimber(1)})); }
  // x + k.up + *m as an explicit sum of its parts.
  P nus(int64_t m, int k, int ups, unsigned nim) {
    P g = dyadic(m, k);
    P u = up(), d = neg(up());
    for (int i = 0; i < (ups < 0 ? -ups : ups); ++i) g = sum(g, ups > 0 ? u : d);
    return sum(g, nimber(nim));
  }

 private:
  std::deque<Node> nodes_;
  std::map<std::pair<P, P>, bool> leq_memo_;
  std::map<std::pair<P, P>, P> sum_memo_;
  std::unordered_map<P, P> neg_memo_;
  std::unordered_map<cgt::GameId, P> engine_memo_;
  P zero_ = nullptr;
  P up_ = nullptr;
  std::vector<P> nimbers_;
};

}  // namespace ref
