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

}  // namespace steer::experiments
