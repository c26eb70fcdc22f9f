// The size of a run's outputs, estimated before it starts (output_size_note.hpp).
#include "output_size_note.hpp"

#include <cmath>
#include <filesystem>
#include <sstream>

namespace steer::experiments {

namespace {

// "9.3 GB", "420 MB", "12 kB": three significant digits, decimal units (as df -H and file
// managers show them).
std::string bytesText(double bytes) {
  const char* units[] = {"B", "kB", "MB", "GB", "TB", "PB"};
  int u = 0;
  while (bytes >= 1000.0 && u < 5) {
    bytes /= 1000.0;
    ++u;
  }
  std::ostringstream s;
  s.precision(3);
  s << bytes << " " << units[u];
  return s.str();
}

// A count as a person reads it: 100,000,001 (digits grouped by three).
std::string countText(double n) {
  if (!(n < 1e18)) {
    std::ostringstream s;
    s.precision(3);
    s << n;
    return s.str();
  }
  const std::string digits = std::to_string(static_cast<unsigned long long>(n));
  std::string grouped;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) grouped += ',';
    grouped += digits[k];
  }
  return grouped;
}

}  // namespace

OutputEstimate estimateOutputs(std::size_t agents, double duration, double dt, const RunOutputOptions& options) {
  OutputEstimate e;
  if (!options.trajectories || !(duration > 0.0) || !(dt > 0.0)) return e;
  // A row per agent at the start and at every step (or every interval, and one at the end); the
  // last step may be shortened to end at `duration`, so the steps are rounded up. A frame at the
  // start and every frame interval.
  const double steps = std::ceil(duration / dt);
  e.rowsPerAgent = options.trajectoryInterval > 0.0
                       ? std::min(steps + 1.0, std::floor(duration / options.trajectoryInterval) + 2.0)
                       : steps + 1.0;
  e.frames = std::min(steps + 1.0, std::floor(duration / options.frameInterval) + 1.0);
  const auto n = static_cast<double>(agents);
  e.bytes = n * (e.rowsPerAgent * kBytesPerTrajectoryRow + e.frames * kBytesPerFrameAgent);
  return e;
}

std::optional<std::string> outputSizeNote(std::size_t agents, double duration, double dt, const RunOutputOptions& options,
                                          std::optional<std::uintmax_t> freeBytes, const std::string& folder) {
  const OutputEstimate e = estimateOutputs(agents, duration, dt, options);
  const bool large = e.bytes >= kLargeOutputBytes;
  const bool beyondDisk = freeBytes && e.bytes > static_cast<double>(*freeBytes);
  if (!large && !beyondDisk) return std::nullopt;
  std::ostringstream s;
  s << "the outputs may take up to " << bytesText(e.bytes) << " (trajectories.csv: " << countText(static_cast<double>(agents))
    << (agents == 1 ? " agent" : " agents") << " x " << countText(e.rowsPerAgent) << " rows of ~"
    << static_cast<int>(kBytesPerTrajectoryRow) << " B; " << countText(e.frames) << " ParaView frames of ~"
    << static_cast<int>(kBytesPerFrameAgent) << " B per agent)";
  if (beyondDisk) s << ", more than the " << bytesText(static_cast<double>(*freeBytes)) << " free where " << folder << " goes";
  s << "; --trajectory-interval and --frame-interval thin them, --no-trajectories writes summary.json only";
  return s.str();
}

std::optional<std::uintmax_t> freeSpaceFor(const std::filesystem::path& folder) {
  std::error_code ec;
  std::filesystem::path at = std::filesystem::absolute(folder, ec);
  if (ec) return std::nullopt;
  while (!std::filesystem::exists(at, ec)) {
    if (!at.has_parent_path() || at.parent_path() == at) return std::nullopt;
    at = at.parent_path();
  }
  const auto info = std::filesystem::space(at, ec);
  if (ec) return std::nullopt;
  return info.available;
}

}  // namespace steer::experiments
