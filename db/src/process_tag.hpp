#pragma once
// Names for files a process leaves behind while it runs (staging directories, ingest runs,
// a secondary's log directory), so that a later process can tell when their owner died
// without cleaning up (kill -9, a crashed MPI rank) and remove them.
#include <filesystem>
#include <string>

namespace db::detail {

// "HOST-PID": ranks on several machines may share a pid and a directory, so the host is part
// of the name ('/' in a host name becomes '_').
std::string process_tag();

// The tag's host part followed by '-': names with this prefix were made on this machine, and
// only those may be judged by their pid.
std::string host_prefix();

// Removes the directories in `dir` named PREFIX + "PID" + anything whose process is gone.
// Errors are ignored: a leftover that cannot be removed now is tried again by the next
// caller, and its owner's work is never affected.
void remove_dead_owned(const std::filesystem::path& dir, const std::string& prefix);

}  // namespace db::detail
