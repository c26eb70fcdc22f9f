#pragma once
// The folder a command writes to (--out): made, and checked writable, before anything is
// computed, so that a path that is a file or a folder that cannot be written is bad input
// (exit 2, the option named), not a filesystem error after the work (exit 1).
#include <filesystem>
#include <functional>
#include <string>

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
/// Whether `name` is prefix, then at least `minDigits` (and at least one) decimal digits, then
/// suffix: frame_0012.png, potential_3.vti.
bool isNumberedName(const std::string& name, const std::string& prefix, const std::string& suffix, std::size_t minDigits = 1);
/// Whether `name` is one of those pictures.
bool isRenderPictureName(const std::string& name, RenderPictures which);

/// Moves every file of `staging` into `out`, `last` (a summary, the mark of finished outputs,
/// which must be there) after all the others, then removes `staging`. The regular files of `out`
/// that `earlier` names (an earlier run's outputs), and the files or links an incoming file would
/// overwrite, are set aside first, in `out/.steer-replaced/`, and removed once all are in; when a
/// move fails, what was moved in goes and the files set aside come back, so that `out` is as it
/// was, and the error is rethrown (naming the folder, if a file could not be put back).
void replaceOutputs(const std::filesystem::path& out, const std::filesystem::path& staging, const std::string& last,
                    const std::function<bool(const std::string&)>& earlier);
/// Puts back the files a command killed during replaceOutputs left set aside in `out` (call it
/// before deciding what `out` holds).
void recoverReplacedOutputs(const std::filesystem::path& out);

/// The outermost folder of `out` that does not exist yet (empty when `out` exists): what a
/// command that fails takes away again with removeMadeFolders().
std::filesystem::path firstMissingFolder(const std::filesystem::path& out);
/// Removes `out` and its parents up to `made` (firstMissingFolder's answer), each only if empty.
void removeMadeFolders(const std::filesystem::path& out, const std::filesystem::path& made);

}  // namespace steer::experiments
