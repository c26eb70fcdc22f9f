#pragma once
// What a run's output files may take on disk, said before the run when it is a lot: a step of
// 1e-7 s over a minute wrote 800 MB of trajectories.csv in 30 s for one agent, and a crowd at
// the default step fills a disk as silently. The estimate is an upper bound (agents that arrive
// leave early), from the measured sizes of a row and of an agent in a ParaView frame.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "steer/experiments/run_command.hpp"

namespace steer::experiments {

/// Bytes per trajectories.csv row and per agent in a ParaView frame (measured: ~93 and ~90 on
/// crowd_region_300; rounded up).
inline constexpr double kBytesPerTrajectoryRow = 100.0;
inline constexpr double kBytesPerFrameAgent = 90.0;
/// Outputs above this are said before the run even when the disk has room.
inline constexpr double kLargeOutputBytes = 1e9;

/// The most the run's outputs can take: the rows and frames of `agents` agents over the whole
/// duration (no outputs but summary.json when options.trajectories is false).
struct OutputEstimate {
  double rowsPerAgent = 0.0;  ///< trajectories.csv rows each agent can get
  double frames = 0.0;        ///< ParaView frames
  double bytes = 0.0;
};
OutputEstimate estimateOutputs(std::size_t agents, double duration, double dt, const RunOutputOptions& options);

/// The note's text (without "steer run: note: ") when the estimate is at least kLargeOutputBytes
/// or more than `freeBytes` (the space left where the run folder goes; nullopt: unknown); else
/// nothing. `folder` names that place in the text.
std::optional<std::string> outputSizeNote(std::size_t agents, double duration, double dt, const RunOutputOptions& options,
                                          std::optional<std::uintmax_t> freeBytes, const std::string& folder);

/// The space left on the disk that holds `folder` (its nearest existing parent), if it can be read.
std::optional<std::uintmax_t> freeSpaceFor(const std::filesystem::path& folder);

}  // namespace steer::experiments
