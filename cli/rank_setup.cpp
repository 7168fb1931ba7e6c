#include "rank_setup.hpp"

#include <sstream>

#include "batch_lines.hpp"
#include "solver/ranks/ranks.hpp"

namespace konane::cli {

bool setup_agreed(bool ok, const std::string& command, Io io) {
  if (solver::ranks::world().size <= 1) return ok;
  std::string why = "could not start";
  if (auto* said = dynamic_cast<std::ostringstream*>(&io.err); !ok && said && !said->str().empty())
    why = trim(said->str());
  const auto agreed = solver::ranks::agree(
      ok ? core::ok() : core::Status(core::Error{core::Code::kInvalidArgument, why}));
  if (agreed) return true;
  if (ok) io.err << "konane " << command << ": error: " << agreed.error().message << "\n";
  return false;
}

}  // namespace konane::cli
