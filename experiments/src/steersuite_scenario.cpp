// SteerSuite test cases (<SteerBenchTestCase>). SteerSuite plays in the x–z plane with y up; we
// map x → x and z → y (docs/scenario-reference.md, "SteerSuite test cases"). Unknown tags are
// errors with their line and column; <random>true</random> may stand in for any x/y/z tuple.
#include <pugixml.hpp>

#include <Eigen/Geometry>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "number_text.hpp"
#include "edit_distance.hpp"
#include "obstacle_checks.hpp"
#include "unit_vector.hpp"
#include "placement.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/geometry/angle.hpp"

namespace steer::experiments {

using geometry::Vec2;
using geometry::Vec3;

namespace {

// The largest <numAgents> or <numObstacles>: the limit of a YAML group's count.
constexpr std::size_t kMaxCount = 1000000;

class XmlReader {
 public:
  XmlReader(const std::string& text, std::string file, std::uint64_t seed)
      : text_(text), file_(std::move(file)), seed_(seed) {
    for (std::size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') lineStarts_.push_back(i + 1);
  }

  SourceLocation where(const pugi::xml_node& node) const { return locationOf(static_cast<std::size_t>(node.offset_debug())); }

  // Line and column of a byte offset, from the line starts found once (scanning the text from
  // its start for every agent made reading n agents O(n²): 9 s for 5,000).
  SourceLocation locationOf(std::size_t offset) const {
    offset = std::min(offset, text_.size());
    const auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
    const std::size_t lineStart = *(next - 1);
    SourceLocation loc{file_, static_cast<int>(next - lineStarts_.begin()), static_cast<int>(offset - lineStart) + 1};
    // offset_debug points just past '<'; report the '<'.
    if (loc.column > 1) --loc.column;
    return loc;
  }

  [[noreturn]] void fail(const pugi::xml_node& node, const std::string& message) const {
    throw InputError(where(node), std::string("<") + node.name() + ">: " + message);
  }

  // The child elements of `node` are among `allowed`, each at most once unless `repeatable` (a
  // second <x> in a <position> was silently ignored), and carry no attributes (the format has
  // none below the root, which may hold xmlns).
  void onlyChildren(const pugi::xml_node& node, const std::set<std::string>& allowed,
                    const std::set<std::string>& repeatable = {}) const {
    std::set<std::string> seen;
    for (const auto& c : node.children()) {
      if (c.type() != pugi::node_element) continue;
      if (!allowed.count(c.name())) {
        std::string message = std::string("unknown tag inside <") + node.name() + ">";
        if (const std::string best = nearestWord(c.name(), allowed); !best.empty()) message.append("; a misspelling of <").append(best).append(">?");
        fail(c, message);
      }
      if (!seen.insert(c.name()).second && !repeatable.count(c.name()))
        fail(c, std::string("given twice inside <") + node.name() + ">");
      if (c.first_attribute()) fail(c, std::string("unexpected attribute '") + c.first_attribute().name() + "'");
    }
  }

  pugi::xml_node child(const pugi::xml_node& node, const char* name) const {
    const pugi::xml_node c = node.child(name);
    if (!c) fail(node, std::string("missing <") + name + ">");
    return c;
  }

  // An element that holds text (a number, a name): an element inside it would be read past. Its
  // text is all of its character data, as XML reads it: "1<!-- c -->0" is 10 (pugixml's text()
  // gives the first run only, and 12 agents became 1).
  std::string text(const pugi::xml_node& node) const {
    std::string out;
    for (const auto& c : node.children()) {
      if (c.type() == pugi::node_element) fail(c, std::string("unexpected <") + c.name() + "> inside <" + node.name() + ">, which holds text only");
      if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) out += c.value();
    }
    return out;
  }

  double number(const pugi::xml_node& node) const {
    const std::string text = this->text(node);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    // Only white space may follow the number: "0.5 7" was read as 0.5.
    const char* rest = end;
    while (rest != nullptr && std::isspace(static_cast<unsigned char>(*rest))) ++rest;
    if (text.empty() || end == text.c_str() || *rest != '\0') fail(node, "expected one number, got '" + text + "'");
    if (!std::isfinite(v)) fail(node, "must be a finite number, got '" + text + "'");
    // strtod also reads C's hexadecimal numbers (0x10, 0x1p3), which SteerSuite's files never hold.
    if (text.find_first_not_of("0123456789+-.eE \t\r\n") != std::string::npos)
      fail(node, "expected a decimal number, got '" + text + "'");
    // The range the YAML reader allows too: beyond it, widths, angles in radians and squared
    // distances overflow (a world of ±1e308 hung the bin lattice; thetaY = 1e308 made a box of NaN).
    if (std::abs(v) > 1e300) fail(node, "must be in [-1e300, 1e300], got '" + text + "'");
    return v;
  }

  double number(const pugi::xml_node& parent, const char* name) const { return number(child(parent, name)); }
  double numberOr(const pugi::xml_node& parent, const char* name, double fallback) const {
    const pugi::xml_node c = parent.child(name);
    return c ? number(c) : fallback;
  }
  /// An obstacle's <height>, when given: read and checked (a negative height is no obstacle's),
  /// then ignored, the world being planar.
  void height(const pugi::xml_node& obstacle) const {
    const pugi::xml_node c = obstacle.child("height");
    if (c && number(c) < 0.0) fail(c, "must be >= 0");
  }
  double positive(const pugi::xml_node& parent, const char* name) const {
    const pugi::xml_node c = child(parent, name);
    const double v = number(c);
    if (!(v > 0.0)) fail(c, "must be > 0");
    // A subnormal radius divides to infinity (the run then failed with no place, blaming dt).
    if (v < std::numeric_limits<double>::min()) fail(c, "must be > 0, got " + text(c) + ", a subnormal number (below 2.2e-308)");
    return v;
  }

  /// A count: a whole number in [0, kMaxCount]. Checked as a double before any conversion, which
  /// is undefined (and in practice zero) beyond the integer's range.
  std::size_t count(const pugi::xml_node& parent, const char* name) const {
    const pugi::xml_node c = child(parent, name);
    const double v = number(c);
    if (!(v >= 0.0 && v <= static_cast<double>(kMaxCount) && v == std::floor(v)))
      fail(c, "must be a whole number in [0, " + std::to_string(kMaxCount) + "], got '" + text(c) + "'");
    return static_cast<std::size_t>(v);
  }

  bool isRandom(const pugi::xml_node& node) const {
    const pugi::xml_node r = node.child("random");
    if (!r) return false;
    const std::string t = text(r);
    if (t != "true" && t != "false") fail(r, "expected true or false");
    return t == "true";
  }

  /// A SteerSuite (x, y, z) tuple mapped to our axes; `random` set when it says so.
  Vec3 tuple(const pugi::xml_node& node, bool* random = nullptr) const {
    if (isRandom(node)) {
      onlyChildren(node, {"random"});
      if (random == nullptr) fail(node, "<random> is not allowed here");
      *random = true;
      return Vec3::Zero();
    }
    onlyChildren(node, {"x", "y", "z", "random"});
    if (random != nullptr) *random = false;
    const double x = number(node, "x"), y = numberOr(node, "y", 0.0), z = number(node, "z");
    (void)y;  // height: SteerSuite's y is up, ignored in 2D
    return Vec3(x, z, 0.0);
  }

  /// Placement samples a region along x and z: without extent on one it is a point or a line,
  /// where only one body fits (a single agent there is how a test case pins it to a spot).
  void requireExtent(const pugi::xml_node& bounds, std::size_t count, const char* what) const {
    for (const char* axis : {"x", "z"}) {
      const std::string lo = std::string(axis) + "min", hi = std::string(axis) + "max";
      if (count > 1 && number(bounds, lo.c_str()) == number(bounds, hi.c_str()))
        fail(bounds.child(hi.c_str()), "equals <" + lo + ">: a region without extent holds one " + what + ", not " +
                                           std::to_string(count));
    }
  }

  /// <xmin>..<zmax> bounds as a 2D box.
  geometry::AlignedBox bounds(const pugi::xml_node& node) const {
    onlyChildren(node, {"xmin", "xmax", "ymin", "ymax", "zmin", "zmax"});
    const double xmin = number(node, "xmin"), xmax = number(node, "xmax");
    const double zmin = number(node, "zmin"), zmax = number(node, "zmax");
    numberOr(node, "ymin", 0.0);
    numberOr(node, "ymax", 0.0);
    if (!(xmax >= xmin && zmax >= zmin)) fail(node, "max must not be below min");
    return {Vec2(xmin, zmin), Vec2(xmax, zmax)};
  }

  // The world's obstacles for random placement, indexed once when first asked for: the
  // document's first pass has read them all by then.
  const ObstacleIndex& obstacleIndex(const sim::World& world) {
    if (!obstacles_) obstacles_.emplace(world.obstacles);
    return *obstacles_;
  }

  // A random point of the world for a body of `radius`, clear of the obstacles and of `avoid`
  // (which gets it).
  Vec3 randomPoint(const sim::World& world, double radius, const pugi::xml_node& at, Occupancy& avoid) {
    return randomFreePosition(world, obstacleIndex(world), avoid, world.bounds.min, world.bounds.max, radius,
                              seed_ ^ (0xABCDULL + draws_++), where(at), 2);
  }
  // A random goal point: targets may lie on agents, so nothing is avoided.
  Vec3 randomTarget(const sim::World& world, const pugi::xml_node& at) {
    Occupancy none(1.0);
    return randomPoint(world, 0.5, at, none);
  }

  // The <agent>s at given positions, wherever they stand in the document, go into occupied_
  // first: random placement (regions, random <agent> positions, which add theirs as they go)
  // keeps clear of them and of each other, so that whether bodies overlap at the start (an
  // error) does not depend on the seed or on the order of the elements. Malformed ones are
  // skipped here and reported by the main pass in document order.
  void collectFixedAgents(const pugi::xml_node& root) {
    for (const auto& n : root.children("agent")) {
      const pugi::xml_node ic = n.child("initialConditions");
      const pugi::xml_node at = ic.child("position");
      if (!at) continue;
      try {
        bool random = false;
        const Vec3 position = tuple(at, &random);
        if (!random) occupied_.add(position, positive(ic, "radius"));
      } catch (const InputError&) {
        continue;
      }
    }
  }

  std::vector<sim::Goal> goals(const pugi::xml_node& seq, sim::World& world, std::vector<SourceLocation>& sources,
                               std::vector<std::pair<std::size_t, std::string>>& dynamic, const pugi::xml_node& owner) {
    std::vector<sim::Goal> out;
    for (const auto& g : seq.children()) {
      if (g.type() != pugi::node_element) continue;
      // The goals are <goalSequence>'s children, which no onlyChildren() call looks at.
      if (g.first_attribute()) fail(g, std::string("unexpected attribute '") + g.first_attribute().name() + "'");
      const std::string kind = g.name();
      sim::Goal goal;
      const std::set<std::string> common{"targetLocation", "desiredSpeed", "timeDuration", "targetName",
                                         "targetDirection", "goalRegionBounds", "targetBehavior", "Behaviour",
                                         "Behavior", "random"};
      if (kind == "seekStaticTarget" || kind == "fleeStaticTarget") {
        goal.kind = kind == "seekStaticTarget" ? sim::Goal::Kind::Seek : sim::Goal::Kind::Flee;
        bool random = false;
        goal.target.point = tuple(child(g, "targetLocation"), &random);
        if (random) goal.target.point = randomTarget(world, g);
      } else if (kind == "seekDynamicTarget" || kind == "fleeDynamicTarget") {
        goal.kind = kind == "seekDynamicTarget" ? sim::Goal::Kind::Seek : sim::Goal::Kind::Flee;
        goal.target.kind = sim::Target::Kind::Agent;
        dynamic.emplace_back(out.size(), text(child(g, "targetName")));
      } else if (kind == "flowStaticDirection") {
        goal.kind = sim::Goal::Kind::FlowDirection;
        bool random = false;
        Vec3 d = tuple(child(g, "targetDirection"), &random);
        if (random) d = geometry::lift(geometry::directionOf(2 * geometry::kPi * sim::Noise(seed_).uniform(draws_++, 7, 0)));
        if (d.cwiseAbs().maxCoeff() == 0.0) fail(g, "targetDirection must not be zero");
        goal.direction = unitDirection(d);
      } else if (kind == "seekAxisAlignedBoxRegion") {
        goal.kind = sim::Goal::Kind::SeekRegion;
        const pugi::xml_node regionBounds = child(g, "goalRegionBounds");
        goal.region = bounds(regionBounds);
        // Reached when the centre is inside: flat along x or z, only by landing on it exactly.
        for (const char* axis : {"x", "z"}) {
          const std::string lo = std::string(axis) + "min", hi = std::string(axis) + "max";
          if (number(regionBounds, lo.c_str()) == number(regionBounds, hi.c_str()))
            fail(regionBounds.child(hi.c_str()), "equals <" + lo + ">: a goal region without extent is reached only by a "
                                                 "centre landing on it exactly (give it some width)");
        }
      } else if (kind == "idle") {
        goal.kind = sim::Goal::Kind::Idle;
        child(g, "timeDuration");
      } else if (kind == "Behaviour" || kind == "Behavior") {
        continue;  // steering-algorithm hints for SteerSuite's own agents: not ours to follow
      } else {
        fail(g, "unknown goal type inside <goalSequence>");
      }
      onlyChildren(g, common);
      if (g.child("desiredSpeed")) goal.desiredSpeed = positive(g, "desiredSpeed");
      // > 0, as a YAML goal's duration: a goal of no time would end before its first step.
      if (g.child("timeDuration")) goal.timeDuration = positive(g, "timeDuration");
      // Flee and flow goals end only by time; with no duration they last the whole run.
      sources.push_back(where(g));
      out.push_back(goal);
    }
    (void)owner;
    return out;
  }

  // XML allows '&' only at the start of a reference: one of its five entities or a character
  // reference (no DOCTYPE is read, so no other entity is defined). pugixml leaves any other
  // "&name;", and a bare '&', in the text as it is: "&lol9;" became a scenario's name. Comments,
  // CDATA sections and processing instructions hold '&' as they like.
  void checkReferences() const {
    static const std::pair<std::string_view, std::string_view> kRaw[] = {{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}};
    std::size_t at = 0;
    while ((at = text_.find_first_of("<&", at)) != std::string::npos) {
      if (text_[at] == '<') {
        std::size_t next = at + 1;
        for (const auto& [open, close] : kRaw)
          if (text_.compare(at, open.size(), open) == 0) {
            const std::size_t end = text_.find(close, at + open.size());
            next = end == std::string::npos ? text_.size() : end + close.size();
            break;
          }
        at = next;
        continue;
      }
      // A name of up to 40 characters before its ';' (a longer one is read as a bare '&').
      const std::size_t semi = text_.find(';', at);
      std::string name = semi != std::string::npos && semi - at <= 40 ? text_.substr(at + 1, semi - at - 1) : "";
      const auto nameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("#_-.:", c) != nullptr; };
      if (!std::all_of(name.begin(), name.end(), nameChar)) name.clear();  // "AT& T;": a bare '&'
      // Whether the name's characters from `from` on are all digits (hex: also a-f).
      const auto digitsFrom = [&](std::size_t from, bool hex) {
        return name.size() > from && std::all_of(name.begin() + static_cast<std::ptrdiff_t>(from), name.end(), [&](char c) {
                 const auto u = static_cast<unsigned char>(c);
                 return hex ? std::isxdigit(u) != 0 : std::isdigit(u) != 0;
               });
      };
      const bool known = name == "amp" || name == "lt" || name == "gt" || name == "quot" || name == "apos" ||
                         (name.rfind("#x", 0) == 0 && digitsFrom(2, true)) ||
                         (name.rfind("#", 0) == 0 && name.rfind("#x", 0) != 0 && digitsFrom(1, false));
      if (!known) {
        const std::string what = name.empty() ? "a bare '&' (write &amp; for the character)"
                                              : "the entity '&" + name + ";' is not defined";
        throw InputError(locationOf(at + 1), what + ": XML knows &amp; &lt; &gt; &quot; &apos; and character "
                                                    "references &#N; (a DOCTYPE, which could define others, is not read)");
      }
      at = semi + 1;
    }
  }

  Scenario read() {
    pugi::xml_document doc;
    // The declaration and a DOCTYPE are kept as nodes, to be checked: pugixml skipped both, so a
    // version "nan" or an encoding "EBCDIC" was taken in silence, and a DTD's entities were left
    // unexpanded in the text ("&lol9;" became a scenario's name).
    const pugi::xml_parse_result result =
        doc.load_buffer(text_.data(), text_.size(), pugi::parse_default | pugi::parse_declaration | pugi::parse_doctype);
    if (!result) throw InputError(locationOf(static_cast<std::size_t>(result.offset) + 1), std::string("malformed XML: ") + result.description());
    // (Placed at their first byte: fail() names an element, and these are none.)
    const auto failAt = [&](const char* opening, const std::string& message) {
      const std::size_t at = text_.find(opening);
      throw InputError(locationOf((at == std::string::npos ? 0 : at) + 1), message);
    };
    for (const auto& n : doc.children()) {
      if (n.type() == pugi::node_doctype) failAt("<!DOCTYPE", "a DOCTYPE is not read (its entities would not be expanded): remove it");
      if (n.type() != pugi::node_declaration) continue;
      const auto fail = [&](const std::string& message) { failAt("<?xml", message); };
      for (const auto& a : n.attributes()) {
        const std::string name = a.name(), value = a.value();
        std::string lower = value;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name == "version" && value != "1.0" && value != "1.1")
          fail("the XML declaration's version must be 1.0 or 1.1, got '" + value + "'");
        else if (name == "encoding" && lower != "utf-8" && lower != "utf8" && lower != "us-ascii")
          fail("the XML declaration's encoding must be UTF-8 (the file is read as UTF-8), got '" + value + "'");
        else if (name == "standalone" && value != "yes" && value != "no")
          fail("the XML declaration's standalone must be yes or no, got '" + value + "'");
        else if (name != "version" && name != "encoding" && name != "standalone")
          fail("unexpected attribute '" + name + "' in the XML declaration (version, encoding, standalone)");
      }
    }
    checkReferences();
    const pugi::xml_node root = doc.document_element();
    if (std::string(root.name()) != "SteerBenchTestCase")
      fail(root, "expected <SteerBenchTestCase> as the root element");
    // The root carries the namespaces and the schema's location (xmlns, xmlns:xsi,
    // xsi:schemaLocation in SteerSuite's own files) and nothing else: <... bogus="1"> was read.
    for (const auto& a : root.attributes()) {
      const std::string name = a.name();
      if (name != "xmlns" && name.rfind("xmlns:", 0) != 0 && name.rfind("xsi:", 0) != 0)
        fail(root, "unexpected attribute '" + name + "' (the root takes xmlns and xsi: attributes only)");
    }

    Scenario s;
    s.file = file_;
    s.settings.seed = seed_;
    s.world.dimension = 2;
    // One root element and nothing after it (pugixml keeps a second root, or text, as a sibling).
    for (const auto& n : doc.children())
      if ((n.type() == pugi::node_element && n != root) || n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata)
        fail(n.type() == pugi::node_element ? n : root, "nothing may follow the root element <SteerBenchTestCase>");
    // pugixml drops text after the root without a word: only blanks and comments may follow.
    const std::string close = std::string("</") + root.name() + ">";
    const std::size_t closeAt = text_.rfind(close);
    std::size_t at = closeAt == std::string::npos ? text_.size() : closeAt + close.size();
    while ((at = text_.find_first_not_of(" \t\r\n", at)) != std::string::npos) {
      const std::size_t commentEnd = text_.compare(at, 4, "<!--") == 0 ? text_.find("-->", at) : std::string::npos;
      if (commentEnd == std::string::npos)
        throw InputError(locationOf(at + 1), "nothing may follow the root element <SteerBenchTestCase>");
      at = commentEnd + 3;
    }
    const std::set<std::string> parts = {"suggestedCameraView", "obstacle", "obstacleRegion", "circleObstacle",
                                         "orientedBoxObstacle", "orientedWallObstacle", "polygonObstacle", "agent",
                                         "agentRegion", "agentEmitter"};
    std::set<std::string> rootTags = parts;
    rootTags.insert("header");
    onlyChildren(root, rootTags, parts);

    const pugi::xml_node header = child(root, "header");
    onlyChildren(header, {"version", "name", "worldBounds", "description", "passingCriteria"});
    for (const char* tag : {"version", "name", "description"})
      if (header.child(tag)) text(header.child(tag));
    s.name = header.child("name") ? text(header.child("name")) : "steersuite";
    const geometry::AlignedBox wb = bounds(child(header, "worldBounds"));
    if (!(wb.max.x() > wb.min.x() && wb.max.y() > wb.min.y())) fail(header.child("worldBounds"), "the world has zero area");
    s.world.bounds = {Vec3(wb.min.x(), wb.min.y(), -1.0), Vec3(wb.max.x(), wb.max.y(), 1.0)};
    s.worldAt = where(header.child("worldBounds"));

    // Obstacles first, so that random placements avoid them.
    for (const auto& n : root.children()) {
      const std::string tag = n.name();
      const std::size_t firstNew = s.world.obstacles.size();
      if (tag == "suggestedCameraView") {
        onlyChildren(n, {"position", "lookat", "up", "fovy", "targetTime"});
        CameraView c;
        const auto lift3 = [&](const pugi::xml_node& v) {
          onlyChildren(v, {"x", "y", "z"});
          return Vec3(number(v, "x"), number(v, "z"), number(v, "y"));
        };
        c.position = lift3(child(n, "position"));
        c.lookAt = lift3(child(n, "lookat"));
        if (n.child("up")) c.up = lift3(n.child("up"));
        c.fovy = numberOr(n, "fovy", 45.0);
        // SteerSuite's moment to show (its player's, not a still of ours): read, so that a bad
        // number is an error as the reference says, and not used.
        (void)numberOr(n, "targetTime", 0.0);
        // The checks of a YAML camera: a field of view of 0, a camera at the point it looks at, or
        // an up along the line of sight gave a blank or undefined picture.
        if (!(c.fovy >= 1.0 && c.fovy <= 179.0)) fail(child(n, "fovy"), "fovy must be in [1, 179] degrees");
        const Vec3 view = c.lookAt - c.position;
        if (!(view.norm() > 0.0)) fail(child(n, "lookat"), "lookat must differ from the camera's position");
        if (!(view.cross(c.up).norm() > 1e-9 * view.norm() * c.up.norm()))
          fail(n.child("up") ? n.child("up") : n, "up must not be zero nor along the line of sight");
        s.cameras.push_back(c);
      } else if (tag == "obstacle") {
        const geometry::AlignedBox b = bounds(n);
        if (!(b.max.x() > b.min.x() && b.max.y() > b.min.y())) fail(n, "a box obstacle needs positive extent in x and z");
        s.world.obstacles.push_back({b, {}});
      } else if (tag == "circleObstacle") {
        onlyChildren(n, {"radius", "height", "position"});
        height(n);
        s.world.obstacles.push_back({geometry::Ball{tuple(child(n, "position")), positive(n, "radius")}, {}});
      } else if (tag == "orientedBoxObstacle") {
        onlyChildren(n, {"size", "height", "thetaY", "position"});
        height(n);
        const pugi::xml_node size = child(n, "size");
        onlyChildren(size, {"x", "y", "z"});
        const double sx = number(size, "x"), sz = number(size, "z");
        // The height, read and checked as <height>, then ignored: the world is planar.
        if (const pugi::xml_node y = size.child("y"); y && number(y) < 0.0) fail(y, "must be >= 0");
        if (!(sx > 0 && sz > 0)) fail(size, "sizes must be > 0");
        // Rotation about SteerSuite's y axis turns z towards x: clockwise in our x–y plane.
        const double theta = -numberOr(n, "thetaY", 0.0) * geometry::kPi / 180.0;
        s.world.obstacles.push_back({geometry::OrientedBox{geometry::xy(tuple(child(n, "position"))), Vec2(sx / 2, sz / 2), theta}, {}});
      } else if (tag == "orientedWallObstacle") {
        wall(n, s.world);
      } else if (tag == "polygonObstacle") {
        onlyChildren(n, {"vertex", "height"}, {"vertex"});
        height(n);
        geometry::Polygon poly;
        for (const auto& v : n.children("vertex")) poly.vertices.push_back(geometry::xy(tuple(v)));
        if (poly.vertices.size() < 3) fail(n, "a polygon needs at least 3 <vertex>");
        // A symmetric bow-tie has zero signed area too: it was said to have none, not to cross itself.
        if (std::abs(geometry::signedArea(poly)) < 1e-12 && polygonVerticesCollinear(poly)) fail(n, "the polygon has zero area");
        if (const auto edges = polygonSelfIntersection(poly))
          fail(n, "the polygon crosses or touches itself (edges " + std::to_string(edges->first) + " and " +
                      std::to_string(edges->second) + " meet; edge i runs from vertex i to the next)");
        if (std::abs(geometry::signedArea(poly)) < 1e-12) fail(n, "the polygon has zero area");  // simple, and too small
        s.world.obstacles.push_back({poly, {}});
      } else if (tag == "obstacleRegion") {
        onlyChildren(n, {"numObstacles", "regionBounds", "obstacleSize", "obstacleHeight"});
        const std::size_t count = this->count(n, "numObstacles");
        const geometry::AlignedBox region = bounds(child(n, "regionBounds"));
        requireExtent(child(n, "regionBounds"), count, "obstacle");
        const double size = positive(n, "obstacleSize");
        // Each box is placed wholly inside the region: a box wider than the region would start
        // before its minimum and reach past its maximum.
        const Vec2 extent = region.max - region.min;
        if (count > 0 && (size > extent.x() || size > extent.y()))
          fail(child(n, "obstacleSize"), "obstacles of size " + text(child(n, "obstacleSize")) +
                                             " do not fit in <regionBounds> (" + numberText(extent.x()) + " by " +
                                             numberText(extent.y()) + " in x and z)");
        // Read and checked as <height> is (a negative one was taken), then ignored: the world is planar.
        if (const pugi::xml_node h = n.child("obstacleHeight"); h && number(h) < 0.0) fail(h, "must be >= 0");
        const sim::Noise noise(seed_ ^ 0x0B57ULL);
        for (std::size_t i = 0; i < count; ++i) {
          const double x = region.min.x() + (region.max.x() - region.min.x() - size) * noise.uniform(draws_, i, 0);
          const double y = region.min.y() + (region.max.y() - region.min.y() - size) * noise.uniform(draws_, i, 1);
          s.world.obstacles.push_back({geometry::AlignedBox{Vec2(x, y), Vec2(x + size, y + size)}, {}});
        }
        ++draws_;
      }
      // As for agents: far-away obstacles make the environment and metrics grids span absurd
      // ranges (hangs, allocations beyond max_size).
      for (std::size_t o = firstNew; o < s.world.obstacles.size(); ++o)
        if (const auto why = obstacleOutsideWorld(s.world.obstacles[o], s.world.bounds, 2)) fail(n, *why);
    }
    s.world.refreshPieces();

    std::map<std::string, std::vector<sim::AgentIndex>> names;  // every agent of each name
    std::vector<std::tuple<sim::AgentIndex, std::size_t, std::string, SourceLocation>> dynamicTargets;
    auto addAgent = [&](sim::Agent a, AgentSource src, const std::vector<std::pair<std::size_t, std::string>>& dyn) {
      a.id = static_cast<sim::AgentIndex>(s.world.agents.size());
      // SteerSuite fixes no speed limit of its own: a goal asking for more than our 2.6 m/s raises
      // this agent's limit to it, rather than being slowed to 2.6 without a word.
      for (const auto& g : a.goals) a.maxSpeed = std::max(a.maxSpeed, g.desiredSpeed);
      for (const auto& [goal, name] : dyn) dynamicTargets.emplace_back(a.id, goal, name, src.goals[goal]);
      if (!a.name.empty()) names[a.name].push_back(a.id);
      s.world.agents.push_back(std::move(a));
      s.sources.push_back(std::move(src));
    };

    collectFixedAgents(root);
    for (const auto& n : root.children()) {
      const std::string tag = n.name();
      if (tag == "agent") {
        onlyChildren(n, {"name", "initialConditions", "goalSequence"});
        sim::Agent a;
        AgentSource src{where(n), {}, {}};
        a.name = n.child("name") ? text(n.child("name")) : "";
        const pugi::xml_node ic = child(n, "initialConditions");
        initialConditions(ic, a, s.world, /*region=*/nullptr);
        std::vector<std::pair<std::size_t, std::string>> dyn;
        a.goals = goals(child(n, "goalSequence"), s.world, src.goals, dyn, n);
        addAgent(std::move(a), std::move(src), dyn);
      } else if (tag == "agentRegion" || tag == "agentEmitter") {
        // An emitter is read as a region whose agents all exist from the start (documented).
        onlyChildren(n, {"numAgents", "regionBounds", "initialConditions", "goalSequence", "name"});
        const std::size_t count = this->count(n, "numAgents");
        const geometry::AlignedBox region = bounds(child(n, "regionBounds"));
        requireExtent(child(n, "regionBounds"), count, "agent");
        sim::Agent proto;
        // The region's agents are a group (summary.json's per_agent, steer render --color group):
        // named by the region's <name>, else agentRegion<k>, k counting the regions from 0.
        proto.group = n.child("name") ? text(n.child("name")) : "agentRegion" + std::to_string(agentRegions_);
        ++agentRegions_;
        const pugi::xml_node ic = child(n, "initialConditions");
        initialConditions(ic, proto, s.world, &region);
        const Vec3 lo(region.min.x(), region.min.y(), 0), hi(region.max.x(), region.max.y(), 0);
        requireRegionInWorld(s.world, lo, hi, where(child(n, "regionBounds")), "<regionBounds>", 2);
        requireRoomFor(s.world, lo, hi, proto.radius, count, where(n.child("numAgents")), "<numAgents>", 2);
        const auto positions = placeWithoutOverlap(s.world, obstacleIndex(s.world), occupied_, lo, hi, proto.radius, count,
                                                   seed_ ^ (0x5EEDULL + draws_++), where(n), 2);
        const bool randomDirection = ic.child("direction") && isRandom(ic.child("direction"));
        if (positions.empty()) {
          // A region of no agents still has its goals read, so that a bad one is found
          // (<numAgents>0 hid a <bogusGoal/>).
          AgentSource src{where(n), {}, {}};
          std::vector<std::pair<std::size_t, std::string>> dyn;
          (void)goals(child(n, "goalSequence"), s.world, src.goals, dyn, n);
        }
        for (std::size_t i = 0; i < positions.size(); ++i) {
          sim::Agent a = proto;
          AgentSource src{where(n), {}, {}};
          a.state.position = positions[i];
          if (randomDirection)
            a.state.direction = geometry::lift(geometry::directionOf(2 * geometry::kPi * sim::Noise(seed_).uniform(draws_, i, 3)));
          std::vector<std::pair<std::size_t, std::string>> dyn;
          a.goals = goals(child(n, "goalSequence"), s.world, src.goals, dyn, n);
          addAgent(std::move(a), std::move(src), dyn);
        }
        ++draws_;
      }
    }
    for (const auto& [agent, goal, name, loc] : dynamicTargets) {
      const auto it = names.find(name);
      if (it == names.end()) throw InputError(loc, "targetName '" + name + "' is not the name of an agent");
      // Names are informational unless a target uses them: then one agent must be meant.
      if (it->second.size() > 1) {
        std::string lines;
        for (const sim::AgentIndex other : it->second)
          lines += (lines.empty() ? "" : ", ") + std::to_string(s.sources[other].agent.line);
        throw InputError(loc, "targetName '" + name + "' is ambiguous: " + std::to_string(it->second.size()) +
                                  " agents have that name (lines " + lines + ")");
      }
      if (it->second.front() == agent) throw InputError(loc, "an agent cannot target itself");
      s.world.agents[agent].goals[goal].target.agent = it->second.front();
    }
    if (s.world.agents.empty()) fail(root, "the test case has no agents");
    // SteerSuite cases carry no model choice; the command line or defaults decide.
    validateScenario(s);
    return s;
  }

 private:
  void initialConditions(const pugi::xml_node& ic, sim::Agent& a, const sim::World& world,
                         const geometry::AlignedBox* region) {
    onlyChildren(ic, {"radius", "position", "direction", "speed"});
    a.radius = positive(ic, "radius");
    if (region == nullptr) {
      bool random = false;
      a.state.position = tuple(child(ic, "position"), &random);
      if (random) a.state.position = randomPoint(world, a.radius, ic, occupied_);
    } else if (const pugi::xml_node position = ic.child("position")) {
      // A region's members are placed in it; a position given there is read, so that a bad
      // number or tag is an error as elsewhere, and ignored.
      bool random = false;
      (void)tuple(position, &random);
    }
    if (ic.child("direction")) {
      bool random = false;
      Vec3 d = tuple(ic.child("direction"), &random);
      if (random) d = geometry::lift(geometry::directionOf(2 * geometry::kPi * sim::Noise(seed_).uniform(draws_++, 9, 0)));
      if (d.cwiseAbs().maxCoeff() == 0.0) fail(ic.child("direction"), "direction must not be zero");
      a.state.direction = unitDirection(d);
    }
    // The same limits as an agent's speed in our YAML format.
    a.state.speed = numberOr(ic, "speed", 0.0);
    if (!(std::abs(a.state.speed) <= 1e3))
      fail(ic.child("speed"), std::string("must be in [-1000, 1000], got '") + text(ic.child("speed")) + "'");
    // SteerSuite's agents walk at about 1.3 m/s and are capped near 2.6 m/s.
    a.desiredSpeed = 1.3;
    a.maxSpeed = 2.6;
    a.nearRadius = std::max(5.0, 10.0 * a.radius);
  }

  // <orientedWallObstacle>: a thin box of <length> and <thickness> centred at <position>, turned by
  // <thetaY> degrees, with optional <doorway><offset/><width/></doorway> gaps (offset of the gap's
  // centre from the wall's centre along its length).
  void wall(const pugi::xml_node& n, sim::World& world) const {
    onlyChildren(n, {"position", "length", "thickness", "height", "thetaY", "doorway"}, {"doorway"});
    height(n);
    const Vec2 c = geometry::xy(tuple(child(n, "position")));
    const double length = positive(n, "length");
    const double thickness = n.child("thickness") ? positive(n, "thickness") : 0.2;
    const double theta = -numberOr(n, "thetaY", 0.0) * geometry::kPi / 180.0;
    std::vector<std::pair<double, double>> gaps;
    for (const auto& d : n.children("doorway")) {
      onlyChildren(d, {"offset", "width"});
      const double off = number(d, "offset"), w = positive(d, "width");
      if (std::abs(off) + w / 2 > length / 2) fail(d, "the doorway does not fit in the wall");
      gaps.emplace_back(off - w / 2, off + w / 2);
    }
    std::sort(gaps.begin(), gaps.end());
    double from = -length / 2;
    const Vec2 u = geometry::directionOf(theta);
    auto piece = [&](double a, double b) {
      if (b - a <= 1e-9) return;
      world.obstacles.push_back({geometry::OrientedBox{c + 0.5 * (a + b) * u, Vec2((b - a) / 2, thickness / 2), theta}, {}});
    };
    for (const auto& [a, b] : gaps) {
      if (a < from - 1e-9) fail(n, "doorways overlap");
      piece(from, a);
      from = b;
    }
    piece(from, length / 2);
  }

  const std::string& text_;
  std::string file_;
  std::uint64_t seed_;
  std::uint64_t draws_ = 0;
  std::size_t agentRegions_ = 0;  // <agentRegion>s read so far, for their default group names
  std::vector<std::size_t> lineStarts_{0};  // byte offset of each line's first character
  Occupancy occupied_{1.0};  // bodies placed or given so far (cells for SteerSuite's ~0.5 m bodies)
  std::optional<ObstacleIndex> obstacles_;  // obstacleIndex()
};

}  // namespace

Scenario parseSteerSuiteScenario(const std::string& text, const std::string& file, std::uint64_t seed) {
  return XmlReader(text, file, seed).read();
}

}  // namespace steer::experiments
