#include "output_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
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
    throw InputError({"<command line>", 0, 0}, "--out: cannot write in '" + out.string() + "': " + std::strerror(errno));
}

namespace {
bool isFrameName(const std::string& name) {  // frame_0000.png, frame_12345.png
  constexpr std::size_t kPrefix = 6, kSuffix = 4;  // "frame_", ".png"
  if (name.size() < kPrefix + 4 + kSuffix || name.rfind("frame_", 0) != 0 || name.substr(name.size() - kSuffix) != ".png")
    return false;
  for (std::size_t k = kPrefix; k < name.size() - kSuffix; ++k)
    if (name[k] < '0' || name[k] > '9') return false;
  return true;
}
}  // namespace

void removeRenderPictures(const std::filesystem::path& folder, RenderPictures which) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    const bool frameOrVideo = isFrameName(name) || name == "run.mp4";
    const bool other = name == "trajectories.png" || (name.rfind("at_", 0) == 0 && entry.path().extension() == ".png");
    if (frameOrVideo || (which == RenderPictures::All && other)) std::filesystem::remove(entry.path(), ec);
  }
}

}  // namespace steer::experiments
