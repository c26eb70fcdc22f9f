// Our YAML scenario format (docs/scenario-reference.md). Every key is read through YamlMap, so
// unknown keys are errors naming file, line, column and key path.
#include <yaml-cpp/depthguard.h>

#include <algorithm>
#include <limits>
#include <set>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "document_params.hpp"
#include "obstacle_checks.hpp"
#include "part_configs.hpp"
#include "unit_vector.hpp"
#include "placement.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/geometry/angle.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

using geometry::Vec2;
using geometry::Vec3;
using yaml::YamlMap;

namespace {

// How a `path` is written, told when one is given as a bare list of way-points.
constexpr const char* kPathForm = "{waypoints: [[x, y], ...], speed: v, loop: false}";

std::string describeLength(double metres) {
  std::ostringstream s;
  s << std::setprecision(4) << metres;
  return s.str();
}

struct Reader {
  std::string file;
  Scenario& scenario;
  int dimension = 2;
  // Agent names to indices, for targets that are other agents; resolved after all agents exist.
  std::map<std::string, sim::AgentIndex> names;
  std::set<std::string> groupNames;
  struct PendingAgentTarget {
    sim::AgentIndex agent;
    std::size_t goal;
    std::string name;
    SourceLocation where;
  };
  std::vector<PendingAgentTarget> pending;
  // What random placement keeps clear of (made at the first region, after every obstacle was
  // read): the obstacles, and the bodies with how many of the agents it holds.
  std::optional<ObstacleIndex> obstacles;
  std::optional<Occupancy> occupied;
  std::size_t occupiedUpTo = 0;
  // Every ring group's members (positions, and the radius they are placed with), read before any
  // group: a region group keeps clear of them wherever the ring is listed. (A ring listed after
  // a region once failed with "starts overlapping" where the same groups in the other order
  // loaded.)
  std::vector<std::pair<Vec3, double>> ringMembers;

  Vec3 point(const YamlMap& m, const std::string& key) const { return m.requiredPoint(key, dimension); }

  static bool isIndex(const std::string& name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  }

  // A unit direction, written like a point of the world: in 3D a missing z would silently mean a
  // horizontal heading, and in 2D a z component would leave a heading with no part in the plane.
  Vec3 direction(const YamlMap& m, const std::string& key) const {
    const Vec3 d = point(m, key);
    if (d.cwiseAbs().maxCoeff() == 0.0) m.fail(key, "must not be zero");
    return unitDirection(d);
  }

  // A point that is an element of a list (way-points, polygon vertices), checked like point().
  Vec3 listedPoint(const YAML::Node& n, const std::string& at) const { return yaml::toPoint(file, n, at, dimension); }

  // Segments, polygons and boxes are vertical prisms in 3D (only x and y of their points are
  // used), so [x, y] is a whole point of theirs in every dimension.
  // The points of segments, polygons and boxes: in 3D these are vertical prisms, so only x and y
  // count; a z other than 0 is an error (a box given as [4, -8, 3] to [6, -4, 999] became a
  // column of every height without a word).
  Vec3 footprintPoint(const YamlMap& m, const std::string& key) const {
    if (dimension != 3) return point(m, key);
    const Vec3 v = m.requiredVector(key);
    requireFlatFootprint(m.node(key), m.childPath(key), v);
    return v;
  }
  Vec3 footprintListedPoint(const YAML::Node& n, const std::string& at) const {
    if (dimension != 3) return listedPoint(n, at);
    const Vec3 v = yaml::toVector(file, n, at);
    requireFlatFootprint(n, at, v);
    return v;
  }
  void requireFlatFootprint(const YAML::Node& n, const std::string& at, const Vec3& v) const {
    if (n.IsSequence() && n.size() == 3 && v.z() != 0.0)
      yaml::fail(file, n, at, "segments, polygons and boxes are vertical prisms in 3D, of every height: give [x, y] (a z of " +
                                  n[2].Scalar() + " would be ignored)");
  }

  // `reached`: a target's way-points are where agents go, so they lie in the world (an
  // obstacle's way-points only move its shape, whose sweep is checked as a whole). `prism`: the
  // way-points of a segment, polygon or box, which in 3D move a prism of every height: [x, y], as
  // its points (they had to be [x, y, z], and a z lengthened the path, so the prism moved slower
  // than its speed, and left the world's z range unchecked).
  sim::Path path(const YamlMap& m, bool reached = false, bool prism = false) const {
    sim::Path p;
    m.forEach("waypoints", [&](const YAML::Node& n, const std::string& at) {
      p.waypoints.push_back(prism ? footprintListedPoint(n, at) : listedPoint(n, at));
      if (reached) yaml::requireInWorld(file, n, at, p.waypoints.back(), scenario.world.bounds, dimension);
    });
    if (p.waypoints.empty()) m.fail("waypoints", "a path needs at least one way-point");
    p.speed = m.positive("speed", 1.0);
    p.loop = m.boolean("loop", false);
    m.finish();
    return p;
  }

  sim::Obstacle obstacle(const YAML::Node& node, const std::string& at) const {
    YamlMap m(file, node, at);
    sim::Obstacle o;
    int shapes = 0;
    std::string shapeKey;  // where an obstacle outside the world is reported
    if (m.has("circle") && m.has("sphere"))  // (read as "sphere: unknown key")
      yaml::fail(file, node, at, "give exactly one shape: circle, sphere, segment, polygon, box or oriented_box");
    if (m.has("circle") || m.has("sphere")) {
      ++shapes;
      const std::string key = m.has("circle") ? "circle" : "sphere";
      shapeKey = key;
      YamlMap c = m.map(key, dimension == 3 ? "{center: [x, y, z], radius: r}" : "{center: [x, y], radius: r}");
      o.shape = geometry::Ball{point(c, "center"), c.positive("radius", 0.0)};
      if (!c.has("radius")) {
        // `r: 1` is no misspelling of radius to missing()'s measure, and a diameter is no radius.
        if (c.has("r")) c.fail("r", "unknown key; did you mean 'radius'?");
        if (c.has("diameter")) c.fail("diameter", "unknown key; a " + key + " takes its radius (m), half the diameter");
        c.missing("radius");
      }
      c.finish();
    }
    if (m.has("segment")) {
      ++shapes;
      shapeKey = "segment";
      YamlMap c = m.map("segment", "{from: [x, y], to: [x, y]}");
      const Vec3 a = footprintPoint(c, "from"), b = footprintPoint(c, "to");
      if ((a - b).norm() == 0.0) c.fail("to", "a segment needs two distinct end points");
      o.shape = geometry::Segment{geometry::xy(a), geometry::xy(b)};
      c.finish();
    }
    if (m.has("polygon")) {
      ++shapes;
      shapeKey = "polygon";
      YamlMap c = m.map("polygon", "{vertices: [[x, y], [x, y], [x, y], ...]}");
      geometry::Polygon poly;
      c.forEach("vertices", [&](const YAML::Node& n, const std::string& p) { poly.vertices.push_back(geometry::xy(footprintListedPoint(n, p))); });
      if (poly.vertices.size() < 3) c.fail("vertices", "a polygon needs at least 3 vertices");
      // A symmetric bow-tie has zero signed area too: it was said to have none, not to cross itself.
      if (std::abs(geometry::signedArea(poly)) < 1e-12 && polygonVerticesCollinear(poly)) c.fail("vertices", "the polygon has zero area");
      if (const auto edges = polygonSelfIntersection(poly))
        c.fail("vertices", "the polygon crosses or touches itself (edges " + std::to_string(edges->first) + " and " +
                               std::to_string(edges->second) + " meet; edge i runs from vertex i to the next)");
      if (std::abs(geometry::signedArea(poly)) < 1e-12) c.fail("vertices", "the polygon has zero area");  // simple, and too small
      o.shape = poly;
      c.finish();
    }
    if (m.has("box")) {
      ++shapes;
      shapeKey = "box";
      YamlMap c = m.map("box", "{min: [x, y], max: [x, y]}");
      // The other box's keys: say which box takes them ("box.min: required key is missing" did not).
      for (const char* key : {"center", "size", "angle_deg"})
        if (c.has(key))
          c.fail(key, "a box takes its corners {min, max}, along the axes; one given by center, size and angle is an oriented_box: "
                      "{center, size, angle_deg}");
      const Vec3 lo = footprintPoint(c, "min"), hi = footprintPoint(c, "max");
      if (!(hi.x() > lo.x() && hi.y() > lo.y())) c.fail("max", "max must exceed min in x and y");
      if (hi.x() - lo.x() < std::numeric_limits<double>::min() || hi.y() - lo.y() < std::numeric_limits<double>::min())
        c.fail("max", "max must exceed min in x and y by more than a subnormal number (2.2e-308)");
      o.shape = geometry::AlignedBox{geometry::xy(lo), geometry::xy(hi)};
      c.finish();
    }
    if (m.has("oriented_box")) {
      ++shapes;
      shapeKey = "oriented_box";
      YamlMap c = m.map("oriented_box", "{center: [x, y], size: [width, depth], angle_deg: a}");
      for (const char* key : {"min", "max"})
        if (c.has(key))
          c.fail(key, "an oriented_box takes {center, size, angle_deg}; one given by its corners is a box: {min, max}");
      const Vec3 center = footprintPoint(c, "center");
      const Vec3 size = c.requiredVector("size");
      // Its footprint's two sizes: a third (size: [4, 1, 7]) was ignored, in 2D and in 3D.
      if (c.node("size").IsSequence() && c.node("size").size() == 3)
        c.fail("size", "an oriented box takes [width, depth], its footprint's sizes (in 3D a prism of every height)");
      if (!(size.x() > 0 && size.y() > 0)) c.fail("size", "both sizes must be > 0");
      // A subnormal size halves to 0 or nearly: a box of no width (as a subnormal radius is refused).
      if (size.x() < std::numeric_limits<double>::min() || size.y() < std::numeric_limits<double>::min())
        c.fail("size", "both sizes must be > 0, got a subnormal number (below 2.2e-308)");
      const double angle = c.number("angle_deg", 0.0) * geometry::kPi / 180.0;
      o.shape = geometry::OrientedBox{geometry::xy(center), 0.5 * geometry::xy(size), angle};
      c.finish();
    }
    if (shapes != 1) yaml::fail(file, node, at, "give exactly one shape: circle, sphere, segment, polygon, box or oriented_box");
    if (m.has("path")) o.path = path(m.map("path", kPathForm), false, shapeKey != "circle" && shapeKey != "sphere");
    m.finish();
    // Far-away obstacles make the environment and metrics grids span absurd ranges (hangs,
    // allocations beyond max_size), so every obstacle must lie inside the world, as agents do.
    if (const auto why = obstacleOutsideWorld(o, scenario.world.bounds, dimension)) m.fail(shapeKey, *why);
    return o;
  }

  sim::Target target(const YamlMap& m, const std::string& key, sim::AgentIndex agent, std::size_t goalIndex) {
    const YAML::Node n = m.node(key);
    if (!n.IsDefined()) m.missing(key);
    sim::Target t;
    if (n.IsSequence()) {
      t.kind = sim::Target::Kind::Point;
      t.point = point(m, key);
      return t;
    }
    if (n.IsScalar()) {  // "expected a mapping of keys" said nothing of what a target is
      const std::string given = n.Scalar();
      const std::string kinds = "a target is [x, y(, z)], {point: ...}, {path: ...} or {agent: NAME}";
      if (given == "opposite") m.fail(key, kinds + "; 'opposite' is a goal of its own in a group's list: goals: [opposite]");
      const bool name = !given.empty() && given.find_first_of("0123456789.+-") != 0;
      m.fail(key, kinds + (name ? "; the agent named '" + given + "' is {agent: " + given + "}" : ""));
    }
    YamlMap tm(file, n, m.childPath(key));
    if (tm.has("path")) {
      t.kind = sim::Target::Kind::Path;
      t.path = path(tm.map("path", kPathForm), true);
    } else if (tm.has("agent")) {
      t.kind = sim::Target::Kind::Agent;
      pending.push_back({agent, goalIndex, tm.string("agent", ""), yaml::locate(file, tm.node("agent"))});
    } else if (tm.has("point")) {
      t.point = point(tm, "point");
    } else {
      tm.fail("point", "a target is [x, y(, z)], {point: ...}, {path: ...} or {agent: NAME}");
    }
    tm.finish();
    return t;
  }

  // maxSpeed: the agent's, which a goal's desired_speed may not exceed.
  sim::Goal goal(const YAML::Node& node, const std::string& at, sim::AgentIndex agent, std::size_t goalIndex,
                 double maxSpeed) {
    YamlMap m(file, node, at);
    sim::Goal g;
    const std::string kind = m.choice("kind", "seek", {"seek", "flee", "flow", "region", "idle"});
    if (kind == "seek" || kind == "flee") {
      g.kind = kind == "seek" ? sim::Goal::Kind::Seek : sim::Goal::Kind::Flee;
      g.target = target(m, "target", agent, goalIndex);
    } else if (kind == "flow") {
      g.kind = sim::Goal::Kind::FlowDirection;
      g.direction = direction(m, "direction");
    } else if (kind == "region") {
      g.kind = sim::Goal::Kind::SeekRegion;
      const Vec3 lo = point(m, "min"), hi = point(m, "max");
      if (!(hi.x() >= lo.x() && hi.y() >= lo.y() && (dimension == 2 || hi.z() >= lo.z())))
        m.fail("max", "max must not be below min");
      // Reached when the centre is inside: a region flat along an axis is reached only by a
      // centre landing on it exactly (an agent ended 2.6e-10 m short of a flat 3D region, still).
      for (int k = 0; k < dimension; ++k)
        if (hi[k] == lo[k])
          m.fail("max", std::string("equals min in ") + "xyz"[k] +
                            ": a goal region without extent is reached only by a centre landing on it exactly "
                            "(give it some width)");
      g.region = {geometry::xy(lo), geometry::xy(hi)};
      if (dimension == 3) {
        g.regionZMin = lo.z();
        g.regionZMax = hi.z();
      }
    } else {
      g.kind = sim::Goal::Kind::Idle;
      if (!m.has("duration")) m.fail("duration", "an idle goal needs a duration (s)");
    }
    g.desiredSpeed = m.positive("desired_speed", -1.0);
    // The agent's speed is capped at max_speed: a goal asking for more would be slowed silently.
    if (g.desiredSpeed > maxSpeed) m.fail("desired_speed", "must not exceed the agent's max_speed");
    g.timeDuration = m.has("duration") ? m.positive("duration", 1.0) : g.timeDuration;
    if (m.has("reach_radius") && g.kind != sim::Goal::Kind::Seek)
      m.fail("reach_radius", "only a seek goal ends within a reach radius (a region goal ends inside its box)");
    g.reachRadius = m.positive("reach_radius", -1.0);
    // `speed` is eight edits from desired_speed, `radius` six from reach_radius: no misspellings
    // to the hint's measure.
    std::map<std::string, std::string> meant{{"speed", "desired_speed"}};
    if (g.kind == sim::Goal::Kind::Seek) meant["radius"] = "reach_radius";
    m.finish({}, meant);
    return g;
  }

  // A personality trait as the file gives it: absent, a fixed value, or {mean, std}, a clipped
  // normal drawn per agent (§4.4).
  struct Trait {
    enum class Kind { Absent, Fixed, Drawn } kind = Kind::Absent;
    double value = 0.0;  // Fixed: the value; Drawn: the mean
    double sd = 0.0;
    std::uint64_t stream = 0;
  };

  // The keys an agent and a group share (body, speeds, personality, goals), read once per agent
  // or group: a group's members differ only in their place, their draws and `opposite` goals,
  // and reading the group's keys again for each of up to a million members took seconds.
  struct SharedKeys {
    sim::Agent body;  // the prototype with the body, speeds, `stays` and goals read in
    Trait dexterity, mass, courage;
    std::vector<bool> opposite;             // per goal: mirror the start through the centre
    std::vector<SourceLocation> goalSources;
    std::vector<PendingAgentTarget> targets;  // agent targets of the goals (agent index unset)
  };

  Trait trait(const YamlMap& p, const std::string& key) const {
    Trait t;
    if (!p.has(key)) return t;
    const YAML::Node n = p.node(key);
    if (n.IsScalar()) return {Trait::Kind::Fixed, yaml::toNumber(file, n, p.childPath(key), 0.0, 1.0), 0.0, 0};
    YamlMap d(file, n, p.childPath(key));
    t.kind = Trait::Kind::Drawn;
    t.value = d.requiredNumber("mean", 0.0, 1.0);
    t.sd = d.number("std", 0.0, 0.0, 1e3);
    d.finish();
    // Keyed so that the draw does not depend on the order of the keys.
    t.stream = std::hash<std::string>{}(key) & 0xffff;
    return t;
  }

  double traitOf(const Trait& t, double fallback, std::uint64_t groupIndex, std::uint64_t member) const {
    if (t.kind == Trait::Kind::Absent) return fallback;
    if (t.kind == Trait::Kind::Fixed) return t.value;
    const double draw = t.value + t.sd * sim::Noise(scenario.settings.seed).normal(groupIndex * 1000003ULL + member, 0xC0FFEE, t.stream);
    return std::clamp(draw, 0.0, 1.0);
  }

  // `index`: the agent's (the first member's for a group), which errors and agent targets name;
  // `mirrors`: whether `opposite` goals have a centre (ring and region groups; an agent names its
  // target instead).
  SharedKeys sharedKeys(const YamlMap& m, const sim::Agent& prototype, sim::AgentIndex index, bool mirrors) {
    SharedKeys k;
    sim::Agent& a = k.body;
    a = prototype;
    a.radius = m.positive("radius", a.radius);
    // An agent larger than the default near disk sees at least as far as its own edge.
    a.nearRadius = m.positive("near_radius", std::max(a.nearRadius, a.radius));
    a.maxSpeed = m.positive("max_speed", a.maxSpeed);
    a.desiredSpeed = m.positive("desired_speed", std::min(a.desiredSpeed, a.maxSpeed));
    if (a.desiredSpeed > a.maxSpeed) m.fail("desired_speed", "must not exceed max_speed");
    a.staysAfterGoals = m.boolean("stays", false);
    if (m.has("personality")) {
      YamlMap p = m.map("personality");
      k.dexterity = trait(p, "dexterity");
      k.mass = trait(p, "mass");
      k.courage = trait(p, "courage");
      p.finish();
    }
    const std::size_t firstTarget = pending.size();
    m.forEach("goals", [&](const YAML::Node& n, const std::string& at) {
      k.goalSources.push_back(yaml::locate(file, n));
      const bool opposite = n.IsScalar() && n.Scalar() == "opposite";  // in its place in the sequence
      if (opposite && !mirrors)
        yaml::fail(file, n, at, "'opposite' is a goal of ring and region groups; an agent names its target");
      k.opposite.push_back(opposite);
      a.goals.push_back(opposite ? sim::Goal{} : goal(n, at, index, a.goals.size(), a.maxSpeed));
    });
    // goal() queued the agent targets for `index`; each member queues its own (member()).
    k.targets.assign(pending.begin() + static_cast<std::ptrdiff_t>(firstTarget), pending.end());
    pending.resize(firstTarget);
    return k;
  }

  // One agent of `keys`, placed at `position`: its draws and `opposite` goals (mirrored through
  // `centre`), its agent targets queued.
  sim::Agent member(const SharedKeys& keys, const Vec3& position, sim::AgentIndex index, const std::string& groupName,
                    std::uint64_t groupIndex, std::uint64_t member, const Vec3& centre) {
    sim::Agent a = keys.body;
    a.state.position = position;
    a.personality.dexterity = traitOf(keys.dexterity, a.personality.dexterity, groupIndex, member);
    a.personality.mass = traitOf(keys.mass, a.personality.mass, groupIndex, member);
    a.personality.courage = traitOf(keys.courage, a.personality.courage, groupIndex, member);
    a.group = groupName;
    for (std::size_t g = 0; g < keys.opposite.size(); ++g)
      if (keys.opposite[g]) a.goals[g].target.point = 2.0 * centre - position;
    for (PendingAgentTarget t : keys.targets) {
      t.agent = index;
      pending.push_back(std::move(t));
    }
    a.id = index;
    return a;
  }

  // The camera of a 3D run's pictures (steer render): where it is, what it looks at, which way
  // is up on the picture, the vertical field of view.
  CameraView camera(const YamlMap& parent) const {
    if (dimension != 3) parent.fail("camera", "a camera is for 3D scenarios (2D pictures are top views of the world)");
    YamlMap c = parent.map("camera");
    CameraView v;
    v.position = c.requiredPoint("position", 3);
    v.lookAt = c.requiredPoint("look_at", 3);
    v.up = c.point("up", Vec3::UnitZ(), 3);
    v.fovy = c.number("fov_deg", 45.0, 1.0, 179.0);
    const Vec3 view = v.lookAt - v.position;
    if (!(view.norm() > 0.0)) c.fail("look_at", "must differ from the camera's position");
    if (!(view.cross(v.up).norm() > 1e-9 * view.norm() * v.up.norm()))
      c.fail("up", "must not be zero nor along the line of sight");
    c.finish();
    return v;
  }

  Vec3 heading(const YamlMap& m) const {
    // Both given read as "heading_deg: unknown key" (it was never read), as if the key did not exist.
    if (m.has("direction") && m.has("heading_deg")) m.fail("heading_deg", "give heading_deg or direction, not both");
    if (m.has("direction")) return direction(m, "direction");
    return geometry::lift(geometry::directionOf(m.number("heading_deg", 0.0) * geometry::kPi / 180.0));
  }

  // Keys written in an agent or a group that belong elsewhere: a trait outside `personality`, and
  // a group's placement in a single agent.
  static std::map<std::string, std::string> placedElsewhere(bool single) {
    std::map<std::string, std::string> where;
    for (const char* trait : {"dexterity", "mass", "courage"})
      where[trait] = "personality: {" + std::string(trait) + ": ...}";
    if (single)
      for (const char* key : {"count", "region", "ring"}) where[key] = "a group: groups: [{count, region or ring, ...}]";
    return where;
  }

  void agent(const YAML::Node& node, const std::string& at) {
    YamlMap m(file, node, at);
    sim::Agent prototype;
    const auto index = static_cast<sim::AgentIndex>(scenario.world.agents.size());
    prototype.name = m.string("name", "");
    const Vec3 position = point(m, "position");
    prototype.state.direction = heading(m);
    prototype.state.speed = m.number("speed", 0.0, -1e3, 1e3);
    const SharedKeys keys = sharedKeys(m, prototype, index, false);
    sim::Agent a = member(keys, position, index, "", 0, index, Vec3::Zero());
    AgentSource source{yaml::locate(file, node), keys.goalSources, at};
    // An initial velocity is given as its speed and direction (or heading_deg).
    m.finish(placedElsewhere(true), {{"velocity", "speed' and 'direction"}});
    if (!a.name.empty()) {
      if (names.count(a.name)) m.fail("name", "duplicate agent name '" + a.name + "'");
      if (isIndex(a.name)) m.fail("name", "a name may not be a whole number ('" + a.name + "'): --param agents.N reads N as an index");
      names[a.name] = index;
    }
    scenario.world.agents.push_back(std::move(a));
    scenario.sources.push_back(std::move(source));
  }

  // The members of a ring group: `count` points evenly spaced on the ring, the first on its +x axis.
  std::vector<Vec3> ring(const YamlMap& m, std::int64_t count, double radiusForPlacement) const {
    YamlMap r = m.map("ring", dimension == 3 ? "{center: [x, y, z], radius: r}" : "{center: [x, y], radius: r}");
    const Vec3 c = point(r, "center");
    const double radius = r.positive("radius", 1.0);
    if (!r.has("radius")) r.missing("radius");
    r.finish();
    // Neighbours on the ring are a chord 2R sin(π/N) apart; closer than two radii (beyond the
    // 1 mm a collision allows) every agent starts inside the next.
    const double chord = 2.0 * radius * std::sin(geometry::kPi / static_cast<double>(count));
    if (count > 1 && chord < 2.0 * radiusForPlacement - 1e-3)
      r.fail("radius", std::to_string(count) + " agents of radius " + describeLength(radiusForPlacement) +
                           " overlap on this ring: neighbours " + describeLength(chord) + " m apart (need a ring radius of at least " +
                           describeLength(radiusForPlacement / std::sin(geometry::kPi / static_cast<double>(count))) + " m)");
    std::vector<Vec3> positions;
    for (std::int64_t i = 0; i < count; ++i) {
      const double angle = 2.0 * geometry::kPi * static_cast<double>(i) / static_cast<double>(count);
      positions.push_back(c + radius * geometry::lift(geometry::directionOf(angle)));
    }
    return positions;
  }

  // Before the groups are read: the ring groups' members, for ringMembers. A ring with an error
  // is skipped here; reading the groups in order then reports it.
  void reserveRing(const YAML::Node& node, const std::string& at) {
    try {
      YamlMap m(file, node, at);
      if (!m.has("ring") || m.has("region")) return;
      const double radius = m.positive("radius", sim::Agent().radius);
      for (const Vec3& p : ring(m, m.integer("count", 1, 1, 1000000), radius)) ringMembers.emplace_back(p, radius);
    } catch (const InputError&) {
    }
  }

  void group(const YAML::Node& node, const std::string& at, std::uint64_t groupIndex) {
    YamlMap m(file, node, at);
    const std::string name = m.string("name", "group" + std::to_string(groupIndex));
    // --param groups.NAME.KEY picks the group by name (or index): two of one name, or a name that
    // reads as an index, left it to pick one of them without a word.
    // A default name counts too: `--param groups.group0.count` picks it, so an unnamed first
    // group and one named group0 were two groups of one name.
    if (!groupNames.insert(name).second) {
      if (m.has("name")) m.fail("name", "duplicate group name '" + name + "' (another group has it, given or by default)");
      yaml::fail(file, node, at, "this group's default name '" + name + "' is another group's name: give it a name");
    }
    if (isIndex(name)) m.fail("name", "a name may not be a whole number ('" + name + "'): --param groups.N reads N as an index");
    const auto count = m.integer("count", 1, 1, 1000000);
    sim::Agent prototype;
    // A ring's members face its centre: a heading given to one did nothing, silently.
    if (m.has("ring"))
      for (const char* key : {"heading_deg", "direction"})
        if (m.has(key)) m.fail(key, "a ring's members face its centre: no heading is read on a ring");
    prototype.state.direction = heading(m);
    std::vector<Vec3> positions;
    const double radiusForPlacement = m.positive("radius", prototype.radius);
    // One placement: with both, the region was silently dropped.
    if (m.has("ring") && m.has("region")) m.fail("region", "a group is placed in a region or on a ring, not both");
    if (m.has("ring")) {
      positions = ring(m, count, radiusForPlacement);
    } else if (m.has("region")) {
      YamlMap r = m.map("region");
      const Vec3 lo = point(r, "min"), hi = point(r, "max");
      // x and y must span an area; z may be flat in 3D (agents on a plane, as in pigeons.yaml).
      if (!(hi.x() > lo.x() && hi.y() > lo.y() && hi.z() >= lo.z()))
        r.fail("max", "max must exceed min in x and y (and not be below it in z)");
      r.finish();
      requireRegionInWorld(scenario.world, lo, hi, yaml::locate(file, m.node("region")), m.childPath("region"), dimension);
      requireRoomFor(scenario.world, lo, hi, radiusForPlacement, static_cast<std::size_t>(count),
                     yaml::locate(file, m.node("count")), m.childPath("count"), dimension);
      // One occupancy grid for the whole file, brought up to date with the agents added since
      // the last region (rebuilding it from every agent per group was O(groups × agents)).
      if (!occupied) {
        obstacles.emplace(scenario.world.obstacles);
        occupied.emplace(2.0 * radiusForPlacement);
        for (const auto& [position, radius] : ringMembers) occupied->add(position, radius);
      }
      for (; occupiedUpTo < scenario.world.agents.size(); ++occupiedUpTo) {
        const sim::Agent& placed = scenario.world.agents[occupiedUpTo];
        occupied->add(placed.state.position, placed.radius);
      }
      positions = placeWithoutOverlap(scenario.world, *obstacles, *occupied, lo, hi, radiusForPlacement,
                                      static_cast<std::size_t>(count), scenario.settings.seed ^ (0x9E37ULL * (groupIndex + 1)),
                                      yaml::locate(file, m.node("region")), dimension, m.childPath("region"));
    } else {
      m.fail("region", "a group needs a region {min, max} or a ring {center, radius}");
    }
    // `opposite` mirrors through the ring's centre, or the world's origin for a region; a ring's
    // members face its centre. (Read once: a group has up to a million members.)
    const bool ring = m.has("ring");
    const Vec3 centre = ring ? point(m.map("ring"), "center") : Vec3::Zero();
    const SharedKeys keys = sharedKeys(m, prototype, static_cast<sim::AgentIndex>(scenario.world.agents.size()), true);
    const SourceLocation groupAt = yaml::locate(file, node);
    scenario.world.agents.reserve(scenario.world.agents.size() + static_cast<std::size_t>(count));
    scenario.sources.reserve(scenario.sources.size() + static_cast<std::size_t>(count));
    for (std::int64_t i = 0; i < count; ++i) {
      const auto index = static_cast<sim::AgentIndex>(scenario.world.agents.size());
      sim::Agent a = member(keys, positions[static_cast<std::size_t>(i)], index, name, groupIndex + 1,
                            static_cast<std::uint64_t>(i), centre);
      if (ring) {
        const Vec3 toward = 2.0 * centre - 2.0 * a.state.position;
        if (toward.norm() > 0) a.state.direction = toward.normalized();
      }
      scenario.world.agents.push_back(std::move(a));
      scenario.sources.push_back({groupAt, keys.goalSources, at + " (member " + std::to_string(i) + ")"});
    }
    // Placed by region: the occupancy holds them already.
    if (m.has("region") && occupied) occupiedUpTo = scenario.world.agents.size();
    m.finish(placedElsewhere(false));
  }
};

// Where a document of `text` starts: its `---` line when only blanks and comments lie between
// that line and the document's first node (yaml-cpp marks the node), else the node.
SourceLocation documentStart(const std::string& text, const std::string& file, const YAML::Node& document) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const SourceLocation node = yaml::locate(file, document);
  for (int k = node.line - 2; k >= 0 && k < static_cast<int>(lines.size()); --k) {
    const std::string& line = lines[static_cast<std::size_t>(k)];
    if (line.rfind("---", 0) == 0) return {file, k + 1, 1};
    const auto first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos && line[first] != '#') break;
  }
  return node;
}

}  // namespace

Scenario parseYamlScenario(const std::string& text, const std::string& file, const std::uint64_t* seedOverride,
                           const std::vector<std::string>& documentParams, const ReplacedSettings& replaced) {
  std::vector<YAML::Node> documents;
  try {
    documents = yaml::loadDocuments(text);
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own message for it is "bad file".
    throw InputError({file, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1},
                     "malformed YAML: lists or maps nested more than " + std::to_string(e.depth()) + " deep");
  } catch (const YAML::Exception& e) {
    throw InputError({file, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1},
                     "malformed YAML: " + e.msg);
  }
  // yaml-cpp's Load() read the first document and dropped the rest without a word.
  for (std::size_t d = 1; d < documents.size(); ++d)
    if (!documents[d].IsNull())
      throw InputError(documentStart(text, file, documents[d]), "a second YAML document starts here: a scenario is one document");
  YAML::Node root = documents.empty() ? YAML::Node() : documents.front();
  if (!root.IsMap()) throw InputError({file, 1, 1}, "a scenario is a YAML mapping of keys");
  applyDocumentParams(root, file, documentParams);

  Scenario s;
  s.file = file;
  Reader r{file, s, 2, {}, {}, {}, {}, {}, 0, {}};
  YamlMap m(file, root, "");
  s.name = m.string("name", "scenario");
  r.dimension = static_cast<int>(m.integer("dimension", 2, 2, 3));
  s.world.dimension = r.dimension;
  s.settings.seed = m.unsignedInteger("seed", 1);
  if (seedOverride != nullptr) s.settings.seed = *seedOverride;
  s.settings.dt = m.positive("dt", s.settings.dt);
  s.settings.duration = m.positive("duration", s.settings.duration);
  if (m.has("dt")) s.dtAt = yaml::locate(file, m.node("dt"));
  if (m.has("duration")) s.durationAt = yaml::locate(file, m.node("duration"));
  s.settings.threads = static_cast<int>(m.integer("threads", 1, 1, 256));
  if (m.has("integrator")) {
    const YAML::Node n = m.node("integrator");
    if (n.IsScalar()) {
      if (!sim::parseIntegrator(n.Scalar(), s.settings.integrator.kind))
        m.fail("integrator", "unknown integrator '" + n.Scalar() + "' (choose euler, rk4, dopri5)");
    } else {
      YamlMap im = m.map("integrator");
      const std::string kind = im.choice("kind", "rk4", {"euler", "rk4", "dopri5"});
      sim::parseIntegrator(kind, s.settings.integrator.kind);
      // Below ~1e-14 the rounding of doubles alone exceeds the tolerance: dopri5 then shrinks its
      // step without end (1e-30 hung a run).
      const auto tolerance = [&](const char* key, double& value) {
        value = im.positive(key, value);
        if (value < 1e-14)
          im.fail(key, "must be at least 1e-14 (double precision cannot meet a finer tolerance), got " +
                           im.node(key).Scalar());
      };
      // Only dopri5 adapts its step to tolerances: beside euler or rk4 (the default kind) they
      // did nothing, and summary.json said rk4 to one who meant dopri5.
      if (kind != "dopri5")
        for (const char* key : {"abs_tolerance", "rel_tolerance"})
          if (im.has(key))
            im.fail(key, "only dopri5 takes tolerances (this integrator is " + kind +
                             (im.has("kind") ? ")" : ", the default kind): give kind: dopri5"));
      tolerance("abs_tolerance", s.settings.integrator.absTolerance);
      tolerance("rel_tolerance", s.settings.integrator.relTolerance);
      im.finish();
    }
  }
  s.model = m.choice("model", s.model, {"goldenstein", "reynolds", "straight"});
  s.planner = m.choice("planner", s.planner, {"direct", "harmonic", "hybrid", "field"});
  if (m.has("planner")) s.plannerAt = yaml::locate(file, m.node("planner"));
  // (--planner, when given, is checked against the dimension in its place: applyOverrides.)
  if (const std::string why = plannerDimensionProblem(s.planner, r.dimension); !why.empty() && !replaced.planner)
    m.fail("planner", why);
  s.neighbors = m.choice("neighbors", s.neighbors, {"kinetic", "lattice", "brute"});
  if (m.has("camera")) s.cameras.push_back(r.camera(m));
  bool worldWalls = false;
  {
    YamlMap w = m.map("world");
    if (!m.has("world")) m.missing("world", "the world bounds {min, max}");
    s.worldAt = yaml::locate(file, m.node("world"));
    const Vec3 lo = r.point(w, "min"), hi = r.point(w, "max");
    // A missing z would read as 0 and silently pair with the other corner's z.
    if (w.node("min").size() != w.node("max").size()) w.fail("max", "min and max must have the same number of coordinates");
    for (int k = 0; k < r.dimension; ++k)
      if (!(hi[k] > lo[k])) w.fail("max", "max must exceed min on every axis");
    s.world.bounds = {lo, hi};
    if (r.dimension == 2) {
      s.world.bounds.min.z() = -1.0;
      s.world.bounds.max.z() = 1.0;
    }
    worldWalls = w.boolean("walls", false);
    w.finish();
  }
  m.forEach("obstacles", [&](const YAML::Node& n, const std::string& at) { s.world.obstacles.push_back(r.obstacle(n, at)); });
  // `walls: true` closes the world: its bounds are not walls, and agents walked round a wall that
  // ends at the world's edge just outside it. Four segments along the edges (vertical prisms in
  // 3D), after the listed obstacles so that their numbers stay as written.
  if (worldWalls) {
    const Vec2 a = geometry::xy(s.world.bounds.min), c = geometry::xy(s.world.bounds.max);
    const Vec2 corners[4] = {a, Vec2(c.x(), a.y()), c, Vec2(a.x(), c.y())};
    for (int k = 0; k < 4; ++k) s.world.obstacles.push_back({geometry::Segment{corners[k], corners[(k + 1) % 4]}, {}});
    s.worldWalls = 4;
  }
  s.world.refreshPieces();
  m.forEach("agents", [&](const YAML::Node& n, const std::string& at) { r.agent(n, at); });
  m.forEach("groups", [&](const YAML::Node& n, const std::string& at) { r.reserveRing(n, at); });
  std::uint64_t groupIndex = 0;
  m.forEach("groups", [&](const YAML::Node& n, const std::string& at) { r.group(n, at, groupIndex++); });
  for (const auto& p : r.pending) {
    const auto it = r.names.find(p.name);
    if (it == r.names.end()) throw InputError(p.where, "target agent '" + p.name + "' is not a named agent");
    if (it->second == p.agent) throw InputError(p.where, "an agent cannot target itself");
    s.world.agents[p.agent].goals[p.goal].target.agent = it->second;
  }
  const bool stay = m.boolean("agents_stay", false);
  if (stay)
    for (auto& a : s.world.agents) a.staysAfterGoals = true;
  s.local = m.node("local");
  s.reynolds = m.node("reynolds");
  s.planning = m.node("planning");
  s.environment = m.node("environment");
  // The world's own keys written beside it (`walls: true` under `world:` rather than in it).
  const std::string worldKeys = "world: {min: [...], max: [...], walls: true}";
  m.finish({{"walls", worldKeys}, {"min", worldKeys}, {"max", worldKeys}});
  if (s.world.agents.empty()) {
    // At the list that came out empty (`agents: []`, or groups of no members), else the top.
    const char* list = m.has("agents") ? "agents" : m.has("groups") ? "groups" : nullptr;
    throw InputError(list ? yaml::locate(file, m.node(list)) : SourceLocation{file, 1, 1},
                     list ? std::string(list) + ": the scenario has no agents"
                          : "agents: the scenario has no agents (neither agents nor groups is given)");
  }
  validateScenario(s, replaced);
  return s;
}

}  // namespace steer::experiments
