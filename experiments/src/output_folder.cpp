#include "output_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
#include <system_error>

#include "steer/experiments/input_error.hpp"

namespace steer::experiments {

void makeOutputFolder(const std::filesystem::path& out) {
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec || !std::filesystem::is_directory(out, ec))
    throw InputError({"<command line>", 0, 0}, "--out: cannot make the output folder '" + out.string() + "': " +
                                                   (ec ? ec.message() : std::string("a file has that name")));
  if (::access(out.c_str(), W_OK | X_OK) != 0)
    throw InputError({"<command line>", 0, 0}, "--out: cannot write in '" + out.string() + "': " + std::generic_category().message(errno));
}

bool isNumberedName(const std::string& name, const std::string& prefix, const std::string& suffix, std::size_t minDigits) {
  if (name.size() < prefix.size() + minDigits + suffix.size() || name.size() == prefix.size() + suffix.size() ||
      name.rfind(prefix, 0) != 0 || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  for (std::size_t k = prefix.size(); k < name.size() - suffix.size(); ++k)
    if (name[k] < '0' || name[k] > '9') return false;
  return true;
}

bool isRenderPictureName(const std::string& name, RenderPictures which) {
  const bool frameOrVideo = isNumberedName(name, "frame_", ".png", 4) || name == "run.mp4";  // frame_0000.png
  const bool other = name == "trajectories.png" || (name.rfind("at_", 0) == 0 && std::filesystem::path(name).extension() == ".png");
  return frameOrVideo || (which == RenderPictures::All && other);
}

void removeRenderPictures(const std::filesystem::path& folder, RenderPictures which) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (isRenderPictureName(entry.path().filename().string(), which)) std::filesystem::remove(entry.path(), ec);
}

namespace {
// Where replaceOutputs sets an earlier run's files aside: a name of ours, not a user's.
const char* const kAside = ".steer-replaced";
}  // namespace

void replaceOutputs(const std::filesystem::path& out, const std::filesystem::path& staging, const std::string& last,
                    const std::function<bool(const std::string&)>& earlier) {
  namespace fs = std::filesystem;
  // Without it the files would move in with no mark of finished outputs, and an earlier
  // summary would go.
  if (!fs::exists(staging / last)) throw std::runtime_error("cannot move the outputs in: " + (staging / last).string() + " is missing");
  // Listed before anything moves: renaming while iterating is unspecified.
  std::vector<std::string> incoming;
  for (const auto& entry : fs::directory_iterator(staging))
    if (entry.path().filename() != last) incoming.push_back(entry.path().filename().string());
  incoming.push_back(last);
  const std::set<std::string> incomingNames(incoming.begin(), incoming.end());
  std::vector<std::string> going;
  for (const auto& entry : fs::directory_iterator(out)) {
    const std::string name = entry.path().filename().string();
    const bool plainFile = entry.is_regular_file() && !entry.is_symlink();
    // A link an incoming file would replace is set aside too (rename moves the link itself).
    if ((plainFile && earlier(name)) || (incomingNames.count(name) > 0 && (plainFile || entry.is_symlink())))
      going.push_back(name);
  }
  const fs::path aside = out / kAside;
  std::vector<std::string> setAside, movedIn;
  try {
    fs::remove_all(aside);  // emptied by recoverReplacedOutputs, when a command was killed mid-move
    fs::create_directory(aside);
    for (const auto& name : going) {
      fs::rename(out / name, aside / name);
      setAside.push_back(name);
    }
    for (const auto& name : incoming) {
      fs::rename(staging / name, out / name);
      movedIn.push_back(name);
    }
  } catch (const std::exception& e) {
    std::error_code ignored;
    for (const auto& name : movedIn) fs::remove(out / name, ignored);
    std::size_t lost = 0;
    for (const auto& name : setAside) {
      std::error_code failed;
      fs::rename(aside / name, out / name, failed);
      lost += failed ? 1 : 0;
    }
    // A file that could not be put back is the only copy left: kept where it is, and said.
    if (lost > 0)
      throw std::runtime_error(std::string(e.what()) + "; " + std::to_string(lost) +
                               " file(s) of the earlier outputs could not be put back and are in " + aside.string());
    fs::remove_all(aside, ignored);
    throw;
  }
  std::error_code ignored;  // the new outputs are in: a leftover folder is cleared next time
  fs::remove_all(aside, ignored);
  fs::remove_all(staging, ignored);
}

void recoverReplacedOutputs(const std::filesystem::path& out) {
  namespace fs = std::filesystem;
  const fs::path aside = out / kAside;
  std::error_code ec;
  if (!fs::is_directory(aside, ec)) return;
  // The earlier outputs were complete; whatever of the killed command's came in was not.
  std::vector<fs::path> names;
  for (const auto& entry : fs::directory_iterator(aside, ec)) names.push_back(entry.path().filename());
  for (const auto& name : names) fs::rename(aside / name, out / name);
  fs::remove(aside);
}

std::filesystem::path firstMissingFolder(const std::filesystem::path& out) {
  // (exists() without an error code threw on a name too long for the system: exit status 1 with
  // a raw filesystem error, where makeOutputFolder says what is wrong with --out.)
  std::filesystem::path made;
  std::error_code unreadable;
  for (auto p = std::filesystem::absolute(out).lexically_normal(); !p.empty() && !std::filesystem::exists(p, unreadable);
       p = p.parent_path())
    made = p;
  return made;
}

void removeMadeFolders(const std::filesystem::path& out, const std::filesystem::path& made) {
  if (made.empty()) return;
  std::error_code ignored;
  for (auto p = std::filesystem::absolute(out).lexically_normal(); std::filesystem::remove(p, ignored) && p != made;
       p = p.parent_path()) {
  }
}

}  // namespace steer::experiments
