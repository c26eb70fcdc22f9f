#include "render_command.hpp"

#include <algorithm>
#include <cctype>
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

#include "child_process.hpp"
#include "cli_checks.hpp"
#include "input_file.hpp"
#include "number_text.hpp"
#include "output_folder.hpp"
#include "progress_bar.hpp"
#include "steer/environment/triangulation_edges.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/run_command.hpp"
#include "u_trap_scenario.hpp"

namespace steer::experiments {

namespace fs = std::filesystem;
using geometry::Vec2;

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

// Where a seek goal's target is at time t, when it is a point or moves on a path. (Region goals
// are drawn as their boxes: a disc at the box's centre read as a target the agents missed.)
bool goalPoint(const sim::Goal& g, double t, Vec2& out) {
  if (g.kind != sim::Goal::Kind::Seek) return false;
  if (g.target.kind == sim::Target::Kind::Point) out = xy(g.target.point);
  else if (g.target.kind == sim::Target::Kind::Path) out = xy(g.target.path.at(t));
  else return false;
  return true;
}

// The outline of an axis-aligned rectangle, as a closed polyline.
viz::ScenePolyline rectangle(const Vec2& lo, const Vec2& hi, viz::Rgb colour, float width) {
  return {{lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}, lo}, {}, colour, width};
}

// A region goal in 3D: the edges of its box (its x-y rectangle over [z0, z1]), in the targets' colour.
void addBoxOutline(viz::Scene3D& scene, const geometry::AlignedBox& box, double z0, double z1) {
  const Vec2 c[4] = {box.min, {box.max.x(), box.min.y()}, box.max, {box.min.x(), box.max.y()}};
  for (const double z : {z0, z1}) {
    viz::ScenePolyline3 ring{{}, kTargetColour, 2.5f};
    for (int k = 0; k <= 4; ++k) ring.points.push_back(sim::Vec3(c[k % 4].x(), c[k % 4].y(), z));
    scene.polylines.push_back(std::move(ring));
  }
  for (const Vec2& p : c)
    scene.polylines.push_back({{sim::Vec3(p.x(), p.y(), z0), sim::Vec3(p.x(), p.y(), z1)}, kTargetColour, 2.5f});
}

// The sample at or just before time t (the csv has a row per step while the agent exists).
const TrajectorySample* sampleAt(const std::vector<TrajectorySample>& track, double t) {
  auto it = std::upper_bound(track.begin(), track.end(), t + 1e-9,
                             [](double v, const TrajectorySample& s) { return v < s.t; });
  if (it == track.begin()) return nullptr;
  return &*(it - 1);
}

// The picture of --at T: at_T.png with two decimals, more where another --at time would share
// the name (12.341 and 12.344 both wrote at_12.34.png, the second over the first); beyond 10^9 s
// the %g form (1e300 s wrote a name of 300 digits, cut before its ".png").
std::string atPictureName(double at, const std::vector<double>& all) {
  char name[64];
  if (at >= 1e9) {
    std::snprintf(name, sizeof name, "at_%.6g.png", at);
    return name;
  }
  const auto named = [&](double v, int decimals) {
    char n[64];
    std::snprintf(n, sizeof n, "at_%.*f.png", decimals, v);
    return std::string(n);
  };
  for (int decimals = 2; decimals < 9; ++decimals) {
    const std::string mine = named(at, decimals);
    if (std::none_of(all.begin(), all.end(), [&](double v) { return v != at && v < 1e9 && named(v, decimals) == mine; }))
      return mine;
  }
  return named(at, 9);
}

// "NAME (model, planner, seed K): trajectories" or "...: t = T s": which run a picture shows.
std::string pictureTitle(const Scenario& scenario, const RenderOptions& o, double frameTime) {
  std::string title = scenario.name + (o.runLabel.empty() ? "" : " (" + o.runLabel + ")");
  if (frameTime < 0.0) return title + ": trajectories";
  char at[48];
  std::snprintf(at, sizeof at, ": t = %.2f s", frameTime);
  return title + at;
}

// --color group: the scenario's groups in order of first appearance (agents of none are one
// more entry, "no group"); else none.
std::vector<std::string> groupsOf(const sim::World& world) {
  std::vector<std::string> groups;
  for (const sim::Agent& a : world.agents)
    if (std::find(groups.begin(), groups.end(), a.group) == groups.end()) groups.push_back(a.group);
  return groups;
}

// An agent's colour: its own (by id), or with --color group its group's.
viz::Rgb agentColour(const sim::World& world, const RenderOptions& o, const std::vector<std::string>& groups, std::uint32_t id) {
  if (o.color != "group" || id >= world.agents.size()) return viz::paletteColour(id);
  const auto at = std::find(groups.begin(), groups.end(), world.agents[id].group);
  return viz::paletteColour(static_cast<std::size_t>(at - groups.begin()));
}

std::vector<viz::LegendEntry> groupLegend(const RenderOptions& o, const std::vector<std::string>& groups) {
  std::vector<viz::LegendEntry> legend;
  if (o.color != "group") return legend;
  for (std::size_t k = 0; k < groups.size(); ++k) legend.push_back({groups[k].empty() ? "no group" : groups[k], viz::paletteColour(k)});
  return legend;
}

// The latest of the sorted row times at or before t (the first when t precedes them all).
double rowTimeAtOrBefore(const std::vector<double>& rowTimes, double t) {
  auto it = std::upper_bound(rowTimes.begin(), rowTimes.end(), t + 1e-9);
  return it == rowTimes.begin() ? rowTimes.front() : *(it - 1);
}

}  // namespace

std::vector<environment::TriangulationEdge> frameTriangulation(
    const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks, double t) {
  sim::World world = scenario.world;
  world.time = t;
  for (auto& agent : world.agents) agent.enabled = false;
  for (const auto& [id, track] : tracks) {
    if (id >= world.agents.size()) continue;
    const TrajectorySample* s = sampleAt(track, t);
    // Only agents with a row at this time are in the world then (rows stop when one leaves).
    if (s == nullptr || s->t < t - 1e-9) continue;
    world.agents[id].state.position = s->position;
    world.agents[id].enabled = true;
  }
  world.refreshPieces();
  return environment::constrainedDelaunayEdges(world);
}

viz::Scene runScene(const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks,
                    const RenderOptions& o, double frameTime) {
  const sim::World& world = scenario.world;
  const bool still = frameTime < 0.0;
  const double obstacleTime = still ? 0.0 : frameTime;
  viz::Scene scene;
  scene.width = o.width;
  scene.height = o.height;
  Box box;

  // The world's bounds, thin: where the world ends when no wall says so.
  scene.polylines.push_back(rectangle(xy(world.bounds.min), xy(world.bounds.max), kWorldBoundsColour, 1.0f));

  // Obstacles: solids as polygons, walls as thick lines, balls as discs.
  std::vector<Vec2> extent;
  for (const sim::Obstacle& ob : world.obstacles) {
    const Vec2 offset = ob.isStatic() ? Vec2(Vec2::Zero()) : Vec2(xy(ob.path.at(obstacleTime) - ob.path.at(0.0)));
    const std::size_t first = extent.size();
    drawObstacle(scene, ob, offset, extent);
    // The still shows a moving obstacle where it started; its path (through the middle of its
    // shape) shows where the trails had to go round it later.
    if (still && !ob.isStatic() && extent.size() > first && ob.path.waypoints.size() >= 2) {
      Box shape;
      for (std::size_t k = first; k < extent.size(); ++k) shape.add(extent[k]);
      const Vec2 middle = 0.5 * (shape.min + shape.max);
      viz::ScenePolyline path{{}, {}, kObstacleColour, 1.0f};
      for (const auto& w : ob.path.waypoints) path.points.push_back(middle + xy(w - ob.path.waypoints.front()));
      if (ob.path.loop && path.points.size() > 2) path.points.push_back(path.points.front());
      for (const Vec2& p : path.points) box.add(p);
      scene.polylines.push_back(std::move(path));
    }
  }
  for (const Vec2& p : extent) box.add(p);

  double maxSpeed = 0.0;
  for (const auto& [id, track] : tracks)
    for (const auto& s : track) maxSpeed = std::max(maxSpeed, std::abs(s.speed));
  // Trails coloured by speed in the still and in the frames alike (the frames' trails were grey).
  const bool bySpeed = o.color == "speed";
  if (bySpeed) {
    scene.valueMin = 0.0;
    scene.valueMax = o.speedMax > 0 ? o.speedMax : maxSpeed > 0 ? maxSpeed : 1.0;
    scene.valuesTitle = "speed (m/s)";
  }

  const bool nearDisks = o.nearDisks.value_or(tracks.size() <= kNearDisksUpTo);
  const std::vector<std::string> groups = groupsOf(world);
  scene.legend = groupLegend(o, groups);
  std::vector<viz::SceneDisc> starts, ends;  // drawn after the goals (see below)
  for (const auto& [id, track] : tracks) {
    const sim::Agent* agent = id < world.agents.size() ? &world.agents[id] : nullptr;
    const double radius = agent ? agent->radius : 0.5;
    const viz::Rgb colour = agentColour(world, o, groups, id);
    viz::ScenePolyline line;
    line.colour = still ? colour : viz::Rgb{170, 170, 170};
    line.width = still ? 2.5f : 1.5f;
    // The view is fitted to the whole run, in every frame alike: fitted to the trail so far,
    // static things moved from one frame to the next (and in a video). With near disks drawn,
    // they are in the view too.
    const double reach = !still && nearDisks && agent ? std::max(radius, agent->nearRadius) : radius;
    for (const auto& s : track) {
      box.add(xy(s.position), reach);
      if (!still && s.t > frameTime + 1e-9) continue;
      line.points.push_back(xy(s.position));
      if (bySpeed) line.values.push_back(std::abs(s.speed));
    }
    if (line.points.size() >= 2) scene.polylines.push_back(std::move(line));
    if (track.empty()) continue;
    if (still) {
      starts.push_back({xy(track.front().position), std::max(0.25, 0.6 * radius), kStartColour, true});
      // Where it was last: its body's outline (an agent that did not reach showed no end).
      ends.push_back({xy(track.back().position), radius, colour, false, 2.0f});
    } else if (const TrajectorySample* s = sampleAt(track, frameTime); s && s->t >= frameTime - 1e-9) {
      // The agent exists at this frame (its rows stop once it leaves the world).
      const Vec2 p = xy(s->position);
      if (agent && nearDisks) scene.discs.push_back({p, agent->nearRadius, kNearDiskColour, false, 1.0f});
      scene.discs.push_back({p, radius, colour, false, 2.0f});
      scene.glyphs.push_back({p, Vec2(std::cos(s->heading), std::sin(s->heading)), 2.0 * radius, colour});
    }
  }

  if (!still && o.triangulation && world.dimension == 2) {
    for (const auto& e : frameTriangulation(scenario, tracks, frameTime)) {
      scene.polylines.push_back({{e.a, e.b}, {}, e.constrained ? kConstrainedEdgeColour : kTriangulationColour,
                                 e.constrained ? 3.0f : 1.0f, true});
    }
  }

  // Goals, drawn on top: each seek goal's target point (a target moving on a path: its path,
  // and where it is at the frame's time, or at the start in the still), each region's box.
  for (const auto& agent : world.agents) {
    for (const auto& g : agent.goals) {
      if (g.kind == sim::Goal::Kind::SeekRegion) {
        scene.polylines.push_back(rectangle(g.region.min, g.region.max, kTargetColour, 2.5f));
        box.add(g.region.min);
        box.add(g.region.max);
        continue;
      }
      if (g.kind == sim::Goal::Kind::Seek && g.target.kind == sim::Target::Kind::Path) {
        viz::ScenePolyline path{{}, {}, kTargetColour, 1.0f};
        for (const auto& w : g.target.path.waypoints) path.points.push_back(xy(w));
        if (g.target.path.loop && path.points.size() > 2) path.points.push_back(path.points.front());
        for (const Vec2& p : path.points) box.add(p);
        if (path.points.size() >= 2) scene.polylines.push_back(std::move(path));
      }
      Vec2 p;
      if (!goalPoint(g, still ? 0.0 : frameTime, p)) continue;
      const double r = std::max(0.3, g.reachRadius > 0 ? g.reachRadius : agent.radius);
      scene.discs.push_back({p, r, kTargetColour, true});
      box.add(p, r);
    }
  }
  // Start markers over the targets: where agents swap places (a circle swap) each start lies
  // under another agent's target disc, and no start was visible.
  scene.discs.insert(scene.discs.end(), starts.begin(), starts.end());
  scene.discs.insert(scene.discs.end(), ends.begin(), ends.end());

  if (!box.valid()) box.add(Vec2::Zero(), 1.0);
  // Never show more than the world; always a little margin around what is drawn.
  const Vec2 wmin = xy(world.bounds.min), wmax = xy(world.bounds.max);
  Vec2 lo = box.min.cwiseMax(wmin), hi = box.max.cwiseMin(wmax);
  if (!(lo.x() < hi.x() && lo.y() < hi.y())) lo = box.min, hi = box.max;
  const double margin = 0.05 * std::max({hi.x() - lo.x(), hi.y() - lo.y(), 1.0});
  scene.min = lo - Vec2::Constant(margin);
  scene.max = hi + Vec2::Constant(margin);
  // The colour bar and the title get strips of their own beside the map (viz/scene.hpp).
  scene.title = pictureTitle(scenario, o, frameTime);
  // Every frame has the still's view, strips and title width, hence its height.
  if (o.height <= 0) scene.height = viz::fittedHeight(scene);
  return scene;
}

viz::Scene3D runScene3D(const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks,
                        const RenderOptions& o, double frameTime, const std::optional<viz::SceneCamera>& stillCamera) {
  const sim::World& world = scenario.world;
  const bool still = frameTime < 0.0;
  const double now = still ? 0.0 : frameTime;
  viz::Scene3D scene;
  scene.width = o.width;
  scene.height = o.height > 0 ? o.height : o.width;
  if (!scenario.cameras.empty()) {
    const CameraView& c = scenario.cameras.front();
    scene.camera = viz::SceneCamera{c.position, c.lookAt, c.up, c.fovy};
  }
  for (const sim::Obstacle& ob : world.obstacles) {
    const sim::Vec3 offset = ob.isStatic() ? sim::Vec3(sim::Vec3::Zero()) : sim::Vec3(ob.path.at(now) - ob.path.at(0.0));
    if (const auto* b = std::get_if<geometry::Ball>(&ob.shape)) {
      scene.spheres.push_back({b->center + offset, b->radius, kObstacleColour});
    } else {
      // Walls and solids are vertical prisms over the world's whole height (the metrics and
      // the models meet them at any z): their outline at the world's floor and ceiling, and an
      // upright edge at each corner. (Until 2026-11-28 only the outline at z = 0 was drawn, so
      // a wall looked like a line on the floor that the agents flew over.)
      viz::Scene flat;
      std::vector<Vec2> extent;
      drawObstacle(flat, ob, xy(offset), extent);
      const double bottom = world.bounds.min.z(), top = world.bounds.max.z();
      auto lift = [&](const std::vector<Vec2>& pts, bool closed) {
        for (const double z : {bottom, top}) {
          viz::ScenePolyline3 l{{}, kObstacleColour, 4.0f};
          for (const Vec2& p : pts) l.points.push_back(sim::Vec3(p.x(), p.y(), z));
          if (closed && !pts.empty()) l.points.push_back(l.points.front());
          scene.polylines.push_back(std::move(l));
        }
        for (const Vec2& p : pts)
          scene.polylines.push_back({{sim::Vec3(p.x(), p.y(), bottom), sim::Vec3(p.x(), p.y(), top)}, kObstacleColour, 2.0f});
      };
      for (const auto& l : flat.polylines) lift(l.points, false);
      for (const auto& p : flat.polygons) lift(p.vertices, true);
    }
  }
  const std::vector<std::string> groups = groupsOf(world);
  scene.legend = groupLegend(o, groups);
  for (const auto& [id, track] : tracks) {
    const sim::Agent* agent = id < world.agents.size() ? &world.agents[id] : nullptr;
    const double radius = agent ? agent->radius : 0.5;
    const viz::Rgb colour = agentColour(world, o, groups, id);
    viz::ScenePolyline3 line{{}, still ? colour : viz::Rgb{170, 170, 170}, still ? 2.5f : 1.5f};
    for (const auto& s : track) {
      if (!still && s.t > frameTime + 1e-9) break;
      line.points.push_back(s.position);
    }
    if (line.points.size() >= 2) scene.polylines.push_back(std::move(line));
    if (track.empty()) continue;
    if (still) {
      scene.spheres.push_back({track.front().position, std::max(0.25, 0.6 * radius), kStartColour});
      scene.spheres.push_back({track.back().position, radius, colour});  // where it was last
    } else if (const TrajectorySample* s = sampleAt(track, frameTime); s && s->t >= frameTime - 1e-9) {
      scene.spheres.push_back({s->position, radius, colour});
    }
  }
  for (const auto& agent : world.agents)
    for (const auto& g : agent.goals) {
      if (g.kind == sim::Goal::Kind::SeekRegion) {
        addBoxOutline(scene, g.region, std::max(g.regionZMin, world.bounds.min.z()),
                      std::min(g.regionZMax, world.bounds.max.z()));
        continue;
      }
      if (g.kind != sim::Goal::Kind::Seek) continue;
      sim::Vec3 p;
      if (g.target.kind == sim::Target::Kind::Point) {
        p = g.target.point;
      } else if (g.target.kind == sim::Target::Kind::Path) {
        // Its path, as in 2D: the still shows the target where it started, and the agents'
        // trails followed it along this line.
        viz::ScenePolyline3 path{g.target.path.waypoints, kTargetColour, 1.5f};
        if (g.target.path.loop && path.points.size() > 2) path.points.push_back(path.points.front());
        if (path.points.size() >= 2) scene.polylines.push_back(std::move(path));
        p = g.target.path.at(now);
      } else {
        continue;
      }
      scene.spheres.push_back({p, std::max(0.3, g.reachRadius > 0 ? g.reachRadius : agent.radius), kTargetColour});
    }
  // Frames look through the still's camera, fitted to the whole run (fitted to each frame's
  // contents, static obstacles jumped from frame to frame and a video's framing kept changing).
  if (!still && !scene.camera) scene.camera = stillCamera ? *stillCamera : viz::sceneCamera(runScene3D(scenario, tracks, o, -1.0));
  scene.title = pictureTitle(scenario, o, frameTime);
  return scene;
}

void addRenderOptions(CLI::App& app, RenderOptions& o) {
  app.add_option("RUN_DIR", o.runDir, "a finished run's folder (summary.json, trajectories.csv)")->required();
  app.add_option("--frames", o.frames, "evenly spaced frames to draw (0: only the still)")->capture_default_str()->check(CLI::Range(0, 10000));
  app.add_option("--color", o.color, "colours: agent (each its own) | speed (trails, 2D) | group (the scenario's groups, with a legend)")
      ->capture_default_str()
      ->check(oneOf({"agent", "speed", "group"}));
  app.add_option("--speed-max", o.speedMax,
                 "--color speed: the top of the colour scale (m/s; default: the run's fastest), to compare runs")
      ->check(finitePositive());
  app.add_option("--out", o.out, "output folder (default: RUN_DIR)")->check(nonEmptyPath());
  app.add_option("--width", o.width, "picture width (pixels)")->capture_default_str()->check(CLI::Range(64, 8192));
  app.add_option("--height", o.height,
                 "picture height (pixels; default: a 2D run's view fills the picture at --width, from width/4 to 2 x width; 3D: square)")
      ->check(CLI::Range(64, 8192));
  app.add_option("--at", o.at, "also a frame at each of these times (s): OUT/at_<T>.png (repeatable)")->check(finiteNonNegative());
  app.add_flag("--triangulation", o.triangulation,
               "overlay the kinetic constrained Delaunay triangulation on the frames (2D; walls' edges drawn thick)");
  // (A flag into a std::optional<bool> came out false when not given: a function keeps it unset.)
  app.add_flag_function("--near-disks,!--no-near-disks", [&o](std::int64_t count) { o.nearDisks = count > 0; },
                        "frames with (or without) the agents' near disks; default: with, up to " +
                            std::to_string(kNearDisksUpTo) + " agents");
  app.add_flag("--video", o.video, "also OUT/run.mp4 from the frames (needs ffmpeg)");
  app.add_flag("--quiet,-q", o.quiet, "no summary line");
}

namespace {
// a < b with runs of digits compared as numbers: seed-2 before seed-10.
bool naturalLess(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
      const std::string xs = x.substr(std::min(x.find_first_not_of('0'), x.size())),
                        ys = y.substr(std::min(y.find_first_not_of('0'), y.size()));
      if (xs.size() != ys.size()) return xs.size() < ys.size();
      if (xs != ys) return xs < ys;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// The finished runs in the folders below `folder` (four levels down at most, as compare's
// runs/<scenario>/<combination>/seed-<n>), relative to it and sorted: those with trajectories
// (render can draw them) and how many more kept none.
struct RunsBelow {
  std::vector<std::string> drawable;
  std::size_t withoutTrajectories = 0;
};
RunsBelow runFoldersBelow(const fs::path& folder) {
  RunsBelow runs;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it.depth() >= 3) it.disable_recursion_pending();
    if (!it->is_directory(ec) || !fs::exists(it->path() / "summary.json", ec) || fs::exists(it->path() / "RUNNING", ec)) continue;
    if (fs::exists(it->path() / "trajectories.csv", ec))
      runs.drawable.push_back(fs::relative(it->path(), folder, ec).string());
    else
      ++runs.withoutTrajectories;
  }
  std::sort(runs.drawable.begin(), runs.drawable.end(), naturalLess);
  return runs;
}
}  // namespace

Scenario runScenarioOf(const fs::path& runDir) {
  const fs::path summaryPath = runDir / "summary.json";
  std::error_code ec;
  if (!fs::exists(runDir, ec)) throw InputError({runDir.string(), 0, 0}, "no such folder (expected a run's folder)");
  if (!fs::is_directory(runDir, ec))
    throw InputError({runDir.string(), 0, 0}, "is not a folder (expected a run's folder: summary.json, trajectories.csv)");
  if (fs::exists(runDir / "RUNNING", ec))
    throw InputError({runDir.string(), 0, 0}, fs::exists(summaryPath, ec)
                                                  ? "the run has not finished (RUNNING is there: a run is writing into this folder, "
                                                    "or one stopped before it was done)"
                                                  : "the run has not finished (RUNNING is there, no summary.json yet)");
  if (!fs::exists(summaryPath, ec)) {
    // The demo's and compare's folders hold runs in folders of their own: say which can be drawn.
    const RunsBelow runs = runFoldersBelow(runDir);
    const auto& drawable = runs.drawable;
    std::string which;
    for (std::size_t k = 0; k < drawable.size() && k < 3; ++k) which += (k == 0 ? "" : ", ") + (runDir / drawable[k]).string();
    if (drawable.size() > 3) which += ", ... (" + std::to_string(drawable.size()) + " runs)";
    std::string message = "not a finished run (no summary.json)";
    if (!drawable.empty())
      message = "not a run's folder (no summary.json), but it holds runs: render one of them: " + which;
    else if (runs.withoutTrajectories > 0)
      message = "not a run's folder (no summary.json); it holds " + std::to_string(runs.withoutTrajectories) +
                (runs.withoutTrajectories == 1 ? " finished run" : " finished runs") +
                ", and none kept trajectories to draw (compare and sweep keep them with --trajectories)";
    throw InputError({summaryPath.string(), 0, 0}, message);
  }
  const JsonFile summaryFile = readJsonFile(summaryPath.string(), "the run's summary.json");
  const nlohmann::json& summary = summaryFile.value;
  // A hand-edited summary.json: wrong types are bad input, not a crash (the seed "-4" would
  // also be read as 2^64 - 4 by nlohmann's conversion). Placed at the value's line.
  const auto field = [&](const char* key, bool ok, const char* what) {
    if (!ok) summaryFile.fail(nlohmann::json::json_pointer(std::string("/") + key), std::string(key) + ": expected " + what);
  };
  field("scenario", summary.is_object() && summary.value("scenario", nlohmann::json("")).is_string(), "the scenario file's path (a string)");
  // Every run writes its seed: without it the groups were drawn with seed 0, in silence.
  field("seed", summary.contains("seed") && summary["seed"].is_number_unsigned(), "a whole number ≥ 0 (every run writes it)");
  // Written since 2026-11-30; a run of the other dimension than the file's cannot be drawn on it.
  field("dimension", !summary.contains("dimension") || summary["dimension"] == 2 || summary["dimension"] == 3, "2 or 3");
  const nlohmann::json params = summary.value("params", nlohmann::json::array());  // absent before 2026-11-27
  field("params", params.is_array() && std::all_of(params.begin(), params.end(), [](const auto& p) { return p.is_string(); }),
        "a list of the run's --param assignments (strings)");
  const std::string file = summary.value("scenario", std::string());
  if (file.empty()) summaryFile.fail(nlohmann::json::json_pointer("/scenario"), "summary.json names no scenario");
  // The file as the run read it: its seed and its --param assignments (groups' counts, agents'
  // radii and goals are drawn from the scenario, the positions from trajectories.csv).
  RunOverrides overrides;
  overrides.seed = summary.value("seed", std::uint64_t{0});
  overrides.params = params.get<std::vector<std::string>>();
  if (file != "<embedded:u_trap.yaml>" && !fs::exists(file, ec))
    summaryFile.fail(nlohmann::json::json_pointer("/scenario"),
                     "scenario: the run's scenario file " + file +
                         " is gone (moved or deleted since the run?); render draws the obstacles and goals from it");
  Scenario scenario;
  try {
    scenario = file == "<embedded:u_trap.yaml>" ? parseYamlWithOverrides(kUTrapScenarioYaml, file, overrides)
                                                : loadWithOverrides(file, overrides);
  } catch (const UnreadableFile&) {
    throw;  // a file that cannot be read (a folder now, not text) is not the params' doing
  } catch (const InputError& e) {
    if (overrides.params.empty()) throw;
    // A --param of the run that the file, edited since, no longer takes.
    summaryFile.fail(nlohmann::json::json_pointer("/params"), "the run's params no longer apply to " + file + ": " + e.what());
  }
  // The file replaced by one of the other dimension (a 3D flock was drawn flat on a 2D room).
  if (summary.contains("dimension") && summary["dimension"] != scenario.world.dimension)
    summaryFile.fail(nlohmann::json::json_pointer("/dimension"),
                     "dimension: the run was " + std::to_string(summary["dimension"].get<int>()) + "D, its scenario file " +
                         file + " is " + std::to_string(scenario.world.dimension) +
                         "D now (edited or replaced since the run?): its pictures cannot be drawn on it");
  return scenario;
}


// (runScenarioOf has checked that summary.json is a JSON object.)
std::string runLabelOf(const fs::path& runDir) {
  const nlohmann::json summary = readJsonFile((runDir / "summary.json").string(), "the run's summary.json").value;
  std::string label;
  const auto add = [&](const std::string& part) { label += (label.empty() ? "" : ", ") + part; };
  for (const char* key : {"model", "planner"})
    if (summary.contains(key) && summary[key].is_string()) add(summary[key].get<std::string>());
  if (summary.contains("seed") && summary["seed"].is_number_unsigned()) add("seed " + std::to_string(summary["seed"].get<std::uint64_t>()));
  return label;
}

int renderCommand(const RenderOptions& given) {
  RenderOptions o = given;  // o.runLabel is filled below, from summary.json
  for (double& at : o.at) at += 0.0;  // −0 + 0 is +0: --at -0 wrote at_-0.00.png
  const fs::path runDir(o.runDir);
  const fs::path out = o.out.empty() ? runDir : fs::path(o.out);
  Scenario scenario;
  std::map<std::uint32_t, std::vector<TrajectorySample>> tracks;
  std::vector<fs::path> made;  // the pictures written so far, removed again if a later one fails
  try {
    scenario = runScenarioOf(runDir);
    std::error_code ec;
    if (!fs::exists(runDir / "trajectories.csv", ec))
      throw InputError({(runDir / "trajectories.csv").string(), 0, 0},
                       "the run kept no trajectories (steer run --no-trajectories, or a compare or sweep run made "
                       "without --trajectories): nothing to draw");
    tracks = readTrajectories((runDir / "trajectories.csv").string());
    // A run writes a row for every agent at t = 0: a file of its header alone (cut off, or
    // emptied by hand) drew an empty picture and said "0 frames" with exit status 0.
    if (tracks.empty())
      throw InputError({(runDir / "trajectories.csv").string(), 2, 1},
                       "no rows after the header (every run writes one per agent at t = 0: cut off?): nothing to draw");
    o.runLabel = runLabelOf(runDir);
    makeOutputFolder(out);
    // Every agent of the run has a row at t = 0, so a file that still matches the run has as
    // many agents as the tracks. One edited since (a group's count changed) is drawn as it is
    // now, which for the agents beyond its count means a default radius and no near disk: say so.
    const std::size_t runAgents = tracks.empty() ? 0 : std::size_t{tracks.rbegin()->first} + 1;
    if (!tracks.empty() && runAgents != scenario.world.agents.size())
      std::cerr << "steer render: note: the run had " << runAgents << " agents, its scenario file now has "
                << scenario.world.agents.size() << " (edited since the run?): the pictures take the obstacles, goals "
                << "and radii from the file as it is now\n";
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";  // FILE:LINE:COLUMN: message, as every command prints it
    return 2;
  }
  try {
    const bool threeD = scenario.world.dimension == 3;
    if (threeD && o.triangulation) std::cerr << "steer render: --triangulation is for 2D runs; ignored\n";
    if (threeD && o.color == "speed") std::cerr << "steer render: --color speed is for 2D runs; 3D trails keep each agent's colour\n";
    if (threeD && o.nearDisks.value_or(false)) std::cerr << "steer render: --near-disks is for 2D runs; ignored\n";
    if (o.speedMax > 0 && o.color != "speed") std::cerr << "steer render: --speed-max is for --color speed; ignored\n";
    // A large run takes seconds per picture (50 s for the pictures of 100,000 agents): a bar.
    const double pictures = 1.0 + o.frames + static_cast<double>(o.at.size());
    ProgressBar bar("steer render", !o.quiet);
    double drawn = 0.0;
    std::optional<viz::SceneCamera> stillCamera;  // 3D: the still's, for every frame (made once)
    // 2D: the still's height, for every frame (a frame before any trail has no colour bar, and
    // its fitted height would differ from the others').
    int stillHeight = 0;
    auto picture = [&](const fs::path& file, double time) {
      if (threeD) {
        const viz::Scene3D scene = runScene3D(scenario, tracks, o, time, stillCamera);
        if (time < 0.0) stillCamera = viz::sceneCamera(scene);
        viz::writeScene3D(file.string(), scene);
      } else {
        viz::Scene scene = runScene(scenario, tracks, o, time);
        if (time < 0.0) stillHeight = scene.height;
        else scene.height = stillHeight;
        viz::writeScene(file.string(), scene);
      }
      made.push_back(file);
      bar.update(++drawn / pictures);
    };
    // An earlier render's frames beyond this one's count stayed beside them (and in a video made
    // from the frame_%04d series).
    removeRenderPictures(out, RenderPictures::Frames);
    picture(out / "trajectories.png", -1.0);
    std::set<double> times;
    for (const auto& [id, track] : tracks)
      for (const auto& s : track) times.insert(s.t);
    const std::vector<double> t(times.begin(), times.end());
    // A frame is a row time of trajectories.csv: more frames than row times drew the same row
    // several times (--frames 5 on a run of 2 rows wrote 5 pictures of 2 states, and a video
    // that stood still). One frame per row time then, and a note.
    const int frames = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(o.frames), t.size()));
    if (frames < o.frames && !t.empty())
      std::cerr << "steer render: note: trajectories.csv has rows at " << t.size() << " time" << (t.size() == 1 ? "" : "s")
                << ": " << frames << " frame" << (frames == 1 ? "" : "s") << ", not " << o.frames << "\n";
    int written = 0;
    for (int k = 0; k < frames; ++k) {
      const std::size_t i = frames == 1 ? 0 : static_cast<std::size_t>(std::llround(double(k) * (t.size() - 1) / (frames - 1)));
      char name[32];
      std::snprintf(name, sizeof name, "frame_%04d.png", k);
      picture(out / name, t[i]);
      ++written;
    }
    std::set<std::string> atNames;
    for (const double at : o.at) {
      if (t.empty()) break;
      const std::string name = atPictureName(at, o.at);
      if (!atNames.insert(name).second) continue;  // the same time given twice: one picture
      // A time past the run's end draws its last state, and says so (it did so silently).
      if (at > t.back() + 1e-9)
        std::cerr << "steer render: note: --at " << shortestText(at) << " is after the run's end (t = " << readableText(t.back())
                  << " s): " << name << " shows the end\n";
      // A time between two rows draws the last row before it: agents exist in a picture only at
      // their rows' times (--at 12.34 on rows every 0.05 s drew the trails and no agent at all).
      const double drawn = rowTimeAtOrBefore(t, at);
      if (at <= t.back() + 1e-9 && drawn < at - 1e-9)
        std::cerr << "steer render: note: --at " << shortestText(at) << " falls between the rows of trajectories.csv: " << name
                  << " shows t = " << readableText(drawn) << " s, the last row before it\n";
      picture(out / name, drawn);
    }
    bar.done();
    if (o.video && written > 0) {
      const ProgramResult ffmpeg = runProgram({"ffmpeg", "-y", "-loglevel", "error", "-framerate", "4", "-i",
                                               (out / "frame_%04d.png").string(), "-pix_fmt", "yuv420p",
                                               (out / "run.mp4").string()});
      if (!ffmpeg.started)
        std::cerr << "steer render: no video: ffmpeg is not on PATH (install it with: apt-get install ffmpeg); the "
                  << written << " frames are in " << out.string() << "\n";
      else if (ffmpeg.status != 0)
        std::cerr << "steer render: ffmpeg failed; no video\n";
    }
    if (!o.quiet) {
      const std::size_t atTimes = atNames.size();  // a time given twice made one picture
      const auto count = [](std::size_t n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); };
      std::cout << "steer render: " << (out / "trajectories.png").string() << ", " << count(static_cast<std::size_t>(written), "frame");
      if (atTimes > 0) std::cout << " and " << count(atTimes, "picture") << " at given times (--at)";
      std::cout << "\n";
    }
  } catch (const std::exception& e) {
    // A render that stops part-way (a full disk) would leave a mix of this run's pictures and an
    // earlier render's: the ones made here go, and the message says so.
    std::error_code ec;
    for (const auto& file : made) fs::remove(file, ec);
    std::cerr << "steer render: " << e.what();
    if (!made.empty())
      std::cerr << " (removed the " << made.size() << " picture" << (made.size() == 1 ? "" : "s") << " this render had made)";
    std::cerr << "\n";
    return 1;
  }
  return 0;
}

}  // namespace steer::experiments
