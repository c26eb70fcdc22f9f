#pragma once
// Where a value of a JSON file starts, for errors about its content. nlohmann's DOM keeps no
// positions (its syntax errors carry a byte offset; a velocity field's bad vector or a summary's
// bad seed did not), so the text is parsed once more, only when an error is to be reported, up to
// the value asked for.
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "steer/experiments/input_error.hpp"

namespace steer::experiments {

/// The line and column (from 1) of the first character of the value at `pointer` in `text`,
/// the JSON text of `file` (for "/vectors/3", the '[' of the fourth vector); for a member of an
/// object that is absent, its object's. Line 0 when `text` is not JSON or `pointer` names nothing.
SourceLocation locateJsonValue(const std::string& file, const std::string& text, const nlohmann::json::json_pointer& pointer);

/// `text` parsed as nlohmann::json::parse(text, callback) parses it, where the callback is also
/// given the offset in `text` of the token that made the event (a key's opening quote, a value's
/// first character, a closing bracket's place or after it), for errors at the right line. When
/// nlohmann throws, `failedAt` (if given) gets the offset of the token it was reading.
nlohmann::json parseJsonWithPlaces(
    const std::string& text,
    const std::function<bool(int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed, std::size_t at)>& callback,
    std::size_t* failedAt = nullptr);

/// A JSON file read whole (readJsonFile), with its text kept to place errors about its content.
struct JsonFile {
  std::string path;
  std::string text;
  nlohmann::json value;

  /// An InputError "PATH:LINE:COLUMN: message" at the value at `pointer` (or, when it is
  /// absent, at the object that should hold it).
  [[noreturn]] void fail(const nlohmann::json::json_pointer& pointer, const std::string& message) const;
};

}  // namespace steer::experiments
