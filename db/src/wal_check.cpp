#include "wal_check.hpp"

#include <array>
#include <fstream>
#include <system_error>

namespace db::detail {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kBlockSize = 32768;
constexpr std::size_t kHeaderSize = 7;             // crc, length, type
constexpr std::size_t kRecyclableHeaderSize = 11;  // and the log number
constexpr std::uint32_t kMaskDelta = 0xa282ead8u;

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82f63b78u : c >> 1;
    table[i] = c;
  }
  return table;
}
constexpr auto kTable = make_table();

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t crc_hw(std::uint32_t c, const unsigned char* p,
                                                       std::size_t n) {
  std::uint64_t c64 = c;
  for (; n >= 8; n -= 8, p += 8) {
    std::uint64_t word;
    __builtin_memcpy(&word, p, 8);
    c64 = __builtin_ia32_crc32di(c64, word);
  }
  c = static_cast<std::uint32_t>(c64);
  for (; n > 0; --n, ++p) c = __builtin_ia32_crc32qi(c, *p);
  return c;
}
#endif

std::uint32_t crc_raw(std::uint32_t c, const unsigned char* p, std::size_t n) {
#if defined(__x86_64__)
  static const bool hardware = __builtin_cpu_supports("sse4.2");
  if (hardware) return crc_hw(c, p, n);
#endif
  for (; n > 0; --n, ++p) c = kTable[(c ^ *p) & 0xff] ^ (c >> 8);
  return c;
}

std::uint32_t unmask(std::uint32_t masked) {
  const std::uint32_t rot = masked - kMaskDelta;
  return (rot >> 17) | (rot << 15);
}

std::uint32_t fixed32(const unsigned char* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

// The size of the record that starts at `at`, or 0 when the bytes there are not a whole
// record with a matching checksum inside the block.
std::size_t record_at(std::string_view bytes, std::uint64_t at) {
  const std::uint64_t block_end =
      std::min<std::uint64_t>((at / kBlockSize + 1) * kBlockSize, bytes.size());
  if (block_end - at < kHeaderSize) return 0;
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data()) + at;
  const unsigned type = p[6];
  // 1-4 full/first/middle/last, 9 and 10 the compression and timestamp-size records; 5-8
  // and 11 their recyclable forms. 0 is what preallocated or zeroed space reads as.
  std::size_t header = 0;
  if ((type >= 1 && type <= 4) || type == 9 || type == 10) header = kHeaderSize;
  if ((type >= 5 && type <= 8) || type == 11) header = kRecyclableHeaderSize;
  if (header == 0) return 0;
  const std::size_t length = std::size_t{p[4]} | std::size_t{p[5]} << 8;
  if (block_end - at < header + length) return 0;
  // The checksum covers the type byte (and a recyclable record's log number) and payload.
  const std::uint32_t crc = ~crc_raw(~0u, p + 6, header - 6 + length);
  return crc == unmask(fixed32(p)) ? header + length : 0;
}

}  // namespace

std::uint32_t crc32c(std::uint32_t crc, std::string_view bytes) {
  return ~crc_raw(~crc, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

bool find_log_damage(std::string_view bytes, std::uint64_t* bad_at, std::uint64_t* valid_after) {
  bool bad = false;
  std::uint64_t at = 0;
  while (at < bytes.size()) {
    const std::uint64_t block_end = (at / kBlockSize + 1) * kBlockSize;
    if (block_end - at < kHeaderSize) {  // a block's trailer: padding, never a record
      at = block_end;
      continue;
    }
    if (const std::size_t size = record_at(bytes, at); size > 0) {
      if (bad) {
        *valid_after = at;
        return true;
      }
      at += size;
      continue;
    }
    // Not a record: the end of the log if no record follows anywhere. Once past the first
    // bad byte, every offset is tried, since garbled lengths no longer lead to the next one.
    if (!bad) *bad_at = at;
    bad = true;
    ++at;
  }
  return false;
}

std::vector<LogDamage> check_logs(const fs::path& dir, std::string* io_error) {
  std::vector<LogDamage> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".log" || !entry.is_regular_file(ec)) continue;
    const std::uint64_t size = entry.file_size(ec);
    if (ec) continue;  // gone since the listing: a writer deleted an obsolete log
    std::ifstream in(entry.path(), std::ios::binary);
    std::string bytes(size, '\0');
    if (!in || !in.read(bytes.data(), static_cast<std::streamsize>(size))) {
      std::error_code gone;
      if (!fs::exists(entry.path(), gone)) continue;  // deleted by a live writer meanwhile
      *io_error = "cannot read " + entry.path().string();
      return found;
    }
    LogDamage d;
    d.file = entry.path().filename().string();
    if (find_log_damage(bytes, &d.bad_at, &d.valid_after)) found.push_back(d);
  }
  if (ec) *io_error = "cannot list " + dir.string() + ": " + ec.message();
  return found;
}

std::string describe(const std::vector<LogDamage>& damage) {
  std::string out;
  for (const auto& d : damage) {
    if (!out.empty()) out += "; ";
    out += "the write-ahead log " + d.file + " is damaged at byte " + std::to_string(d.bad_at) +
           " (a valid record follows at byte " + std::to_string(d.valid_after) + ")";
  }
  return out;
}

}  // namespace db::detail
