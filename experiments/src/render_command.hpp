#pragma once
// `steer render RUN_DIR [--frames N] [--color agent|speed] [--video] [--out DIR]`: pictures of a
// finished run, from its trajectories.csv and its scenario (summary.json names it): a still of
// the whole run (OUT/trajectories.png) and N evenly spaced frames (OUT/frame_NNNN.png) with the
// agents as oriented glyphs, their bodies and near disks. 2D runs are drawn from above, every
// frame in one view of the whole run, with the world's bounds, region goals as their boxes and
// path targets with their paths; 3D runs in perspective (the scenario's camera, or one framing it).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "steer/experiments/scenario.hpp"
#include "scene_parts.hpp"
#include "steer/environment/triangulation_edges.hpp"
#include "steer/viz/scene.hpp"
#include "steer/viz/scene3d.hpp"
#include "trajectory_csv.hpp"

namespace steer::experiments {

struct RenderOptions {
  std::string runDir;
  std::string out;  ///< empty: RUN_DIR
  int frames = 6;   ///< evenly spaced frames, ≥ 0
  std::string color = "agent";  ///< agent | speed | group
  int width = 900;  ///< pixels
  /// Pixels; 0: a 2D run's pictures take the shape of its view (viz::fittedHeight: a corridor
  /// 60 m by 12 m was a strip across a square of white), a 3D run's are square.
  int height = 0;
  std::vector<double> at;  ///< also frames at these times (s): OUT/at_<T>.png
  bool triangulation = false;  ///< overlay the constrained Delaunay triangulation on frames (2D)
  /// Draw each agent's near disk on frames; unset: when the run has at most kNearDisksUpTo
  /// agents (in a crowd of thousands the disks cover the agents).
  std::optional<bool> nearDisks;
  bool video = false;  ///< also OUT/run.mp4 from the frames when ffmpeg is present
  bool quiet = false;
  /// --color speed: the top of the colour scale (m/s); ≤ 0: the run's fastest speed. A fixed
  /// top makes the pictures of two runs comparable.
  double speedMax = 0.0;
  /// What the titles add after the scenario's name: the run's model, planner and seed
  /// (renderCommand reads them from summary.json; empty: nothing).
  std::string runLabel;
};

inline constexpr std::size_t kNearDisksUpTo = 200;

/// Frame colours shared with the tests.
inline constexpr viz::Rgb kNearDiskColour{150, 190, 230};
inline constexpr viz::Rgb kTriangulationColour{70, 130, 180};
inline constexpr viz::Rgb kConstrainedEdgeColour{230, 120, 0};

/// The constrained Delaunay triangulation (what the kinetic provider maintains) of the agents
/// present at time t (their csv rows) and the static walls.
std::vector<environment::TriangulationEdge> frameTriangulation(
    const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks, double t);

/// The scenario of the finished run in `runDir`, read as the run read it: the file summary.json
/// names, with the run's seed and --param assignments. Throws InputError.
Scenario runScenarioOf(const std::filesystem::path& runDir);

/// "MODEL, PLANNER, seed K" of a finished run, from its summary.json (what the pictures' titles
/// add after the scenario's name); fields missing from a hand-edited summary are left out.
std::string runLabelOf(const std::filesystem::path& runDir);

/// The still of the whole run (frameTime < 0) or the frame at time frameTime.
viz::Scene runScene(const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks,
                    const RenderOptions& options, double frameTime);

/// A 3D run's still (frameTime < 0) or frame: trajectories, agents and goals as spheres, seen
/// through the scenario's first camera, or the default camera that frames the whole run (the
/// still's, for every frame alike: `stillCamera` when the caller has it, else computed from the
/// still). A moving target is drawn with its path.
viz::Scene3D runScene3D(const Scenario& scenario, const std::map<std::uint32_t, std::vector<TrajectorySample>>& tracks,
                        const RenderOptions& options, double frameTime,
                        const std::optional<viz::SceneCamera>& stillCamera = std::nullopt);

void addRenderOptions(CLI::App& app, RenderOptions& options);
/// Returns the exit status (0 done, 1 failure, 2 bad input).
int renderCommand(const RenderOptions& options);

}  // namespace steer::experiments
