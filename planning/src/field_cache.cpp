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

constexpr char kMagic[8] = {'S', 'T', 'E', 'E', 'R', 'H', 'F', '2'};

// The solvers' arithmetic revision, part of the key: a solver that changes its operations (its
// fields move in the last bits, e.g. the black-box multigrid of 2026-11-25 against the former
// aggregation one, 1e-14 apart) must not be handed a field an older build cached, or one
// scenario and seed would give different trajectories depending on the cache's history.
// Bump it with any change to planning/src/laplace_solvers.cpp, multigrid*, sor_* or harmonic_field.cpp
// that is not bit-for-bit.
constexpr std::uint32_t kSolverRevision = 3;

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

template <typename T>
void put(std::ostream& out, const T& v) { out.write(reinterpret_cast<const char*>(&v), sizeof v); }
template <typename T>
bool get(std::istream& in, T& v) { return static_cast<bool>(in.read(reinterpret_cast<char*>(&v), sizeof v)); }

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
  f.value(settings.solver.maxIterations);
  f.value(settings.acceptThreshold);
  f.value(settings.maxPasses);
  return f.h;
}

std::optional<HarmonicField> loadCachedField(const std::filesystem::path& dir, std::uint64_t key) {
  if (dir.empty()) return std::nullopt;
  std::ifstream in(fileOf(dir, key), std::ios::binary);
  if (!in) return std::nullopt;
  char magic[8];
  std::uint64_t storedKey = 0;
  Raster raster;
  HarmonicStats stats;
  std::uint32_t solverLength = 0;
  if (!in.read(magic, 8) || std::memcmp(magic, kMagic, 8) != 0 || !get(in, storedKey) || storedKey != key) return std::nullopt;
  double ox = 0, oy = 0;
  if (!get(in, ox) || !get(in, oy) || !get(in, raster.grid.h) || !get(in, raster.grid.nx) || !get(in, raster.grid.ny))
    return std::nullopt;
  raster.grid.origin = geometry::Vec2(ox, oy);
  if (raster.grid.nx < 1 || raster.grid.ny < 1 || raster.grid.size() > (std::size_t{1} << 31)) return std::nullopt;
  if (!get(in, stats.iterations) || !get(in, stats.finalUpdate) || !get(in, stats.passes) || !get(in, stats.converged) ||
      !get(in, stats.seconds) || !get(in, solverLength) || solverLength > 64)
    return std::nullopt;
  stats.solver.resize(solverLength);
  if (!in.read(stats.solver.data(), solverLength)) return std::nullopt;
  raster.cells.resize(raster.grid.size());
  std::vector<double> logU(raster.grid.size());
  if (!in.read(reinterpret_cast<char*>(raster.cells.data()), static_cast<std::streamsize>(raster.cells.size())) ||
      !in.read(reinterpret_cast<char*>(logU.data()), static_cast<std::streamsize>(logU.size() * sizeof(double))))
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
    out.write(kMagic, 8);
    put(out, key);
    put(out, g.origin.x());
    put(out, g.origin.y());
    put(out, g.h);
    put(out, g.nx);
    put(out, g.ny);
    put(out, s.iterations);
    put(out, s.finalUpdate);
    put(out, s.passes);
    put(out, s.converged);
    put(out, s.seconds);
    put(out, static_cast<std::uint32_t>(s.solver.size()));
    out.write(s.solver.data(), static_cast<std::streamsize>(s.solver.size()));
    out.write(reinterpret_cast<const char*>(field.cells().data()), static_cast<std::streamsize>(field.cells().size()));
    out.write(reinterpret_cast<const char*>(field.logComplement().data()),
              static_cast<std::streamsize>(field.logComplement().size() * sizeof(double)));
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
