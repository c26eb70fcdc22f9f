#include "render_command.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "steer/experiments/input_error.hpp"
#include "steer/geometry/shapes.hpp"
#include "u_trap_scenario.hpp"

namespace steer::experiments {

namespace fs = std::filesystem;
using geometry::Vec2;

std::map<std::uint32_t, std::vector<TrajectorySample>> readTrajectories(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError({path, 0, 0}, "cannot read trajectories");
  std::string line;
  std::getline(in, line);
  if (line.rfind("t,id,x,y,z,heading,speed", 0) != 0)
    throw InputError({path, 1, 1}, "expected the header t,id,x,y,z,heading,speed,mode");
  std::map<std::uint32_t, std::vector<TrajectorySample>> tracks;
  int lineNo = 1;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.empty()) continue;
    TrajectorySample s;
    unsigned id = 0;
    if (std::sscanf(line.c_str(), "%lf,%u,%lf,%lf,%lf,%lf,%lf", &s.t, &id, &s.position.x(), &s.position.y(),
                    &s.position.z(), &s.heading, &s.speed) != 7)
      throw InputError({path, lineNo, 1}, "expected t,id,x,y,z,heading,speed,mode");
    tracks[id].push_back(s);
  }
  return tracks;
}

namespace {

Vec2 xy(const sim::Vec3& v) { return Vec2(v.x(), v.y()); }

struct Box {
  Vec2 min = Vec2::Constant(std::numeric_limits<double>::infinity());
  Vec2 max = Vec2::Constant(-std::numeric_limits<double>::infinity());
  void add(const Vec2& p, double r = 0.0) {
    min = min.cwiseMin(p - Vec2::Constant(r));
    max = max.cwiseMax(p + Vec2::Constant(r));
  }
  bool valid() const { return min.x() <= max.x() && min.y() <= max.y(); }
};

std::vector<Vec2> obstacleOutline(const sim::Obstacle::Shape& shape, const Vec2& offset) {
  std::vector<Vec2> out;
  auto shifted = [&](const geometry::Polygon& p) {
    for (const Vec2& v : p.vertices) out.push_back(v + offset);
  };
  if (const auto* p = std::get_if<geometry::Polygon>(&shape)) shifted(*p);
  else if (const auto* b = std::get_if<geometry::AlignedBox>(&shape)) shifted(geometry::toPolygon(*b));
  else if (const auto* o = std::get_if<geometry::OrientedBox>(&shape)) shifted(geometry::toPolygon(*o));
  return out;
}

// Where a seek goal's target is at time t, when it is a point or moves on a path.
bool goalPoint(const sim::World& world, const sim::Goal& g, double t, Vec2& out) {
  if (g.kind == sim::Goal::Kind::SeekRegion) {
    out = 0.5 * (g.region.min + g.region.max);
    return true;
  }
  if (g.kind != sim::Goal::Kind::Seek) return false;
  if (g.target.kind == sim::Target::Kind::Point) out = xy(g.target.point);
  else if (g.target.kind == sim::Target::Kind::Path) out = xy(g.target.path.at(t));
  else return false;
  (void)world;
  return true;
}

// The sample at or just before time t (the csv has a row per step while the agent exists).
const TrajectorySample* sampleAt(const std::vector<TrajectorySample>& track, double t) {
  auto it = std::upper_bound(track.begin(), track.end(), t + 1e-9,
                             [](double v, const TrajectorySample& s) { return v < s.t; });
  if (it == track.begin()) return nullptr;
  return &*(it - 1);
}

}  // namespace

viz::Scene runScene(const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks,
                    const RenderOptions& o, double frameTime) {
  const sim::World& world = scenario.world;
  const bool still = frameTime < 0.0;
  const double obstacleTime = still ? 0.0 : frameTime;
  viz::Scene scene;
  scene.width = o.width;
  scene.height = o.height;
  Box box;

  // Obstacles: solids as polygons, walls as thick lines, balls as discs.
  for (const sim::Obstacle& ob : world.obstacles) {
    const Vec2 offset = ob.isStatic() ? Vec2(Vec2::Zero()) : Vec2(xy(ob.path.at(obstacleTime) - ob.path.at(0.0)));
    if (const auto* b = std::get_if<geometry::Ball>(&ob.shape)) {
      scene.polygons.push_back({{}, kObstacleColour});
      for (int k = 0; k < 48; ++k) {
        const double a = 2.0 * 3.14159265358979323846 * k / 48;
        scene.polygons.back().vertices.push_back(xy(b->center) + offset + b->radius * Vec2(std::cos(a), std::sin(a)));
      }
      box.add(xy(b->center) + offset, b->radius);
    } else if (const auto* s = std::get_if<geometry::Segment>(&ob.shape)) {
      scene.polylines.push_back({{Vec2(s->a + offset), Vec2(s->b + offset)}, {}, kObstacleColour, 4.0f});
      box.add(s->a + offset);
      box.add(s->b + offset);
    } else {
      scene.polygons.push_back({obstacleOutline(ob.shape, offset), kObstacleColour});
      for (const Vec2& v : scene.polygons.back().vertices) box.add(v);
    }
  }

  double maxSpeed = 0.0;
  for (const auto& [id, track] : tracks)
    for (const auto& s : track) maxSpeed = std::max(maxSpeed, std::abs(s.speed));
  const bool bySpeed = o.color == "speed";
  if (bySpeed && still) {
    scene.valueMin = 0.0;
    scene.valueMax = maxSpeed > 0 ? maxSpeed : 1.0;
    scene.valuesTitle = "speed (m/s)";
  }

  for (const auto& [id, track] : tracks) {
    const sim::Agent* agent = id < world.agents.size() ? &world.agents[id] : nullptr;
    const double radius = agent ? agent->radius : 0.5;
    const viz::Rgb colour = viz::paletteColour(id);
    viz::ScenePolyline line;
    line.colour = still ? colour : viz::Rgb{170, 170, 170};
    line.width = still ? 2.5f : 1.5f;
    for (const auto& s : track) {
      if (!still && s.t > frameTime + 1e-9) break;
      line.points.push_back(xy(s.position));
      if (bySpeed && still) line.values.push_back(std::abs(s.speed));
      box.add(xy(s.position), radius);
    }
    if (line.points.size() >= 2) scene.polylines.push_back(std::move(line));
    if (track.empty()) continue;
    if (still) {
      scene.discs.push_back({xy(track.front().position), std::max(0.25, 0.6 * radius), kStartColour, true});
    } else if (const TrajectorySample* s = sampleAt(track, frameTime); s && s->t >= frameTime - 1e-9) {
      // The agent exists at this frame (its rows stop once it leaves the world).
      const Vec2 p = xy(s->position);
      if (agent) scene.discs.push_back({p, agent->nearRadius, {150, 190, 230}, false, 1.0f});
      scene.discs.push_back({p, radius, colour, false, 2.0f});
      scene.glyphs.push_back({p, Vec2(std::cos(s->heading), std::sin(s->heading)), 2.0 * radius, colour});
    }
  }

  // Goals: each seek goal's target point, drawn on top.
  for (const auto& agent : world.agents) {
    for (const auto& g : agent.goals) {
      Vec2 p;
      if (!goalPoint(world, g, still ? 0.0 : frameTime, p)) continue;
      const double r = std::max(0.3, g.reachRadius > 0 ? g.reachRadius : agent.radius);
      scene.discs.push_back({p, r, kTargetColour, true});
      box.add(p, r);
    }
  }

  if (!box.valid()) box.add(Vec2::Zero(), 1.0);
  // Never show more than the world; always a little margin around what is drawn.
  const Vec2 wmin = xy(world.bounds.min), wmax = xy(world.bounds.max);
  Vec2 lo = box.min.cwiseMax(wmin), hi = box.max.cwiseMin(wmax);
  if (!(lo.x() < hi.x() && lo.y() < hi.y())) lo = box.min, hi = box.max;
  const double margin = 0.05 * std::max({hi.x() - lo.x(), hi.y() - lo.y(), 1.0});
  scene.min = lo - Vec2::Constant(margin);
  scene.max = hi + Vec2::Constant(margin);
  if (bySpeed && still) scene.max.x() += 0.2 * (scene.max.x() - scene.min.x());  // room for the colour bar
  char title[200];
  if (still) std::snprintf(title, sizeof title, "%s: trajectories", scenario.name.c_str());
  else std::snprintf(title, sizeof title, "%s: t = %.2f s", scenario.name.c_str(), frameTime);
  scene.title = title;
  return scene;
}

void addRenderOptions(CLI::App& app, RenderOptions& o) {
  app.add_option("RUN_DIR", o.runDir, "a finished run's folder (summary.json, trajectories.csv)")->required();
  app.add_option("--frames", o.frames, "evenly spaced frames to draw (0: only the still)")->check(CLI::Range(0, 10000));
  app.add_option("--color", o.color, "trajectory colours: agent | speed")->check(CLI::IsMember({"agent", "speed"}));
  app.add_option("--out", o.out, "output folder (default: RUN_DIR)");
  app.add_option("--width", o.width, "picture width (pixels)")->check(CLI::Range(64, 8192));
  app.add_option("--height", o.height, "picture height (pixels)")->check(CLI::Range(64, 8192));
  app.add_flag("--video", o.video, "also OUT/run.mp4 from the frames (needs ffmpeg)");
  app.add_flag("--quiet,-q", o.quiet, "no summary line");
}

namespace {

Scenario runScenarioOf(const fs::path& runDir) {
  const fs::path summaryPath = runDir / "summary.json";
  std::ifstream in(summaryPath);
  if (!in) throw InputError({summaryPath.string(), 0, 0}, "not a finished run (no summary.json)");
  nlohmann::json summary;
  try {
    summary = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw InputError({summaryPath.string(), 0, 0}, std::string("bad JSON: ") + e.what());
  }
  const std::string file = summary.value("scenario", std::string());
  const std::uint64_t seed = summary.value("seed", std::uint64_t{0});
  if (file == "<embedded:u_trap.yaml>") return parseYamlScenario(kUTrapScenarioYaml, file, &seed);
  if (file.empty()) throw InputError({summaryPath.string(), 0, 0}, "summary.json names no scenario");
  return loadScenario(file, seed, true);
}

}  // namespace

int renderCommand(const RenderOptions& o) {
  const fs::path runDir(o.runDir);
  const fs::path out = o.out.empty() ? runDir : fs::path(o.out);
  Scenario scenario;
  std::map<std::uint32_t, std::vector<TrajectorySample>> tracks;
  try {
    scenario = runScenarioOf(runDir);
    tracks = readTrajectories((runDir / "trajectories.csv").string());
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";  // FILE:LINE:COLUMN: message, as every command prints it
    return 2;
  }
  try {
    fs::create_directories(out);
    viz::writeScene((out / "trajectories.png").string(), runScene(scenario, tracks, o, -1.0));
    std::set<double> times;
    for (const auto& [id, track] : tracks)
      for (const auto& s : track) times.insert(s.t);
    const std::vector<double> t(times.begin(), times.end());
    int written = 0;
    for (int k = 0; k < o.frames && !t.empty(); ++k) {
      const std::size_t i = o.frames == 1 ? 0 : static_cast<std::size_t>(std::llround(double(k) * (t.size() - 1) / (o.frames - 1)));
      char name[32];
      std::snprintf(name, sizeof name, "frame_%04d.png", k);
      viz::writeScene((out / name).string(), runScene(scenario, tracks, o, t[i]));
      ++written;
    }
    if (o.video) {
      if (std::system("command -v ffmpeg >/dev/null 2>&1") != 0) {
        std::cerr << "steer render: ffmpeg is not installed; no video (the frames are in " << out.string() << ")\n";
      } else if (written > 0) {
        const std::string cmd = "ffmpeg -y -loglevel error -framerate 4 -i '" + (out / "frame_%04d.png").string() +
                                "' -pix_fmt yuv420p '" + (out / "run.mp4").string() + "'";
        if (std::system(cmd.c_str()) != 0) std::cerr << "steer render: ffmpeg failed; no video\n";
      }
    }
    if (!o.quiet) std::cout << "steer render: " << (out / "trajectories.png").string() << " and " << written << " frames\n";
  } catch (const std::exception& e) {
    std::cerr << "steer render: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace steer::experiments
