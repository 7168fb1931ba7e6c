#include "perft_output.hpp"

namespace konane::cli {

void perft_json_fields(api::JsonWriter& j, uint64_t total, const PerftSplit& split, bool divide,
                       double seconds) {
  j.field("nodes", total);
  if (divide) {
    j.key("divide");
    j.begin_array();
    for (const auto& [m, n] : split) {
      j.begin_object();
      j.field("move", m);
      j.field("nodes", n);
      j.end_object();
    }
    j.end_array();
  }
  j.field("seconds", seconds);
}

void print_perft(std::ostream& out, uint64_t total, const PerftSplit& split, bool divide) {
  for (const auto& [m, n] : split) out << m << ": " << n << '\n';
  if (divide)
    out << "total: " << total << '\n';
  else
    out << total << '\n';
}

}  // namespace konane::cli
