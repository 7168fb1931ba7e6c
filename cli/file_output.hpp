#pragma once
// Files the CLI writes (pictures, game records, batch results): whole or not at all.

#include <optional>
#include <string>

namespace konane::cli {

// Writes text to path whole: a regular file (or a new one) through a synced temporary file
// renamed over it, so a reader never sees half of it; anything else (a device such as
// /dev/stdout, a pipe) directly, since renaming over it would replace the device. nullopt
// on success, else why it failed ("No space left on device"), every write and the final
// flush checked.
std::optional<std::string> write_file_whole(const std::string& path, const std::string& text);

}  // namespace konane::cli
