#include "yaml_support.hpp"

#include "document_params.hpp"
#include "edit_distance.hpp"
#include "number_text.hpp"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace steer::experiments::yaml {

namespace {
// A local tag (YAML 1.2 §6.8.1) no scenario file uses; conversions ignore tags.
constexpr const char* kCommandLineTag = "!steer-command-line";
}  // namespace

SourceLocation locate(const std::string& file, const YAML::Node& node) {
  if (!node.IsDefined() || node.Mark().is_null()) return {file, 0, 0};
  // A --param value's marks are positions in its own text: "line 1" of the file was blamed for
  // an error found in it (a group's count that cannot fit). No line, then; withParams names it.
  if (fromCommandLine(node)) return {file, 0, 0};
  return {file, node.Mark().line + 1, node.Mark().column + 1};
}

namespace {

// Deeper or larger than any value a scenario takes. An alias inside its own anchor ('&x [*x]')
// makes the tree a cycle, which the walk followed until the stack overflowed; aliases of aliases
// ('&a [1,1], &b [*a,*a], ...') double the nodes the walk visits at each level (26 levels ran
// for minutes). A scenario file's reader refuses both.
constexpr int kMaxValueDepth = 256;
constexpr std::size_t kMaxValueNodes = 1'000'000;

void tagTree(YAML::Node node, const std::string& tag, std::size_t& visited, int depth = 0) {
  if (depth > kMaxValueDepth)
    throw YAML::ParserException(YAML::Mark::null_mark(), "the value nests deeper than " + std::to_string(kMaxValueDepth) +
                                                             " levels (an alias inside its own anchor, '&x [*x]'?)");
  if (++visited > kMaxValueNodes)
    throw YAML::ParserException(YAML::Mark::null_mark(), "the value has more than 1,000,000 nodes once its aliases are "
                                                         "expanded");
  node.SetTag(tag);
  if (node.IsSequence())
    for (auto child : node) tagTree(child, tag, visited, depth + 1);
  else if (node.IsMap())
    for (auto entry : node) {
      tagTree(entry.first, tag, visited, depth + 1);
      tagTree(entry.second, tag, visited, depth + 1);
    }
}

// "agents[0].goals[1]" as a --param would spell it: "agents.0.goals.1".
std::string dotted(const std::string& path) {
  std::string out;
  for (const char c : path)
    if (c == '[') out += '.';
    else if (c != ']') out += c;
  return out;
}
}  // namespace

namespace {
// Where each document of a stream starts, and whether one started where the one before it did.
// yaml-cpp 0.7's parser, at a ',' outside brackets where a document's first node belongs ("- 1\n,"),
// reports an empty document without consuming the ',', and then the same document again for ever:
// YAML::LoadAll never returned and took 6 GB of memory in 10 s (yaml-cpp issue #1040, fixed
// upstream by pull request #1319). The events alone are read first, to find that place.
class DocumentStarts final : public YAML::EventHandler {
 public:
  bool stalled = false;
  YAML::Mark at = YAML::Mark::null_mark();
  void OnDocumentStart(const YAML::Mark& mark) override {
    stalled = !at.is_null() && mark.pos == at.pos;
    at = mark;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};
}  // namespace

std::vector<YAML::Node> loadDocuments(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts starts;
  while (parser.HandleNextDocument(starts))
    if (starts.stalled) {
      const auto pos = static_cast<std::size_t>(starts.at.pos);
      throw YAML::ParserException(starts.at, pos < text.size() && text[pos] == ','
                                                 ? "',' outside brackets: a ',' separates the items of a [...] or {...}"
                                                 : "the parser cannot read on from here");
    }
  return YAML::LoadAll(text);
}

bool fromCommandLine(const YAML::Node& node) {
  return node.IsDefined() && node.Tag().rfind(kCommandLineTag, 0) == 0;
}

std::string textAfterFlowValue(const std::string& text) {
  YAML::Node loaded;
  try {
    loaded = YAML::Load(text);
  } catch (const YAML::Exception&) {
    return {};  // the caller's own reading says what is wrong
  }
  return textAfterFlowValue(text, loaded);
}

std::string textAfterFlowValue(const std::string& text, const YAML::Node& loaded) {
  // Only a value that is one flow collection or one quoted scalar: a block map whose first key
  // is quoted ('"a": 1') starts with a quote too, and is whole.
  const bool flow = (loaded.IsSequence() || loaded.IsMap()) && loaded.Style() == YAML::EmitterStyle::Flow;
  const bool quoted = loaded.IsScalar() && loaded.Tag() == "!";
  if (!flow && !quoted) return {};
  // As a mapping's value, anything after the collection or the quote is an error where it starts.
  // (YAML::LoadAll hangs on "[-12,1],[-12,-1]" in yaml-cpp 0.7.)
  const std::string prefix = "v: ";
  try {
    (void)YAML::Load(prefix + text);
  } catch (const YAML::Exception& e) {
    const auto at = static_cast<std::size_t>(std::max(e.mark.pos, static_cast<int>(prefix.size())) - static_cast<int>(prefix.size()));
    return at < text.size() ? text.substr(at) : text;
  }
  return {};
}

YAML::Node loadCommandLineValue(const std::string& text, const std::string& givenKey) {
  const YAML::Node loaded = YAML::Load(text);
  // "[-12,1]xyz" loaded as [-12, 1]: the rest was dropped without a word.
  if (const std::string rest = textAfterFlowValue(text, loaded); !rest.empty())
    throw YAML::ParserException(YAML::Mark::null_mark(), "text after the value: '" + rest + "'");
  // An empty text loads as a null node without storage, which tagTree's copy would tag alone.
  YAML::Node value = loaded.IsNull() ? YAML::Node(YAML::NodeType::Null) : loaded;
  std::size_t visited = 0;
  tagTree(value, givenKey.empty() ? std::string(kCommandLineTag) : std::string(kCommandLineTag) + "|" + givenKey, visited);
  return value;
}

void fail(const std::string& file, const YAML::Node& node, const std::string& path, const std::string& message) {
  // A --param value's marks are positions in its own text, which looked like line 1 of the file.
  // (Telling them apart by position 0 blamed the command line for a bad key at the very start of
  // a file, and missed the elements of a list given on the command line.)
  if (!path.empty() && fromCommandLine(node)) {
    // Named as the user gave it (`agents.seeker.radius`), with the reader's path beside it
    // where that says more (`agents[0].radius`, or an element inside the value).
    const std::string& tag = node.Tag();
    const auto bar = tag.find('|');
    const std::string given = bar == std::string::npos ? std::string() : tag.substr(bar + 1);
    const std::string name = given.empty() || given == dotted(path) ? path : given + " (" + path + ")";
    throw InputError({"<command line>", 0, 0}, "--param " + name + ": " + message);
  }
  throw InputError(locate(file, node), path.empty() ? message : path + ": " + message);
}


double toNumber(const std::string& file, const YAML::Node& node, const std::string& path, double min, double max) {
  if (!node.IsScalar()) fail(file, node, path, "expected a number");
  const std::string text = node.Scalar();
  double value = 0.0;
  // yaml-cpp accepts .nan/.inf spellings; reject every non-finite value explicitly.
  try {
    value = node.as<double>();
  } catch (const YAML::Exception&) {
    // A number beyond the doubles (1e400) is not yaml-cpp's to convert: say what it is, as the
    // SteerSuite reader does.
    char* end = nullptr;
    const double read = std::strtod(text.c_str(), &end);
    if (!text.empty() && end == text.c_str() + text.size() && std::isinf(read))
      fail(file, node, path, "must be a finite number, got '" + text + "' (beyond the largest double)");
    fail(file, node, path, "expected a number, got '" + text + "'");
  }
  if (!std::isfinite(value)) fail(file, node, path, "must be a finite number, got '" + text + "'");
  if (value < min || value > max)
    fail(file, node, path, "must be in [" + numberText(min) + ", " + numberText(max) + "], got " + text);
  return value;
}

geometry::Vec3 toVector(const std::string& file, const YAML::Node& node, const std::string& path) {
  if (!node.IsSequence() || (node.size() != 2 && node.size() != 3))
    fail(file, node, path, "expected [x, y] or [x, y, z]");
  geometry::Vec3 v = geometry::Vec3::Zero();
  for (std::size_t i = 0; i < node.size(); ++i)
    v[static_cast<int>(i)] = toNumber(file, node[i], path + "[" + std::to_string(i) + "]");
  return v;
}

geometry::Vec3 toPoint(const std::string& file, const YAML::Node& node, const std::string& path, int dimension) {
  const geometry::Vec3 v = toVector(file, node, path);
  // A missing z would read as 0: a point of a 3D world is placed on the plane z = 0 only when it says so.
  if (dimension == 3 && node.size() == 2) fail(file, node, path, "expected [x, y, z] in a 3D world");
  if (dimension == 2 && node.size() == 3 && v.z() != 0.0) fail(file, node, path, "a 2D scenario takes [x, y] (z must be 0; a 3D world says dimension: 3)");
  return v;
}

void requireInWorld(const std::string& file, const YAML::Node& node, const std::string& path, const geometry::Vec3& p,
                    const sim::Bounds& world, int dimension) {
  if (!world.contains(p, dimension)) fail(file, node, path, "outside the world bounds");
}

YamlMap::YamlMap(std::string file, YAML::Node node, std::string path)
    : file_(std::move(file)), node_(std::move(node)), path_(std::move(path)) {
  if (node_.IsDefined() && !node_.IsNull() && !node_.IsMap())
    yaml::fail(file_, node_, path_, "expected a mapping of keys");
  // yaml-cpp keeps a merge key `<<: *anchor` as a key named "<<" without merging: the merged keys
  // were then reported missing ("kind: required key is missing" beside a `<<` that holds it).
  if (node_.IsMap() && node_["<<"].IsDefined())
    for (const auto& entry : node_)
      if (entry.first.IsScalar() && entry.first.Scalar() == "<<")
        yaml::fail(file_, entry.first, childPath("<<"),
                   "YAML merge keys (<<) are not supported: write the keys out, or use the anchor whole (*name)");
}

std::string YamlMap::childPath(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

bool YamlMap::has(const std::string& key) const {
  if (!node_.IsMap()) return false;
  used_.insert(key);
  if (node_[key].IsDefined() && node_[key].IsNull()) failWithoutValue(key);
  return node_[key].IsDefined();
}

YAML::Node YamlMap::node(const std::string& key) const {
  used_.insert(key);
  // A const lookup of a missing key gives an invalid "zombie" node that throws when copied
  // into another; hand out a valid undefined node instead.
  if (!node_.IsMap() || !node_[key].IsDefined()) return YAML::Node(YAML::NodeType::Undefined);
  if (node_[key].IsNull()) failWithoutValue(key);
  return node_[key];
}

void YamlMap::failWithoutValue(const std::string& key) const {
  // `radius:` with the value left out read as an absent key, i.e. the default, without a word.
  // The file's key is blamed, unless --param gave the empty value (its tag names the command line).
  for (auto it = node_.begin(); it != node_.end(); ++it)
    if (it->first.Scalar() == key) {
      const bool given = it->first.Mark().is_null() || fromCommandLine(it->second);
      yaml::fail(file_, given ? it->second : it->first, childPath(key), "a value is required");
    }
  yaml::fail(file_, node_, childPath(key), "a value is required");
}

void YamlMap::missing(const std::string& key, const std::string& what) const {
  const std::string message = childPath(key) + ": required key is missing" + (what.empty() ? "" : " (" + what + ")");
  // A misspelt key ("raduis") would be reported as unknown only after this: name it here, at
  // its own line (the map's first line said nothing of it).
  if (node_.IsMap())
    for (auto it = node_.begin(); it != node_.end(); ++it) {
      const std::string other = it->first.IsScalar() ? it->first.Scalar() : std::string();
      // A key the reader knows is no misspelling ("agent" beside a missing "agent_b").
      if (used_.count(other) != 0) continue;
      // Within two edits, and fewer than half the key's letters ("max" is not a misspelt "min").
      if (const std::size_t d = editDistance(other, key); !other.empty() && other != key && d <= 2 && 2 * d < key.size())
        throw InputError(locate(file_, it->first), message + "; '" + other + "' here: a misspelling of '" + key + "'?");
    }
  throw InputError(locate(file_, node_), message);
}

YAML::Node YamlMap::required(const std::string& key) const {
  if (!has(key)) missing(key);
  return node(key);
}

void YamlMap::fail(const std::string& key, const std::string& message) const {
  const YAML::Node n = node(key);
  yaml::fail(file_, n.IsDefined() ? n : node_, childPath(key), message);
}

double YamlMap::number(const std::string& key, double fallback, double min, double max) const {
  return has(key) ? toNumber(file_, node(key), childPath(key), min, max) : fallback;
}

double YamlMap::requiredNumber(const std::string& key, double min, double max) const {
  return toNumber(file_, required(key), childPath(key), min, max);
}

double YamlMap::positive(const std::string& key, double fallback) const {
  if (!has(key)) return fallback;
  const double v = toNumber(file_, node(key), childPath(key), -std::numeric_limits<double>::max(),
                            std::numeric_limits<double>::max());
  // (The general range [-1e300, 1e300] named a negative bound for a key that must be > 0.)
  if (!(v > 0.0)) fail(key, "must be > 0, got " + node(key).Scalar());
  if (v > 1e300) fail(key, "must be > 0 and at most 1e+300, got " + node(key).Scalar());
  // A subnormal number is > 0 but divides to infinity: a radius of 1e-320 ran until the state
  // was no longer finite, and the error blamed dt.
  if (v < std::numeric_limits<double>::min())
    fail(key, "must be > 0, got " + node(key).Scalar() + ", a subnormal number (below 2.2e-308)");
  return v;
}

namespace {
// Whether a scalar is written as a whole number (an optional sign, then digits), whatever its size:
// a number too large to convert is out of range, not "not an integer".
bool wholeNumberText(const std::string& s) {
  const std::size_t digits = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  return s.size() > digits && s.find_first_not_of("0123456789", digits) == std::string::npos;
}

// "got '1.5'", "got a list": what stands where a number belongs.
std::string gotText(const YAML::Node& n) {
  return n.IsScalar() ? "got '" + n.Scalar() + "'" : std::string("got a ") + (n.IsSequence() ? "list" : n.IsMap() ? "map" : "null");
}
}  // namespace

std::uint64_t YamlMap::unsignedInteger(const std::string& key, std::uint64_t fallback) const {
  if (!has(key)) return fallback;
  const YAML::Node n = node(key);
  const std::string range = "must be in [0, 18446744073709551615] (0 to 2^64 − 1)";
  if (n.IsScalar() && wholeNumberText(n.Scalar())) {
    const std::string& s = n.Scalar();
    if (s[0] == '-' && s.find_first_not_of('0', 1) != std::string::npos) fail(key, range + ", got " + s);
    std::uint64_t v = 0;
    const char* first = s.data() + (s[0] == '-' || s[0] == '+' ? 1 : 0);
    const auto [end, ec] = std::from_chars(first, s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) fail(key, range + ", got " + s);
    return v;
  }
  fail(key, "expected a whole number ≥ 0, " + gotText(n));
}

std::int64_t YamlMap::integer(const std::string& key, std::int64_t fallback, std::int64_t min, std::int64_t max) const {
  if (!has(key)) return fallback;
  const YAML::Node n = node(key);
  std::int64_t v = 0;
  try {
    v = n.as<std::int64_t>();
  } catch (const YAML::Exception&) {
    if (n.IsScalar() && wholeNumberText(n.Scalar()))
      fail(key, "must be in [" + std::to_string(min) + ", " + std::to_string(max) + "], got " + n.Scalar());
    fail(key, "expected an integer, " + gotText(n));
  }
  if (v < min || v > max)
    fail(key, "must be in [" + std::to_string(min) + ", " + std::to_string(max) + "], got " + std::to_string(v));
  return v;
}

bool YamlMap::boolean(const std::string& key, bool fallback) const {
  if (!has(key)) return fallback;
  try {
    return node(key).as<bool>();
  } catch (const YAML::Exception&) {
    fail(key, "expected true or false");
  }
}

std::string YamlMap::string(const std::string& key, const std::string& fallback) const {
  if (!has(key)) return fallback;
  return stringOf(key, node(key));
}

std::string YamlMap::requiredString(const std::string& key) const { return stringOf(key, required(key)); }

std::string YamlMap::stringOf(const std::string& key, const YAML::Node& n) const {
  if (!n.IsScalar()) fail(key, "expected a string");
  // A NUL written as "\0" cut a file name short where the system read it (field.file opened
  // another file) and went into trajectories.csv as a byte of a mode's name.
  if (n.Scalar().find('\0') != std::string::npos) fail(key, "contains a NUL character (\\0)");
  return n.Scalar();
}

std::string YamlMap::choice(const std::string& key, const std::string& fallback,
                            const std::vector<std::string>& choices) const {
  const std::string v = string(key, fallback);
  for (const auto& c : choices)
    if (c == v) return v;
  std::string list;
  for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
  fail(key, "unknown value '" + v + "' (choose " + list + ")");
}

geometry::Vec3 YamlMap::vector(const std::string& key, const geometry::Vec3& fallback) const {
  return has(key) ? toVector(file_, node(key), childPath(key)) : fallback;
}

geometry::Vec3 YamlMap::requiredVector(const std::string& key) const {
  return toVector(file_, required(key), childPath(key));
}

geometry::Vec3 YamlMap::point(const std::string& key, const geometry::Vec3& fallback, int dimension) const {
  return has(key) ? toPoint(file_, node(key), childPath(key), dimension) : fallback;
}

geometry::Vec3 YamlMap::requiredPoint(const std::string& key, int dimension) const {
  return toPoint(file_, required(key), childPath(key), dimension);
}

YamlMap YamlMap::map(const std::string& key) const { return YamlMap(file_, node(key), childPath(key)); }

YamlMap YamlMap::map(const std::string& key, const std::string& form) const {
  const YAML::Node n = node(key);
  if (n.IsDefined() && !n.IsNull() && !n.IsMap())
    yaml::fail(file_, n, childPath(key), "expected a mapping of keys: a " + key + " is written " + key + ": " + form);
  return YamlMap(file_, n, childPath(key));
}

void YamlMap::forEach(const std::string& key,
                      const std::function<void(const YAML::Node&, const std::string&)>& f) const {
  if (!has(key)) return;
  const YAML::Node n = node(key);
  // A map a --param made of a list the file left to its defaults (`reynolds.behaviors.0.weight`):
  // say what --param can set there ("expected a list" blamed a --param that gave none).
  if (!n.IsSequence() && n.IsMap() && fromCommandLine(n)) fail(key, listEntriesMessage(childPath(key)));
  if (!n.IsSequence()) fail(key, "expected a list");
  for (std::size_t i = 0; i < n.size(); ++i) f(n[i], childPath(key) + "[" + std::to_string(i) + "]");
}

std::string YamlMap::knownKeyHint(const std::string& key) const {
  // The keys the reader asked for here are those it knows. The nearest within two edits and
  // fewer than half its letters ("curage", "desired_sped", "nmae"; std::set's order breaks
  // ties), else the key with its unit ("heading" for heading_deg: the one unit a key names).
  const std::string best = nearestWord(key, used_);
  if (best.empty() && used_.count(key + "_deg") != 0) return "; did you mean '" + key + "_deg' (degrees)?";
  return best.empty() ? std::string() : "; a misspelling of '" + best + "'?";
}

void YamlMap::finish(const std::map<std::string, std::string>& elsewhere, const std::map<std::string, std::string>& meant) const {
  if (!node_.IsMap()) return;
  // yaml-cpp keeps both entries of a key given twice and reads the first: the second (say a
  // corrected radius further down) would be silently ignored.
  std::set<std::string> seen;
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string key = it->first.Scalar();
    if (!seen.insert(key).second) yaml::fail(file_, it->first, childPath(key), "duplicate key");
    // A key made by --param has no place in the file: its value (which carries the tag) answers.
    if (used_.count(key)) continue;
    const auto there = elsewhere.find(key);
    const auto instead = meant.find(key);
    const std::string hint = there != elsewhere.end() ? " here; it belongs in " + there->second
                             : instead != meant.end() ? "; did you mean '" + instead->second + "'?"
                                                      : knownKeyHint(key);
    yaml::fail(file_, it->first.Mark().is_null() ? it->second : it->first, childPath(key), "unknown key" + hint);
  }
}

}  // namespace steer::experiments::yaml
