#include "json_location.hpp"

#include <charconv>
#include <cstddef>
#include <iterator>
#include <vector>

#include "input_file.hpp"

namespace steer::experiments {

namespace {

// An iterator over the text that moves one shared cursor, so that the SAX handler below can
// ask how far the parser has read (nlohmann's SAX events carry no position).
class CursorIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CursorIterator(const char** cursor, const char* fixedEnd) : cursor_(cursor), fixedEnd_(fixedEnd) {}
  reference operator*() const { return *at(); }
  CursorIterator& operator++() {
    ++*cursor_;
    return *this;
  }
  CursorIterator operator++(int) {
    CursorIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const CursorIterator& other) const { return at() == other.at(); }
  bool operator!=(const CursorIterator& other) const { return !(*this == other); }

 private:
  const char* at() const { return cursor_ != nullptr ? *cursor_ : fixedEnd_; }
  const char** cursor_;    // the shared cursor (the moving iterator)
  const char* fixedEnd_;   // the end (the end iterator)
};

// The first character at or after `from` (and before `to`) that is not white space, ':' or ',':
// where the token after an event begins, as the lexer has read up to `to`. It reads one
// character past a number, and that character is white space or a delimiter too.
const char* tokenStart(const char* from, const char* to) {
  while (from < to && (*from == ' ' || *from == '\t' || *from == '\n' || *from == '\r' || *from == ':' || *from == ','))
    ++from;
  return from;
}

// Where the JSON text begins: after a UTF-8 byte-order mark, which nlohmann skips (a value at
// the top was placed at the mark, 1:1).
const char* afterByteOrderMark(const std::string& text) {
  return text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.data() + 3 : text.data();
}

// Follows the parse's path (keys and indices) and stops at the value `target` names, which
// begins at the first token after the previous event.
class Locator : public nlohmann::json_sax<nlohmann::json> {
 public:
  Locator(const std::vector<std::string>& target, const char* begin, const char* start, const char* const* cursor)
      : target_(target), begin_(begin), cursor_(cursor), lastEventEnd_(start) {
    // Each part as a list index, read once (a string per element of a list of 10^8 was slow).
    for (const std::string& part : target_) {
      std::size_t index = 0;
      const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), index);
      const bool whole = !part.empty() && ec == std::errc() && end == part.data() + part.size();
      indices_.push_back(whole && (part.size() == 1 || part[0] != '0') ? index : kNoIndex);  // "01" names no entry
    }
  }

  std::ptrdiff_t found = -1;        // offset of the value's first character
  std::ptrdiff_t parentFound = -1;  // ... of the deepest container on the target's path

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool key(string_t& k) override {
    open_.back().key = k;
    return mark();
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  struct Container {
    bool array = false;
    std::size_t index = 0;  // the next element's
    std::string key;        // the member being read
    bool onPath = false;    // the container's own path is a prefix of the target's
  };

  // Whether the value about to be read lies on the target's path (the root always does; below
  // it, its container on the path and its name the target's next part).
  bool nameMatches() const {
    if (open_.empty()) return true;
    const Container& c = open_.back();
    if (!c.onPath || open_.size() > target_.size()) return false;
    const std::size_t depth = open_.size() - 1;
    return c.array ? indices_[depth] == c.index : target_[depth] == c.key;
  }
  std::ptrdiff_t valueStart() const { return tokenStart(lastEventEnd_, *cursor_) - begin_; }
  bool mark() {
    lastEventEnd_ = *cursor_;
    return true;
  }
  // A scalar on the path: the target, or where the path cannot go on (a number where the
  // target needs a list): either way the value the error is about.
  bool value() {
    if (nameMatches()) {
      found = valueStart();
      return false;
    }
    advance();
    return mark();
  }
  bool open(bool array) {
    const bool onPath = nameMatches();
    if (onPath && open_.size() == target_.size()) {
      found = valueStart();
      return false;
    }
    if (onPath) parentFound = valueStart();
    open_.push_back({array, 0, {}, onPath});
    return mark();
  }
  bool close() {
    // Closing a container on the path: the target is not in it.
    if (open_.back().onPath) return false;
    open_.pop_back();
    advance();
    return mark();
  }
  void advance() {
    if (!open_.empty() && open_.back().array) ++open_.back().index;
  }

  static constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);
  const std::vector<std::string>& target_;
  std::vector<std::size_t> indices_;  // target_'s parts as list indices (kNoIndex: not one)
  const char* begin_;
  const char* const* cursor_;
  const char* lastEventEnd_;
  std::vector<Container> open_;
};

}  // namespace

SourceLocation locateJsonValue(const std::string& file, const std::string& text, const nlohmann::json::json_pointer& pointer) {
  std::vector<std::string> target;
  for (auto p = pointer; !p.empty(); p = p.parent_pointer()) target.insert(target.begin(), p.back());
  const char* cursor = text.data();
  Locator locator(target, text.data(), afterByteOrderMark(text), &cursor);
  try {
    nlohmann::json::sax_parse(CursorIterator(&cursor, nullptr), CursorIterator(nullptr, text.data() + text.size()), &locator);
  } catch (const nlohmann::json::exception&) {
    // A syntax error or a number beyond the doubles before the target: placed as far as found.
  }
  const std::ptrdiff_t at = locator.found >= 0 ? locator.found : locator.parentFound;
  if (at < 0) return {file, 0, 0};
  return locationOfByte(file, text, static_cast<std::size_t>(at));
}

nlohmann::json parseJsonWithPlaces(
    const std::string& text,
    const std::function<bool(int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed, std::size_t at)>& callback,
    std::size_t* failedAt) {
  const char* cursor = text.data();
  const char* lastEventEnd = afterByteOrderMark(text);
  try {
    return nlohmann::json::parse(CursorIterator(&cursor, nullptr), CursorIterator(nullptr, text.data() + text.size()),
                                 [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
                                   const std::size_t at = static_cast<std::size_t>(tokenStart(lastEventEnd, cursor) - text.data());
                                   lastEventEnd = cursor;
                                   return callback(depth, event, parsed, at);
                                 });
  } catch (const nlohmann::json::exception&) {
    // The token being read when nlohmann gave up (a number beyond the doubles has no byte of
    // its own in the exception).
    if (failedAt != nullptr) *failedAt = static_cast<std::size_t>(tokenStart(lastEventEnd, cursor) - text.data());
    throw;
  }
}

void JsonFile::fail(const nlohmann::json::json_pointer& pointer, const std::string& message) const {
  throw InputError(locateJsonValue(path, text, pointer), message);
}

}  // namespace steer::experiments
