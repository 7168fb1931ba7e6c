#pragma once
// konane batch's two inputs: the lines of the positions file, and the lines of a results
// file written by an earlier run (resumed only if it provably belongs to this batch).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace konane::cli {

std::string trim(const std::string& s);

// ── the results file ──
// Line 1 is a header naming what the results belong to: the input's digest and the options
// that change answers. Every result line after it ends with "sum", a digest of the header's
// digest and the rest of the line, so a resumed batch keeps only results it wrote itself
// for this very input: another input, other options or a hand-edited line are refused.
inline constexpr int kResultsFormat = 1;

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = 0xcbf29ce484222325ull);
std::string hex64(std::uint64_t v);

// A result object's text (ending in '}') with its "sum" field added.
std::string sealed(const std::string& body, const std::string& digest);

// The line number of a sealed result line, or nullopt if the line is not one this input's
// batch wrote (unparseable, edited, or out of range 1..max_line).
std::optional<int> unseal(const std::string& text, const std::string& digest, int max_line);

}  // namespace konane::cli
