#include <cstdio>
#include <sstream>

#include "cgt/game.hpp"
#include "core.hpp"
#include "stats_internal.hpp"

namespace cgt {

using namespace detail;

TableStats stats() {
  Table& t = Table::get();
  TableStats s;
  s.games = t.games();
  s.nus_games = t.nus_games();
  s.record_bytes = t.record_bytes();
  s.option_bytes = t.arena.bytes();
  s.index_bytes = t.index.bytes();
  s.add_cache = t.add_cache.stats();
  s.leq_cache = t.leq_cache.stats();
  // Lookups are counted at the thread-local level; its hits never reach the shared cache.
  s.leq_cache.lookups = t.l1_lookups.total();
  s.leq_cache.hits += t.l1_hits.total();
  s.neg_cache.lookups = t.neg_lookups.total();
  s.neg_cache.hits = t.neg_hits.total();
  s.neg_cache.entries = s.games;  // one slot per record
  s.neg_cache.bytes = 0;          // lives inside the records
  s.thermograph_cache = thermograph_cache_stats();
  s.bytes = s.record_bytes + s.option_bytes + s.index_bytes + s.add_cache.bytes +
            s.leq_cache.bytes + s.thermograph_cache.bytes;
  return s;
}

namespace {

std::string human_bytes(uint64_t b) {
  char buf[32];
  if (b >= (uint64_t{1} << 30))
    std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(b) / (1 << 30));
  else if (b >= (uint64_t{1} << 20))
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(b) / (1 << 20));
  else if (b >= 1024)
    std::snprintf(buf, sizeof buf, "%.1f KiB", static_cast<double>(b) / 1024);
  else
    std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(b));
  return buf;
}

void cache_line(std::ostringstream& os, const char* name, const CacheStats& c) {
  char rate[32] = "-";
  if (c.lookups > 0)
    std::snprintf(rate, sizeof rate, "%.1f%%", 100.0 * static_cast<double>(c.hits) / c.lookups);
  os << "  " << name << ": " << c.lookups << " lookups, " << c.hits << " hits (" << rate << "), "
     << c.entries << " entries, " << human_bytes(c.bytes) << "\n";
}

}  // namespace

std::string stats_report() {
  TableStats s = stats();
  std::ostringstream os;
  os << "games stored: " << s.games << " (" << s.nus_games << " number/up/nimber values)\n";
  os << "memory: " << human_bytes(s.bytes) << " (records " << human_bytes(s.record_bytes)
     << ", options " << human_bytes(s.option_bytes) << ", index " << human_bytes(s.index_bytes)
     << ", caches "
     << human_bytes(s.add_cache.bytes + s.leq_cache.bytes + s.thermograph_cache.bytes) << "), plus "
     << (kL1Bytes + kNusMemoBytes) / 1024
     << " KiB per thread for its private comparison and number caches\n";
  os << "caches:\n";
  cache_line(os, "sum", s.add_cache);
  cache_line(os, "comparison", s.leq_cache);
  cache_line(os, "negation", s.neg_cache);
  cache_line(os, "thermograph", s.thermograph_cache);
  return os.str();
}

void clear_caches() {
  Table& t = Table::get();
  t.add_cache.clear();
  t.leq_cache.clear();
  t.bump_cache_epoch();
  clear_thermograph_cache();
}

}  // namespace cgt
