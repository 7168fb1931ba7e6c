#include "loopy_args.hpp"

namespace konane::cli {

void add_loopy_limit_options(po::options_description& desc) {
  desc.add_options()  //
      ("timeout", po::value<double>()->default_value(0),
       "seconds for each position before giving up (0: none)")  //
      ("max-positions", po::value<size_t>()->default_value(20'000'000),
       "give a position up once more positions than this are reachable from it (about 200 "
       "bytes each, for each position being solved at once)")                                //
      ("pv", po::value<size_t>()->default_value(30), "most plies of a principal variation")  //
      ("method", po::value<std::string>()->default_value("auto"),
       "auto: retrograde analysis of every reachable position (exact distances), then proof "
       "search once --max-positions are reachable; retro: the first alone; proof: the second "
       "alone (win, loss or draw, distances bounded from above; two tables of "
       "--max-positions entries of 32 bytes)")  //
      ("max-nodes", po::value<uint64_t>()->default_value(0),
       "proof search: most nodes for each question asked (0: no limit)");
}

std::optional<api::LoopyLimits> loopy_limits_from(const po::variables_map& vm,
                                                  const std::string& command, Io io) {
  api::LoopyLimits l;
  const auto timeout = checked_seconds(vm, "timeout", command, io);
  if (!timeout) return std::nullopt;
  l.timeout_seconds = *timeout;
  l.max_positions = vm["max-positions"].as<size_t>();
  l.pv_plies = vm["pv"].as<size_t>();
  const std::string method = vm["method"].as<std::string>();
  if (method == "auto")
    l.method = api::LoopyLimits::Method::Auto;
  else if (method == "retro")
    l.method = api::LoopyLimits::Method::Retro;
  else if (method == "proof")
    l.method = api::LoopyLimits::Method::Proof;
  else {
    usage_error(io, command, "--method must be auto, retro or proof, not '" + method + "'");
    return std::nullopt;
  }
  l.max_nodes = vm["max-nodes"].as<uint64_t>();
  if (l.max_positions == 0) {
    usage_error(io, command, "--max-positions must be positive");
    return std::nullopt;
  }
  return l;
}

void print_loopy_result(std::ostream& out, const api::LoopyResultAnswer& a) {
  out << "position: " << a.position << "\n"
      << "result: " << api::result_word(a.result) << " for " << api::side_text(a.to_move);
  if (a.distance) out << " in " << *a.distance << " plies";
  out << "\nbest moves:";
  for (const auto& b : a.best) out << " " << b;
  out << "\n";
  for (const auto& c : a.moves) {
    out << "  " << c.move << ": " << api::result_word(c.result);
    if (c.distance) out << " in " << *c.distance;
    out << "\n";
  }
}

}  // namespace konane::cli
