#pragma once
// The folder a command writes to (--out): made, and checked writable, before anything is
// computed, so that a path that is a file or a folder that cannot be written is bad input
// (exit 2, the option named), not a filesystem error after the work (exit 1).
#include <filesystem>

namespace steer::experiments {

/// Creates `out` (and its parents) if needed; throws InputError at "<command line>" naming
/// --out when it cannot be made or written in.
void makeOutputFolder(const std::filesystem::path& out);

/// Which of `steer render`'s pictures in a run's folder (trajectories.png, frame_NNNN.png,
/// at_<T>.png, run.mp4) to remove.
enum class RenderPictures {
  Frames,  ///< the frames and the video: a new render's series would mix with an old, longer one
  All,     ///< every one: a new run into the folder makes the old run's pictures stale
};
/// Removes those pictures from `folder` (files of the names render gives, nothing else).
void removeRenderPictures(const std::filesystem::path& folder, RenderPictures which);

}  // namespace steer::experiments
