#include "trajectory_csv.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string_view>

#include "input_file.hpp"
#include "steer/experiments/input_error.hpp"

namespace steer::experiments {

namespace {

constexpr std::string_view kHeader = "t,id,x,y,z,heading,speed,mode";
constexpr std::array<std::string_view, 7> kNumbers = {"t", "id", "x", "y", "z", "heading", "speed"};

// The row's eight fields (the last, mode, is the rest of the line); fewer commas: false.
bool splitRow(std::string_view line, std::array<std::string_view, 8>& fields, std::array<int, 8>& columns) {
  std::size_t from = 0;
  for (std::size_t k = 0; k < 7; ++k) {
    const std::size_t comma = line.find(',', from);
    if (comma == std::string_view::npos) return false;
    fields[k] = line.substr(from, comma - from);
    columns[k] = static_cast<int>(from) + 1;
    from = comma + 1;
  }
  fields[7] = line.substr(from);
  columns[7] = static_cast<int>(from) + 1;
  return true;
}

}  // namespace

std::map<std::uint32_t, std::vector<TrajectorySample>> readTrajectories(const std::string& path) {
  // A FIFO waited for a writer forever; the file is streamed (a large run's is many GB), so no
  // cap on its size, only on a row's length: a file without line breaks (/dev/zero, a sparse
  // file) went into one line until memory ran out.
  requireRegularFile(path, "trajectories.csv");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "cannot read trajectories");
  std::string line;
  constexpr std::size_t kLongestRow = 1 << 16;  // ours are ~100 bytes; mode names are short
  int lineNo = 1;
  const auto nextLine = [&] {
    line.clear();
    std::streambuf& buffer = *in.rdbuf();
    for (int c; (c = buffer.sbumpc()) != std::char_traits<char>::eof();) {
      if (c == '\n') return true;
      if (line.size() == kLongestRow)
        throw InputError({path, lineNo, 1}, "a row longer than " + std::to_string(kLongestRow) + " bytes: not a trajectories.csv");
      line.push_back(static_cast<char>(c));
    }
    in.setstate(std::ios::eofbit);
    return !line.empty();
  };
  nextLine();
  if (line != kHeader) {
    // Saved through an editor or a spreadsheet, the header can look right and not be.
    std::string why;
    if (line.rfind("\xEF\xBB\xBF", 0) == 0) why = " (the file starts with a byte-order mark)";
    else if (!line.empty() && line.back() == '\r') why = " (the file has Windows line ends, \\r\\n)";
    throw InputError({path, 1, 1}, "expected the header " + std::string(kHeader) + why);
  }
  std::map<std::uint32_t, std::vector<TrajectorySample>> tracks;
  std::array<std::string_view, 8> fields;
  std::array<int, 8> columns{};
  for (lineNo = 2; nextLine(); ++lineNo) {
    if (line.empty()) continue;
    // Every row the recorder writes ends with a line break: a last row without one was cut off,
    // perhaps inside its mode, which no field check could see.
    if (in.eof())
      throw InputError({path, lineNo, static_cast<int>(line.size()) + 1}, "the file ends inside a row (cut off?)");
    if (!splitRow(line, fields, columns))
      throw InputError({path, lineNo, static_cast<int>(line.size()) + 1},
                       "expected " + std::string(kHeader) + " (the row is cut short)");
    // Mode names hold no commas (the scenario readers refuse them): a ninth field means a row
    // whose values shifted, e.g. "1,5" in place of x, which read silently as x = 1, y = 5, ...
    if (const auto extra = fields[7].find(','); extra != std::string_view::npos)
      throw InputError({path, lineNo, columns[7] + static_cast<int>(extra)},
                       "expected " + std::string(kHeader) + " (the row has more fields)");
    std::array<double, 7> v{};
    std::uint32_t id = 0;
    for (std::size_t k = 0; k < 7; ++k) {
      const std::string_view f = fields[k];
      const char* end = f.data() + f.size();
      const auto [stop, ec] = k == 1 ? std::from_chars(f.data(), end, id) : std::from_chars(f.data(), end, v[k]);
      const bool ok = !f.empty() && ec == std::errc() && stop == end && (k == 1 || std::isfinite(v[k]));
      if (!ok)
        throw InputError({path, lineNo, columns[k]},
                         std::string(kNumbers[k]) + ": expected " +
                             (k == 1 ? "an agent id (a whole number ≥ 0)" : "a finite number") + ", got '" +
                             std::string(f) + "'");
    }
    // A run's clock starts at 0 (render takes a time below 0 for its still).
    if (v[0] < 0.0) throw InputError({path, lineNo, columns[0]}, "t: expected a time >= 0, got '" + std::string(fields[0]) + "'");
    auto& track = tracks[id];
    if (!track.empty() && v[0] < track.back().t)
      throw InputError({path, lineNo, columns[0]}, "t: agent " + std::to_string(id) + "'s time goes back (" +
                                                       std::string(fields[0]) + " after a row at a later time)");
    track.push_back({v[0], geometry::Vec3(v[2], v[3], v[4]), v[5], v[6]});
  }
  return tracks;
}

}  // namespace steer::experiments
