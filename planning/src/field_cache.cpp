#include "steer/planning/field_cache.hpp"

#include <atomic>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>

#include <unistd.h>

namespace steer::planning {

namespace {

// Version 3 ends with a checksum of everything before it (version 2 had none: a file damaged
// on disk, or a flipped bit, was loaded as a valid field).
constexpr char kMagic[8] = {'S', 'T', 'E', 'E', 'R', 'H', 'F', '3'};

// The solvers' arithmetic revision, part of the key: a solver that changes its operations (its
// fields move in the last bits, e.g. the black-box multigrid of 2026-11-25 against the former
// aggregation one, 1e-14 apart) must not be handed a field an older build cached, or one
// scenario and seed would give different trajectories depending on the cache's history.
// Bump it with any change to planning/src/laplace_solvers.cpp, multigrid*, sor_* or harmonic_field.cpp
// that is not bit-for-bit. (4: cut-off cells are found before the solves, which changes the
// iteration counts of fields with closed rooms. 5: a later pass takes only its region's
// neighbours as data; deep fields, below log u = −709, had been NaN under SOR and multigrid.)
constexpr std::uint32_t kSolverRevision = 5;

struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t k = 0; k < n; ++k) h = (h ^ p[k]) * 1099511628211ull;
  }
  template <typename T>
  void value(const T& v) { bytes(&v, sizeof v); }
};

std::filesystem::path fileOf(const std::filesystem::path& dir, std::uint64_t key) {
  std::ostringstream name;
  name << "harmonic-" << std::hex << key << ".bin";
  return dir / name.str();
}

// Writes, and reads, while hashing every byte: the file's last 8 bytes are the FNV-1a hash of
// all the bytes before them, so a damaged entry is found and solved again instead of used.
struct HashedWriter {
  std::ostream& out;
  Fnv hash;
  void bytes(const void* data, std::size_t n) {
    out.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
    hash.bytes(data, n);
  }
  template <typename T>
  void value(const T& v) { bytes(&v, sizeof v); }
  void finish() { out.write(reinterpret_cast<const char*>(&hash.h), sizeof hash.h); }
};

struct HashedReader {
  std::istream& in;
  Fnv hash;
  bool bytes(void* data, std::size_t n) {
    if (!in.read(static_cast<char*>(data), static_cast<std::streamsize>(n))) return false;
    hash.bytes(data, n);
    return true;
  }
  template <typename T>
  bool value(T& v) { return bytes(&v, sizeof v); }
  // The stored checksum matches, and nothing follows it.
  bool intact() {
    std::uint64_t stored = 0;
    return in.read(reinterpret_cast<char*>(&stored), sizeof stored) && stored == hash.h &&
           in.peek() == std::char_traits<char>::eof();
  }
};

}  // namespace

std::uint64_t fieldKey(const Raster& raster, const HarmonicSettings& settings) {
  Fnv f;
  f.bytes(kMagic, sizeof kMagic);
  f.value(kSolverRevision);
  f.value(raster.grid.origin.x());
  f.value(raster.grid.origin.y());
  f.value(raster.grid.h);
  f.value(raster.grid.nx);
  f.value(raster.grid.ny);
  f.bytes(raster.cells.data(), raster.cells.size() * sizeof(Cell));
  f.value(static_cast<int>(settings.solver.solver));
  f.value(settings.solver.tolerance);
  f.value(settings.solver.omega);
  f.value(static_cast<int>(settings.solver.sorOrdering));  // the two orders' fields differ by ~1e-11
  f.value(settings.solver.maxIterations);
  f.value(settings.acceptThreshold);
  f.value(settings.maxPasses);
  return f.h;
}

std::optional<HarmonicField> loadCachedField(const std::filesystem::path& dir, std::uint64_t key) {
  if (dir.empty()) return std::nullopt;
  std::ifstream in(fileOf(dir, key), std::ios::binary);
  if (!in) return std::nullopt;
  HashedReader r{in, {}};
  char magic[8];
  std::uint64_t storedKey = 0;
  Raster raster;
  HarmonicStats stats;
  std::uint8_t converged = 0;
  std::uint32_t solverLength = 0;
  if (!r.bytes(magic, 8) || std::memcmp(magic, kMagic, 8) != 0 || !r.value(storedKey) || storedKey != key) return std::nullopt;
  double ox = 0, oy = 0;
  if (!r.value(ox) || !r.value(oy) || !r.value(raster.grid.h) || !r.value(raster.grid.nx) || !r.value(raster.grid.ny))
    return std::nullopt;
  raster.grid.origin = geometry::Vec2(ox, oy);
  if (raster.grid.nx < 1 || raster.grid.ny < 1 || raster.grid.size() > (std::size_t{1} << 31)) return std::nullopt;
  // The file must hold the grid's cells (1 byte each) and log-potentials (8 bytes each) before
  // they are allocated: a damaged count (46340² cells) asked for 19 GB before the checksum was
  // read.
  std::error_code ec;
  const auto fileBytes = std::filesystem::file_size(fileOf(dir, key), ec);
  if (ec || fileBytes < raster.grid.size() * (1 + sizeof(double))) return std::nullopt;
  if (!r.value(stats.iterations) || !r.value(stats.finalUpdate) || !r.value(stats.passes) || !r.value(converged) ||
      converged > 1 || !r.value(stats.seconds) || !r.value(solverLength) || solverLength > 64)
    return std::nullopt;
  stats.converged = converged == 1;
  stats.solver.resize(solverLength);
  if (!r.bytes(stats.solver.data(), solverLength)) return std::nullopt;
  raster.cells.resize(raster.grid.size());
  std::vector<double> logU(raster.grid.size());
  if (!r.bytes(raster.cells.data(), raster.cells.size()) || !r.bytes(logU.data(), logU.size() * sizeof(double)) ||
      !r.intact())
    return std::nullopt;
  return HarmonicField(std::move(raster), std::move(logU), std::move(stats));
}

void storeCachedField(const std::filesystem::path& dir, std::uint64_t key, const HarmonicField& field) {
  if (dir.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const auto final = fileOf(dir, key);
  // A temporary name of this writer's own (process, thread, call), renamed into place when
  // complete: two processes (an MPI sweep's ranks, two `steer` runs) or two threads storing the
  // same field at once then never write into one file; the last rename wins, with equal content.
  static std::atomic<std::uint64_t> calls{0};
  std::ostringstream suffix;
  suffix << '.' << ::getpid() << '.' << std::this_thread::get_id() << '.' << calls.fetch_add(1) << ".tmp";
  auto temp = final;
  temp += suffix.str();
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return;
    const auto& g = field.grid();
    const auto& s = field.stats();
    HashedWriter w{out, {}};
    w.bytes(kMagic, 8);
    w.value(key);
    w.value(g.origin.x());
    w.value(g.origin.y());
    w.value(g.h);
    w.value(g.nx);
    w.value(g.ny);
    w.value(s.iterations);
    w.value(s.finalUpdate);
    w.value(s.passes);
    w.value(static_cast<std::uint8_t>(s.converged ? 1 : 0));
    w.value(s.seconds);
    w.value(static_cast<std::uint32_t>(s.solver.size()));
    w.bytes(s.solver.data(), s.solver.size());
    w.bytes(field.cells().data(), field.cells().size());
    w.bytes(field.logComplement().data(), field.logComplement().size() * sizeof(double));
    w.finish();
    if (!out) {
      out.close();
      std::filesystem::remove(temp, ec);
      return;
    }
  }
  std::filesystem::rename(temp, final, ec);
  if (ec) std::filesystem::remove(temp, ec);
}

}  // namespace steer::planning
