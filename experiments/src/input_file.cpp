#include "input_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>
#include <vector>

namespace steer::experiments {

namespace fs = std::filesystem;

std::string whyNotARegularFile(const std::string& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return "no such file";
  if (fs::is_directory(status)) return "a folder";
  if (!fs::is_regular_file(status)) return "not a regular file";
  return "";
}

void requireRegularFile(const std::string& path, const std::string& what) {
  const std::string why = whyNotARegularFile(path);
  if (why == "no such file") throw InputError({path, 0, 0}, "cannot open " + what + " (no such file)");
  if (why == "a folder") throw InputError({path, 0, 0}, what + " is a folder, not a file");
  if (!why.empty()) throw InputError({path, 0, 0}, what + " is " + why);
}

std::string readInputFile(const std::string& path, const std::string& what, std::size_t maxBytes) {
  requireRegularFile(path, what);
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (!ec && size > maxBytes)
    throw InputError({path, 0, 0}, what + " is " + std::to_string(size) + " bytes, more than the " +
                                       std::to_string(maxBytes) + " read");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "cannot open " + what);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError({path, 0, 0}, "cannot read " + what);
  return text.str();
}

SourceLocation locationOfByte(const std::string& file, const std::string& text, std::size_t offset) {
  const std::size_t at = std::min(offset, text.size());
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
  const auto lineStart = text.rfind('\n', at == 0 ? 0 : at - 1);
  const auto column = static_cast<int>(at - (lineStart == std::string::npos || at == 0 ? 0 : lineStart + 1)) + 1;
  return {file, static_cast<int>(line), column};
}

JsonFile readJsonFile(const std::string& path, const std::string& what) {
  JsonFile file{path, readInputFile(path, what), {}};
  const std::string& text = file.text;
  constexpr int kMaxDepth = 64;
  // nlohmann's parser recurses per level, and so do its copies: a file of a million '[' overflowed
  // the stack. The callback sees each value's depth before it is built. It also sees each key:
  // nlohmann keeps the last of two equal keys in one object, and the first was ignored unseen.
  std::vector<std::set<std::string>> keysOfOpenObjects;
  const auto check = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed, std::size_t at) {
    using Event = nlohmann::json::parse_event_t;
    if (depth > kMaxDepth)
      throw InputError(locationOfByte(path, text, at), what + ": nested more than " + std::to_string(kMaxDepth) + " levels deep");
    if (event == Event::object_start) keysOfOpenObjects.emplace_back();
    if (event == Event::object_end) keysOfOpenObjects.pop_back();
    if (event == Event::key && !keysOfOpenObjects.back().insert(parsed.get<std::string>()).second)
      throw InputError(locationOfByte(path, text, at),
                       what + ": the key \"" + parsed.get<std::string>() + "\" appears twice in one object");
    return true;
  };
  std::size_t failedAt = 0;
  try {
    file.value = parseJsonWithPlaces(text, check, &failedAt);
    return file;
  } catch (const nlohmann::json::parse_error& e) {
    // The line and column of the byte where parsing stopped.
    throw InputError(locationOfByte(path, text, e.byte > 0 ? e.byte - 1 : 0), "bad JSON in " + what);
  } catch (const nlohmann::json::exception& e) {
    // A number beyond the doubles (1e400) is out_of_range: placed at the token being read. The
    // library's own tag ("[json.exception.out_of_range.406] ") is left out of the message.
    std::string why = e.what();
    if (const auto tag = why.find("] "); why.rfind("[json.exception.", 0) == 0 && tag != std::string::npos) why.erase(0, tag + 2);
    throw InputError(locationOfByte(path, text, failedAt), "bad JSON in " + what + ": " + why);
  }
}

}  // namespace steer::experiments
