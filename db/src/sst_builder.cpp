// Bulk loading: sorted runs written with SstFileWriter, then IngestExternalFile.

#include "db/sst_builder.hpp"

#include <rocksdb/sst_file_writer.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "process_tag.hpp"
#include "stored_value.hpp"

namespace db {
namespace {

namespace fs = std::filesystem;

std::string run_name(std::size_t index) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "run-%06zu.sst", index);
  return buf;
}

// Per process, not per handle: a writer and a secondary of one database in one process
// (the tests) must not share a builder directory.
std::atomic<std::uint64_t> g_next_builder_id{0};

}  // namespace

struct SstBuilder::State {
  struct StoredValueAt {
    PositionKey key;
    detail::StoredValue value;
  };
  fs::path db_path;
  fs::path dir;
  rocksdb::Options options;
  SstBuilderOptions builder_options;
  std::vector<PositionRecord> buffer;  // unsorted builders only
  std::vector<std::string> runs;
  std::uint64_t added = 0;
  // Presorted builders stream: each key waits here until a greater one arrives (equal keys
  // join it), then goes straight into the open run, which is finished every
  // max_buffered_records keys. No buffer, no copy, and a file never ends between equal keys.
  std::optional<StoredValueAt> pending;
  std::optional<PositionKey> last_written;
  std::unique_ptr<rocksdb::SstFileWriter> open;
  std::string open_file;
  std::size_t in_open = 0;

  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() {
    open.reset();
    std::error_code ec;
    if (!dir.empty()) fs::remove_all(dir, ec);
  }

  Error fail(Code code, const std::string& what) const {
    return {code, db_path.string() + ": sst builder: " + what};
  }

  Status open_run() {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail(Code::kIOError, "create " + dir.string() + ": " + ec.message());
    open_file = (dir / run_name(runs.size())).string();
    // The page cache is kept: the data is about to be ingested and read.
    open = std::make_unique<rocksdb::SstFileWriter>(rocksdb::EnvOptions(options), options, nullptr,
                                                    /*invalidate_page_cache=*/false);
    in_open = 0;
    if (auto s = open->Open(open_file); !s.ok()) {
      open.reset();
      return detail::to_error(s, "open run " + open_file, db_path);
    }
    return ok();
  }

  Status finish_run() {
    if (!open) return ok();
    const auto s = open->Finish();
    open.reset();
    if (!s.ok()) return detail::to_error(s, "finish run " + open_file, db_path);
    runs.push_back(open_file);
    return ok();
  }

  // Merge operands, not puts, so that ingestion combines with what is already stored.
  Status write(const PositionKey& key, const detail::StoredValue& value) {
    if (value.conflict)
      return fail(Code::kConflict, "contradictory values added for position " + describe_key(key));
    if (!open)
      if (auto s = open_run(); !s) return s;
    const auto k = encode_key(key);
    const auto v = detail::encode_stored(value);
    auto s =
        open->Merge(rocksdb::Slice(k.data(), k.size()), rocksdb::Slice(v.view().data(), v.size));
    if (!s.ok()) return detail::to_error(s, "write run " + open_file, db_path);
    ++in_open;
    return ok();
  }

  Status write_pending() {
    if (!pending) return ok();
    if (auto s = write(pending->key, pending->value); !s) return s;
    last_written = pending->key;
    pending.reset();
    if (in_open >= builder_options.max_buffered_records) return finish_run();
    return ok();
  }

  Status add_presorted(const PositionKey& key, const PositionValue& value) {
    const PositionKey* prev = pending ? &pending->key : last_written ? &*last_written : nullptr;
    if (prev && key < *prev)
      return fail(Code::kInvalidArgument, "presorted records out of order: " + describe_key(key) +
                                              " after " + describe_key(*prev));
    if (pending && key == pending->key) {
      pending->value = detail::join(pending->value, {value, false});
      return ok();
    }
    if (auto s = write_pending(); !s) return s;
    pending = StoredValueAt{key, {value, false}};
    return ok();
  }

  // Writes out whatever is held: the pending key and open run, or the unsorted buffer.
  Status write_run() {
    if (builder_options.presorted) {
      if (auto s = write_pending(); !s) return s;
      return finish_run();
    }
    if (buffer.empty()) return ok();
    std::sort(buffer.begin(), buffer.end(),
              [](const PositionRecord& a, const PositionRecord& b) { return a.key < b.key; });
    for (std::size_t i = 0; i < buffer.size();) {
      detail::StoredValue merged{buffer[i].value, false};
      std::size_t j = i + 1;
      for (; j < buffer.size() && buffer[j].key == buffer[i].key; ++j)
        merged = detail::join(merged, {buffer[j].value, false});
      if (auto s = write(buffer[i].key, merged); !s) return s;
      i = j;
    }
    buffer.clear();
    return finish_run();
  }
};

SstBuilder::SstBuilder(std::unique_ptr<State> state) : state_(std::move(state)) {}
SstBuilder::SstBuilder(SstBuilder&&) noexcept = default;
SstBuilder& SstBuilder::operator=(SstBuilder&&) noexcept = default;
SstBuilder::~SstBuilder() = default;

Status SstBuilder::add(const PositionKey& key, const PositionValue& value) {
  if (!state_) return Error{Code::kInvalidArgument, "add to an sst builder that was ingested"};
  if (auto c = detail::check_value(value); !c) {
    return Error{c.error().code, "position " + describe_key(key) + ": " + c.error().message};
  }
  ++state_->added;
  if (state_->builder_options.presorted) return state_->add_presorted(key, value);
  state_->buffer.push_back({key, value});
  if (state_->buffer.size() >= state_->builder_options.max_buffered_records) {
    return state_->write_run();
  }
  return ok();
}

Status SstBuilder::add(std::span<const PositionRecord> records) {
  for (const auto& r : records) {
    if (auto s = add(r.key, r.value); !s) return s;
  }
  return ok();
}

Status SstBuilder::flush() {
  if (!state_) return Error{Code::kInvalidArgument, "flush of an sst builder that was ingested"};
  if (auto s = state_->write_run(); !s) return s;
  std::vector<PositionRecord>().swap(state_->buffer);
  return ok();
}

std::uint64_t SstBuilder::records_added() const {
  return state_ ? state_->added : 0;
}
std::size_t SstBuilder::runs_written() const {
  return state_ ? state_->runs.size() : 0;
}

Expected<std::vector<std::string>> SstBuilder::release() {
  if (!state_) return Error{Code::kInvalidArgument, "release of an sst builder that was ingested"};
  if (auto s = state_->write_run(); !s) return s.error();
  std::vector<std::string> names;
  for (const auto& run : state_->runs)
    names.push_back((state_->dir.filename() / fs::path(run).filename()).string());
  state_->dir.clear();  // no longer ours to delete
  state_.reset();
  return names;
}

Expected<SstBuilder> Database::sst_builder(const SstBuilderOptions& options) const {
  // Another rank's secondary writes runs for the writer to ingest (SstBuilder::release).
  if (!impl_->options.defer_writes)
    if (auto s = impl_->require_writable("sst builder"); !s) return s.error();
  if (options.max_buffered_records == 0) {
    return impl_->fail(Code::kInvalidArgument, "sst builder needs max_buffered_records > 0");
  }
  auto state = std::make_unique<SstBuilder::State>();
  state->db_path = impl_->path;
  state->dir = impl_->ingest_root() /
               (detail::process_tag() + "-" + std::to_string(g_next_builder_id.fetch_add(1)));
  state->options = rocksdb::Options(impl_->tuning.db, impl_->tuning.positions);
  state->builder_options = options;
  if (!options.presorted)
    state->buffer.reserve(std::min<std::size_t>(options.max_buffered_records, 1 << 16));
  return SstBuilder(std::move(state));
}

Status Database::ingest(SstBuilder&& builder, std::span<const MetaEntry> then_meta) {
  std::vector<SstBuilder> one;
  one.push_back(std::move(builder));
  return ingest(std::move(one), then_meta);
}

Status Database::ingest(std::vector<SstBuilder>&& builders, std::span<const MetaEntry> then_meta) {
  return ingest(std::move(builders), {}, then_meta);
}

Status Database::ingest(std::vector<SstBuilder>&& builders, std::span<const std::string> released,
                        std::span<const MetaEntry> then_meta) {
  // Taking the builders over means their files are deleted when we return, whatever happens;
  // the released runs' directories likewise.
  const std::vector<SstBuilder> owned = std::move(builders);
  // Released runs are named "<builder dir>/<run>.sst" and nothing else, so that no name
  // reaches out of the ingest directory; the directories of well-shaped names are removed
  // when we return, whatever happens.
  const fs::path root = impl_->ingest_root();
  const auto shaped = [](const fs::path& p) {
    if (p.is_absolute() || std::distance(p.begin(), p.end()) != 2 || p.extension() != ".sst")
      return false;
    for (const auto& part : p)
      if (part == ".." || part == "." || part.empty()) return false;
    return true;
  };
  struct RemoveDirs {
    std::vector<fs::path> dirs;
    ~RemoveDirs() {
      for (const auto& d : dirs) {
        std::error_code ec;
        fs::remove_all(d, ec);
      }
    }
  } remove_released;
  for (const auto& n : released)
    if (shaped(n)) remove_released.dirs.push_back(root / fs::path(n).parent_path());
  if (auto s = impl_->require_writable("ingest"); !s) return s;
  std::vector<std::string> foreign;
  for (const auto& n : released) {
    std::error_code ec;
    if (!shaped(n) || !fs::is_regular_file(root / n, ec))
      return impl_->fail(Code::kInvalidArgument,
                         "ingest of released run '" + n + "': not a run in " + root.string());
    foreign.push_back((root / n).string());
  }
  for (const auto& e : then_meta) {
    if (e.key.starts_with(kReservedMetaPrefix)) {
      return impl_->fail(Code::kInvalidArgument, "meta key '" + e.key + "' is reserved");
    }
  }
  std::vector<std::string> runs;
  for (const auto& b : owned) {
    if (!b.state_) return impl_->fail(Code::kInvalidArgument, "ingest of a used sst builder");
    if (b.state_->db_path != impl_->path) {
      return impl_->fail(Code::kInvalidArgument,
                         "ingest of an sst builder made for " + b.state_->db_path.string());
    }
    if (auto s = b.state_->write_run(); !s) return s;
    runs.insert(runs.end(), b.state_->runs.begin(), b.state_->runs.end());
  }
  runs.insert(runs.end(), foreign.begin(), foreign.end());
  // One call for all the runs: they become visible together, and RocksDB places each
  // (the bottommost level it fits without overlapping anything, else level 0).
  if (!runs.empty()) {
    rocksdb::IngestExternalFileOptions options;
    // Same filesystem (the runs live inside the database directory): link, don't copy.
    options.move_files = true;
    // Leaves the files byte-for-byte as written, so their checksums stay meaningful.
    options.write_global_seqno = false;
    const auto s = impl_->db->IngestExternalFile(impl_->positions, runs, options);
    if (!s.ok()) return impl_->error(s, "ingest " + std::to_string(runs.size()) + " run(s)");
  }
  if (then_meta.empty()) return ok();
  return put_meta(then_meta);
}

Status Database::ingest(std::span<const PositionRecord> records,
                        std::span<const MetaEntry> then_meta) {
  auto builder = sst_builder();
  if (!builder) return builder.error();
  if (auto s = builder->add(records); !s) return s;
  return ingest(std::move(*builder), then_meta);
}

}  // namespace db
