#include "fuzz/fuzz_case.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "steer/environment/kinetic_provider.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"
#include "steer/environment/lattice_provider.hpp"

namespace steer::fuzz {
namespace {

using sim::Vec3;
using geometry::Vec2;

bool sameNumber(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

constexpr const char* kShapeNames[] = {"segment", "ball", "aligned_box", "oriented_box", "polygon"};
constexpr const char* kProviderNames[] = {"kinetic", "kinetic3d", "lattice"};

sim::Obstacle makeObstacle(const ObstacleSpec& o) {
  sim::Obstacle obstacle;
  const auto& p = o.numbers;
  switch (o.shape) {
    case ObstacleSpec::Shape::Segment: obstacle.shape = geometry::Segment{Vec2(p[0], p[1]), Vec2(p[2], p[3])}; break;
    case ObstacleSpec::Shape::Ball: obstacle.shape = geometry::Ball{Vec3(p[0], p[1], p[2]), p[3]}; break;
    case ObstacleSpec::Shape::AlignedBox: obstacle.shape = geometry::AlignedBox{Vec2(p[0], p[1]), Vec2(p[2], p[3])}; break;
    case ObstacleSpec::Shape::OrientedBox:
      obstacle.shape = geometry::OrientedBox{Vec2(p[0], p[1]), Vec2(p[2], p[3]), p[4]};
      break;
    case ObstacleSpec::Shape::Polygon: {
      geometry::Polygon polygon;
      for (std::size_t k = 0; k + 1 < p.size(); k += 2) polygon.vertices.emplace_back(p[k], p[k + 1]);
      obstacle.shape = polygon;
    }
  }
  for (const auto& w : o.waypoints) obstacle.path.waypoints.emplace_back(w[0], w[1], w[2]);
  obstacle.path.speed = o.speed;
  obstacle.path.loop = o.loop;
  return obstacle;
}

// How many numbers each shape takes (a polygon: an even number, at least six).
bool rightCount(ObstacleSpec::Shape shape, std::size_t count) {
  switch (shape) {
    case ObstacleSpec::Shape::Segment:
    case ObstacleSpec::Shape::Ball:
    case ObstacleSpec::Shape::AlignedBox: return count == 4;
    case ObstacleSpec::Shape::OrientedBox: return count == 5;
    case ObstacleSpec::Shape::Polygon: return count >= 6 && count % 2 == 0;
  }
  return false;
}

// Reads a case file line by line; every error names the file, the line and the field.
class CaseReader {
 public:
  CaseReader(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}

  // Moves to the next non-empty line and checks that it starts with `keyword`.
  void line(const std::string& keyword) {
    std::string text;
    do {
      if (!std::getline(in_, text)) fail(keyword, "the file ends before it");
      ++lineNumber_;
    } while (text.find_first_not_of(" \t\r") == std::string::npos);
    words_.clear();
    std::istringstream split(text);
    for (std::string w; split >> w;) words_.push_back(w);
    next_ = 0;
    if (!keyword.empty()) {
      if (words_[0] != keyword) fail(keyword, "expected '" + keyword + "', found '" + words_[0] + "'");
      next_ = 1;
    }
  }
  std::string word(const std::string& field) {
    if (next_ >= words_.size()) fail(field, "missing");
    return words_[next_++];
  }
  // A number, hex or decimal; inf and nan are allowed (disabled agents may hold them).
  double number(const std::string& field) {
    const std::string w = word(field);
    char* end = nullptr;
    const double v = std::strtod(w.c_str(), &end);
    if (end == w.c_str() || *end != '\0') fail(field, "'" + w + "' is not a number");
    return v;
  }
  double finite(const std::string& field) {
    const double v = number(field);
    if (!std::isfinite(v)) fail(field, "must be finite");
    return v;
  }
  std::size_t count(const std::string& field, std::size_t most) {
    const std::string w = word(field);
    char* end = nullptr;
    const unsigned long long v = std::strtoull(w.c_str(), &end, 10);
    if (w.empty() || w[0] == '-' || end == w.c_str() || *end != '\0' || v > most)
      fail(field, "'" + w + "' is not a count from 0 to " + std::to_string(most));
    return static_cast<std::size_t>(v);
  }
  bool flag(const std::string& field) {
    const std::string w = word(field);
    if (w != "0" && w != "1") fail(field, "'" + w + "' is not 0 or 1");
    return w == "1";
  }
  template <std::size_t N>
  std::size_t choice(const std::string& field, const char* const (&names)[N]) {
    const std::string w = word(field);
    for (std::size_t k = 0; k < N; ++k)
      if (w == names[k]) return k;
    std::string all;
    for (const char* n : names) all += std::string(all.empty() ? "" : ", ") + n;
    fail(field, "'" + w + "' is not one of " + all);
  }
  void end() {
    if (next_ < words_.size()) fail("end of line", "unexpected '" + words_[next_] + "'");
  }
  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw CaseFileError(name_ + ":" + std::to_string(lineNumber_) + ": " + field + ": " + what);
  }

 private:
  std::istream& in_;
  std::string name_;
  int lineNumber_ = 0;
  std::vector<std::string> words_;
  std::size_t next_ = 0;
};

std::string hex(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", v);
  return buffer;
}

// Upper bounds that keep a corrupt count from allocating the machine away.
constexpr std::size_t kMostObstacles = 1'000'000, kMostNumbers = 1'000'000, kMostSteps = 10'000'000,
                      kMostAgents = 10'000'000;

}  // namespace

bool AgentSample::operator==(const AgentSample& o) const {
  return sameNumber(x, o.x) && sameNumber(y, o.y) && sameNumber(z, o.z) && radius == o.radius &&
         nearRadius == o.nearRadius && maxSpeed == o.maxSpeed && enabled == o.enabled;
}

bool FuzzCase::operator==(const FuzzCase& o) const {
  return dimension == o.dimension && provider == o.provider && boundsMin == o.boundsMin && boundsMax == o.boundsMax &&
         detectContacts == o.detectContacts && renumberAfter == o.renumberAfter && skin == o.skin &&
         moveThreshold == o.moveThreshold && binSize == o.binSize && binsPerRadius == o.binsPerRadius &&
         checkValid == o.checkValid && obstacles == o.obstacles && times == o.times && samples == o.samples;
}

ObstacleSpec staticObstacle(ObstacleSpec::Shape shape, std::vector<double> numbers) {
  ObstacleSpec o;
  o.shape = shape;
  o.numbers = std::move(numbers);
  return o;
}

const char* providerName(ProviderKind kind) { return kProviderNames[static_cast<int>(kind)]; }

void applyStep(sim::World& world, const FuzzCase& c, int step) {
  const auto& states = c.samples[static_cast<std::size_t>(step)];
  for (std::size_t i = 0; i < states.size(); ++i) {
    sim::Agent& a = world.agents[i];
    const AgentSample& s = states[i];
    a.state.position = Vec3(s.x, s.y, world.dimension == 3 ? s.z : 0.0);
    a.radius = s.radius;
    a.nearRadius = s.nearRadius;
    a.maxSpeed = s.maxSpeed;
    a.enabled = s.enabled;
  }
  world.time = c.times[static_cast<std::size_t>(step)];
  world.refreshPieces();
}

sim::World buildWorld(const FuzzCase& c) {
  sim::World world;
  world.dimension = c.dimension;
  world.bounds = {Vec3(c.boundsMin[0], c.boundsMin[1], c.boundsMin[2]),
                  Vec3(c.boundsMax[0], c.boundsMax[1], c.boundsMax[2])};
  for (const auto& o : c.obstacles) world.obstacles.push_back(makeObstacle(o));
  world.agents.resize(c.agents());
  for (std::size_t i = 0; i < world.agents.size(); ++i) world.agents[i].id = static_cast<sim::AgentIndex>(i);
  applyStep(world, c, 0);
  return world;
}

std::unique_ptr<sim::NeighborProvider> makeProvider(const FuzzCase& c) {
  switch (c.provider) {
    case ProviderKind::Kinetic2D:
      return std::make_unique<environment::KineticProvider>(
          environment::KineticSettings{.detectContacts = c.detectContacts, .renumberAfter = c.renumberAfter});
    case ProviderKind::Kinetic3D:
      return std::make_unique<environment::KineticProvider3D>(environment::KineticSettings3D{
          .skin = c.skin, .moveThreshold = c.moveThreshold, .detectContacts = c.detectContacts});
    case ProviderKind::Lattice:
      return std::make_unique<environment::LatticeProvider>(environment::LatticeSettings{
          .binSize = c.binSize, .binsPerRadius = c.binsPerRadius, .detectContacts = c.detectContacts});
  }
  return nullptr;
}

void writeCase(const FuzzCase& c, std::ostream& out) {
  out << "steer-fuzz-case 1\n"
      << "provider " << providerName(c.provider) << "\n"
      << "dimension " << c.dimension << "\n"
      << "contacts " << (c.detectContacts ? 1 : 0) << "\n"
      << "check_valid " << (c.checkValid ? 1 : 0) << "\n"
      << "settings " << hex(c.renumberAfter) << " " << hex(c.skin) << " " << hex(c.moveThreshold) << " "
      << hex(c.binSize) << " " << hex(c.binsPerRadius) << "\n"
      << "bounds";
  for (double v : c.boundsMin) out << " " << hex(v);
  for (double v : c.boundsMax) out << " " << hex(v);
  out << "\nobstacles " << c.obstacles.size() << "\n";
  for (const auto& o : c.obstacles) {
    out << kShapeNames[static_cast<int>(o.shape)] << " " << o.numbers.size();
    for (double v : o.numbers) out << " " << hex(v);
    out << " path " << o.waypoints.size() << " " << hex(o.speed) << " " << (o.loop ? 1 : 0);
    for (const auto& w : o.waypoints) out << " " << hex(w[0]) << " " << hex(w[1]) << " " << hex(w[2]);
    out << "\n";
  }
  out << "steps " << c.steps() << " agents " << c.agents() << "\n";
  for (int s = 0; s <= c.steps(); ++s) {
    out << "t " << hex(c.times[static_cast<std::size_t>(s)]) << "\n";
    for (const auto& a : c.samples[static_cast<std::size_t>(s)])
      out << hex(a.x) << " " << hex(a.y) << " " << hex(a.z) << " " << hex(a.radius) << " " << hex(a.nearRadius) << " "
          << hex(a.maxSpeed) << " " << (a.enabled ? 1 : 0) << "\n";
  }
}

void writeCaseFile(const FuzzCase& c, const std::string& path) {
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial);
    writeCase(c, out);
    out.flush();
    if (!out) throw std::runtime_error(partial + ": cannot write");
  }
  std::filesystem::rename(partial, path);
}

FuzzCase readCase(std::istream& in, const std::string& name) {
  CaseReader r(in, name);
  FuzzCase c;
  r.line("steer-fuzz-case");
  if (r.word("version") != "1") r.fail("version", "only version 1 is known");
  r.end();
  r.line("provider");
  c.provider = static_cast<ProviderKind>(r.choice("provider", kProviderNames));
  r.end();
  r.line("dimension");
  const std::string d = r.word("dimension");
  if (d != "2" && d != "3") r.fail("dimension", "'" + d + "' is not 2 or 3");
  c.dimension = d == "2" ? 2 : 3;
  r.end();
  if ((c.provider == ProviderKind::Kinetic2D && c.dimension != 2) ||
      (c.provider == ProviderKind::Kinetic3D && c.dimension != 3))
    r.fail("dimension", std::string("provider ") + providerName(c.provider) + " does not take dimension " + d);
  r.line("contacts");
  c.detectContacts = r.flag("contacts");
  r.end();
  r.line("check_valid");
  c.checkValid = r.flag("check_valid");
  r.end();
  r.line("settings");
  c.renumberAfter = r.finite("renumber_after");
  c.skin = r.finite("skin");
  c.moveThreshold = r.finite("move_threshold");
  c.binSize = r.finite("bin_size");
  c.binsPerRadius = r.finite("bins_per_radius");
  r.end();
  r.line("bounds");
  for (double& v : c.boundsMin) v = r.finite("bounds");
  for (double& v : c.boundsMax) v = r.finite("bounds");
  r.end();
  r.line("obstacles");
  c.obstacles.resize(r.count("obstacles", kMostObstacles));
  r.end();
  for (std::size_t k = 0; k < c.obstacles.size(); ++k) {
    ObstacleSpec& o = c.obstacles[k];
    const std::string field = "obstacle " + std::to_string(k);
    r.line("");
    o.shape = static_cast<ObstacleSpec::Shape>(r.choice(field + " shape", kShapeNames));
    o.numbers.resize(r.count(field + " number count", kMostNumbers));
    if (!rightCount(o.shape, o.numbers.size())) r.fail(field + " number count", "wrong for its shape");
    for (double& v : o.numbers) v = r.finite(field + " numbers");
    if (r.word(field + " path") != "path") r.fail(field + " path", "expected 'path'");
    o.waypoints.resize(r.count(field + " waypoint count", kMostNumbers));
    o.speed = r.finite(field + " speed");
    o.loop = r.flag(field + " loop");
    for (auto& w : o.waypoints)
      for (double& v : w) v = r.finite(field + " waypoints");
    r.end();
  }
  r.line("steps");
  const std::size_t steps = r.count("steps", kMostSteps);
  if (r.word("agents") != "agents") r.fail("agents", "expected 'agents'");
  const std::size_t agents = r.count("agents", kMostAgents);
  r.end();
  c.times.resize(steps + 1);
  c.samples.assign(steps + 1, std::vector<AgentSample>(agents));
  for (std::size_t s = 0; s <= steps; ++s) {
    r.line("t");
    c.times[s] = r.finite("time of step " + std::to_string(s));
    r.end();
    for (std::size_t i = 0; i < agents; ++i) {
      AgentSample& a = c.samples[s][i];
      const std::string field = "step " + std::to_string(s) + " agent " + std::to_string(i);
      r.line("");
      a.x = r.number(field + " x");
      a.y = r.number(field + " y");
      a.z = r.number(field + " z");
      a.radius = r.number(field + " radius");
      a.nearRadius = r.number(field + " near_radius");
      a.maxSpeed = r.number(field + " max_speed");
      a.enabled = r.flag(field + " enabled");
      r.end();
    }
  }
  std::string rest;
  while (std::getline(in, rest))
    if (rest.find_first_not_of(" \t\r") != std::string::npos) r.fail("end of file", "text after the last step");
  return c;
}

FuzzCase readCaseFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CaseFileError(path + ": cannot open");
  return readCase(in, path);
}

}  // namespace steer::fuzz
