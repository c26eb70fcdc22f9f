#include "field_command.hpp"

#include "cli_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "interrupt.hpp"
#include "output_folder.hpp"
#include "progress_bar.hpp"
#include "steer/experiments/run_output.hpp"
#include "part_configs.hpp"
#include "scene_parts.hpp"
#include "steer/experiments/factory.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/planning/harmonic_field.hpp"
#include "steer/viz/field_image_writer.hpp"

namespace steer::experiments {

void addFieldOptions(CLI::App& app, std::string& scenario, FieldOptions& o) {
  app.add_option("SCENARIO", scenario, "scenario file")->required();
  app.add_option("--solver", o.solver, "gs | sor | multigrid (default: the scenario's, else multigrid)");
  app.add_option("--resolution", o.resolution, "cells along the longer side of the world; default: the scenario's planning.harmonic.resolution, else 256")->check(CLI::Range(4, 8192));
  app.add_option("--omega", o.omega,
                 "SOR relaxation factor in [0, 2), as the scenario's omega; 0: Young's optimum for this grid's free space "
                 "(estimated); default: the scenario's")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            // finiteNumber: a whole decimal number, not subnormal (1e-320 ran a solve of 4 iterations).
            const auto w = finiteNumber(text);
            return w && *w >= 0.0 && *w < 2.0 ? std::string() : "must be in [0, 2), got '" + text + "'" + subnormalNote(text);
          },
          "[0, 2)"));
  app.add_option("--param", o.params,
                 "SECTION.KEY=VALUE as in steer run (repeatable), e.g. planning.harmonic.clearance=0 for a SteerSuite case");
  app.add_option("--out", o.out, "output folder")->check(nonEmptyPath())->required();
  app.add_flag("!--no-png", o.png, "no pictures (field.png needs a display or xvfb-run)");
  app.add_option("--width", o.width, "picture width (pixels)")->capture_default_str()->check(CLI::Range(64, 8192));
  app.add_option("--height", o.height, "picture height (pixels; default: the grid's shape at --width, from width/4 to 2 x width)")
      ->check(CLI::Range(64, 8192));
  app.add_flag("--quiet,-q", o.quiet, "no summary line");
}

namespace {

// field_summary.json, potential_<k>.vti, field.png, field_<k>.png: what `steer field` writes.
bool isFieldOutputName(const std::string& name) {
  return name == "field_summary.json" || name == "field.png" || isNumberedName(name, "potential_", ".vti") ||
         isNumberedName(name, "field_", ".png");
}

// The image: λ (rounds to 1 far from the target), log(1 − λ) (NaN where −∞), the cell kinds,
// the unit descent direction and ∇λ itself.
viz::FieldImage fieldImage(const planning::HarmonicField& f) {
  const planning::GridSpec& grid = f.grid();
  viz::FieldImage image;
  image.origin = grid.center(0, 0);
  image.spacing = grid.h;
  image.nx = grid.nx;
  image.ny = grid.ny;
  std::vector<double> potential(grid.size()), logU(grid.size());
  std::vector<std::uint8_t> kind(grid.size());
  std::vector<geometry::Vec2> descent(grid.size()), gradient(grid.size());
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      const std::size_t c = grid.index(i, j);
      const double l = f.logComplement()[c];
      potential[c] = f.potential(i, j);
      logU[c] = std::isfinite(l) ? l : std::numeric_limits<double>::quiet_NaN();
      kind[c] = static_cast<std::uint8_t>(f.cells()[c]);
      descent[c] = f.nodeDescent(i, j);
      gradient[c] = std::isfinite(l) ? geometry::Vec2(-std::exp(l) * f.nodeLogGradient(i, j)) : geometry::Vec2::Zero();
    }
  image.scalars = {{"potential", potential}, {"log_complement", logU}};
  image.labels = {{"cell", kind}};
  image.vectors = {{"gradient", gradient}, {"descent_direction", descent}};
  return image;
}

// One target's entry of field_summary.json's `targets` (its files apart).
nlohmann::json targetSummary(const planning::TargetRegion& target, const planning::HarmonicStats& s,
                             const planning::LocalMinimaReport& r) {
  nlohmann::json t;
  if (target.kind == planning::TargetRegion::Kind::Disc) t["target"] = {target.center.x(), target.center.y()};
  else t["target_region"] = {target.box.min.x(), target.box.min.y(), target.box.max.x(), target.box.max.y()};
  t["iterations"] = s.iterations;
  t["passes"] = s.passes;
  t["seconds"] = s.seconds;
  t["final_update"] = s.finalUpdate;
  t["converged"] = s.converged;
  t["local_minima"] = r.localMinima;
  t["free_cells"] = r.freeCells;
  t["disconnected_cells"] = r.disconnected;
  return t;
}

// The value at fraction q of the sorted values (nearest rank); `v` is reordered.
double quantile(std::vector<double>& v, double q) {
  const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

}  // namespace

viz::Scene fieldScene(const Scenario& scenario, const planning::HarmonicField& f, const planning::TargetRegion& target,
                      const FieldOptions& o) {
  using geometry::Vec2;
  const planning::GridSpec& grid = f.grid();
  const auto& logU = f.logComplement();
  viz::Scene scene;
  scene.width = o.width;
  scene.height = o.height;
  scene.min = grid.origin;
  scene.max = grid.origin + grid.h * Vec2(grid.nx, grid.ny);
  // A thin margin all round (a wall on the world's edge was cut in half by the picture's border);
  // the colour bar and the title get strips of their own beside the map (viz/scene.hpp).
  const Vec2 size = scene.max - scene.min;
  scene.min -= 0.02 * size;
  scene.max += 0.02 * size;
  scene.title = scenario.name + ": harmonic potential and streamlines of -grad lambda";
  if (o.height <= 0) {  // the grid's shape, with the colour bar's strip the field will take
    viz::Scene probe = scene;
    probe.field.emplace();
    scene.height = viz::fittedHeight(probe);
  }

  // Which scale: log10(1 − λ) of the free cells connected to the target.
  std::vector<double> logs;
  for (std::size_t c = 0; c < grid.size(); ++c)
    if (f.cells()[c] == planning::Cell::Free && std::isfinite(logU[c])) logs.push_back(logU[c] / std::log(10.0));
  const bool logScale = !logs.empty() && quantile(logs, 0.05) < -3.0;
  viz::SceneField field;
  field.origin = grid.center(0, 0);
  field.spacing = grid.h;
  field.nx = grid.nx;
  field.ny = grid.ny;
  field.values.assign(grid.size(), std::numeric_limits<double>::quiet_NaN());
  field.flow.assign(grid.size(), Vec2::Zero());
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      const std::size_t c = grid.index(i, j);
      if (!std::isfinite(logU[c])) continue;  // obstacle, or no path to the target
      // 1 − λ in both scales, so that the target end is the bright end in every picture (λ
      // itself put the target at the dark end when the scale was linear, the log's opposite).
      field.values[c] = logScale ? logU[c] / std::log(10.0) : std::exp(logU[c]);
      field.flow[c] = f.nodeDescent(i, j);
    }
  if (logScale) {
    field.valueMin = quantile(logs, 0.01);
    field.valueMax = 0.0;
    field.title = "log10(1 - lambda)";
  } else {
    field.valueMin = 0.0;
    field.valueMax = 1.0;
    field.title = "1 - lambda";
  }
  // Seeds on a lattice of about 18 along the longer side, in free cells connected to the target.
  const int across = std::max(grid.nx, grid.ny);
  const int stride = std::max(1, across / 18);
  for (int j = stride / 2; j < grid.ny; j += stride)
    for (int i = stride / 2; i < grid.nx; i += stride) {
      const std::size_t c = grid.index(i, j);
      if (f.cells()[c] == planning::Cell::Free && std::isfinite(logU[c])) field.seeds.push_back(grid.center(i, j));
    }
  // Arrowheads about 12 pixels long, spread over the lines at about the seeds' spacing.
  const double metresPerPixel = std::max((scene.max.x() - scene.min.x()) / scene.width, (scene.max.y() - scene.min.y()) / scene.height);
  field.arrowEvery = 2.5 * stride * grid.h;
  field.arrowGap = 1.6 * stride * grid.h;
  field.arrowSize = 12.0 * metresPerPixel;
  scene.field = std::move(field);

  std::vector<Vec2> extent;
  for (const sim::Obstacle& ob : scenario.world.obstacles)
    if (ob.isStatic()) drawObstacle(scene, ob, Vec2::Zero(), extent);
  // The target: its disc (at least a few pixels wide) or its box, on top of everything.
  if (target.kind == planning::TargetRegion::Kind::Disc) {
    const double pixel = (scene.max.x() - scene.min.x()) / scene.width;
    scene.discs.push_back({target.center, std::max(target.radius, 5.0 * pixel), kTargetColour, true});
  } else {
    scene.polygons.push_back({{target.box.min, Vec2(target.box.max.x(), target.box.min.y()), target.box.max,
                               Vec2(target.box.min.x(), target.box.max.y())},
                              kTargetColour});
  }
  return scene;
}

int fieldCommand(const std::string& path, const FieldOptions& o) {
  Scenario scenario;
  planning::HarmonicPlannerParameters p;
  try {
    RunOverrides overrides;
    overrides.params = o.params;
    scenario = loadWithOverrides(path, overrides);
    validateScenario(scenario);
    // The grid covers the x-y plane: of a 3D world it would draw a slice that no planner uses.
    if (scenario.world.dimension == 3)
      throw InputError({path, 0, 0}, "steer field: the harmonic field is solved in the x-y plane, for 2D scenarios only (this one is 3D)");
    checkSections(scenario);
    p = readHarmonicPlannerParameters(scenario);
    if (!o.solver.empty() && !planning::parseSolver(o.solver, p.field.solver.solver))
      throw InputError({"<command line>", 0, 0}, "--solver: unknown solver '" + o.solver + "' (choose gs, sor, multigrid)");
    if (o.resolution > 0) p.field.resolution = o.resolution;
    // A factor the solver does not use changed nothing: the default multigrid solve ignored it.
    if (o.omega && p.field.solver.solver != planning::LaplaceSolver::Sor)
      throw InputError({"<command line>", 0, 0}, std::string("--omega: the relaxation factor of the sor solver; this solve uses ") +
                                                     planning::solverName(p.field.solver.solver) + " (add --solver sor)");
    if (o.omega) p.field.solver.omega = *o.omega;
  } catch (const InputError& e) {
    std::cerr << withParams(e, o.params).what() << "\n";
    return 2;
  }
  try {
    // A fine grid's solve takes minutes (Gauss–Seidel at 1024²): say what is being done (nothing
    // is drawn before the solve, so the input errors below print on a line of their own).
    ProgressBar bar("steer field " + scenario.name, !o.quiet);
    const auto& world = scenario.world;
    const planning::GridSpec grid = planning::GridSpec::over(world.bounds, p.field.resolution);
    const double clearance = planning::clearanceFor(p.field, world);
    const planning::Raster raster = planning::rasterizeStaticObstacles(world, grid, clearance);
    // Distinct static targets, in order of first appearance.
    std::vector<planning::TargetRegion> targets;
    std::map<std::tuple<int, double, double, double, double, double>, int> seen;
    for (const auto& agent : world.agents)
      for (const auto& goal : agent.goals) {
        planning::TargetRegion t;
        if (!planning::HarmonicFieldSet::staticTarget(goal, t)) continue;
        const auto key = t.kind == planning::TargetRegion::Kind::Box
                             ? std::make_tuple(1, t.box.min.x(), t.box.min.y(), t.box.max.x(), t.box.max.y(), 0.0)
                             : std::make_tuple(0, t.center.x(), t.center.y(), t.radius, 0.0, 0.0);
        if (seen.emplace(key, static_cast<int>(targets.size())).second) targets.push_back(t);
      }
    if (targets.empty()) {
      std::cerr << path << ": no agent has a static target, so there is no harmonic field to compute\n";
      return 2;
    }
    // The picture's field needs two nodes a side (a 1000 × 0.01 m world at 256 cells is 256 × 1):
    // said before anything is solved or written (it failed after the .vti, exit status 1).
    if (o.png && (grid.nx < 2 || grid.ny < 2)) {
      std::cerr << path << ": the world's x-y extent gives a grid of " << grid.nx << "x" << grid.ny
                << " cells at resolution " << p.field.resolution
                << ", and field.png needs at least 2 cells a side (a world so thin: --no-png writes the .vti alone)\n";
      return 2;
    }
    const std::filesystem::path out(o.out);
    const std::filesystem::path made = firstMissingFolder(out);
    try {
      makeOutputFolder(out);
    } catch (const InputError& e) {
      std::cerr << e.what() << "\n";
      return 2;
    }
    // Written into a folder of its own and moved in when complete, summary last: a failure (a
    // picture VTK cannot draw, a full disk) left a .vti beside an earlier field's summary.
    const std::filesystem::path staging = out / ".field-running";
    recoverReplacedOutputs(out);  // a field killed while it moved its files in
    const auto discard = [&] {
      std::error_code ignored;
      std::filesystem::remove_all(staging, ignored);
      removeMadeFolders(out, made);
    };
    // Ctrl-C stops the solve between two iterations and removes what was written (it ended the
    // command at once and left .field-running/ behind).
    const ListeningForInterrupts listening;
    std::string doing;  // what the bar says between two of the solver's iterations
    p.field.solver.checkpoint = [&] {
      bar.status(doing);
      throwIfInterruptedInSetUp();
    };
    nlohmann::json perTarget = nlohmann::json::array();
    std::int64_t iterations = 0, localMinima = 0, disconnected = 0, freeCells = 0;
    std::size_t notConverged = 0;
    double seconds = 0.0, finalUpdate = 0.0;
    try {
      std::filesystem::remove_all(staging);
      std::filesystem::create_directory(staging);
      for (std::size_t k = 0; k < targets.size(); ++k) {
        doing = "solving field " + std::to_string(k + 1) + " of " + std::to_string(targets.size()) + " (" +
                planning::solverName(p.field.solver.solver) + ", " + std::to_string(grid.nx) + "x" + std::to_string(grid.ny) +
                " cells)";
        bar.status(doing);
        const planning::HarmonicField f = planning::solveHarmonicField(planning::withTarget(raster, targets[k]), p.field);
        const planning::LocalMinimaReport r = planning::countLocalMinima(f);
        const auto& s = f.stats();
        iterations += s.iterations;
        seconds += s.seconds;
        finalUpdate = std::max(finalUpdate, s.finalUpdate);
        notConverged += s.converged ? 0 : 1;
        localMinima += r.localMinima;
        disconnected += r.disconnected;
        freeCells += r.freeCells;
        throwIfInterruptedInSetUp();  // a signal after the solve's last iteration
        const std::string file = "potential_" + std::to_string(k) + ".vti";
        bar.status("writing " + file);
        viz::writeFieldImage((staging / file).string(), fieldImage(f));
        const std::string picture = k == 0 ? "field.png" : "field_" + std::to_string(k) + ".png";
        if (o.png) {
          // Not drawn once a stop is asked for: the display's server may be gone with the signal,
          // and VTK aborts on it (exit 134, with .field-running/ left behind).
          throwIfInterruptedInSetUp();
          bar.status("drawing " + picture);
          viz::Scene scene = fieldScene(scenario, f, targets[k], o);
          // A picture per target: when there are several, each title says which (field_1.png and
          // field_2.png had field.png's title).
          if (targets.size() > 1) {
            const geometry::Vec2 c = targets[k].kind == planning::TargetRegion::Kind::Disc
                                         ? targets[k].center
                                         : geometry::Vec2(0.5 * (targets[k].box.min + targets[k].box.max));
            char at[96];
            std::snprintf(at, sizeof at, " (target %zu at %.3g, %.3g)", k, c.x(), c.y());
            scene.title += at;
          }
          viz::writeScene((staging / picture).string(), scene);
        }
        nlohmann::json t = targetSummary(targets[k], s, r);
        t["file"] = file;
        if (o.png) t["picture"] = picture;
        perTarget.push_back(t);
      }
      nlohmann::json summary;
      summary["scenario"] = scenario.name;
      summary["params"] = o.params;  // the --param assignments the field was solved with
      summary["solver"] = planning::solverName(p.field.solver.solver);
      summary["resolution"] = p.field.resolution;
      summary["grid"] = {grid.nx, grid.ny};
      summary["cell_size"] = grid.h;
      summary["clearance"] = clearance;  // m: the obstacles' inflation (auto: the largest agent radius)
      summary["tolerance"] = p.field.solver.tolerance;
      // sor's relaxation factor as set (0: Young's optimum, estimated for this grid), so that the
      // field can be solved again from its summary.
      if (p.field.solver.solver == planning::LaplaceSolver::Sor) summary["omega"] = p.field.solver.omega;
      summary["iterations"] = iterations;
      summary["seconds"] = seconds;
      summary["final_update"] = finalUpdate;
      summary["converged"] = notConverged == 0;
      summary["local_minima"] = localMinima;
      summary["free_cells"] = freeCells;
      summary["disconnected_cells"] = disconnected;
      summary["targets"] = perTarget;
      writeFileAtomically(staging / "field_summary.json",
                          summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
      // An earlier field's files go (a folder that held one: its summary is there), then this one's
      // come in; field_summary.json last, the mark of a finished field. A move that fails puts the
      // earlier field back.
      throwIfInterruptedInSetUp();  // nothing moves in after a stop was asked for
      const bool heldAField = std::filesystem::exists(out / "field_summary.json");
      replaceOutputs(out, staging, "field_summary.json", [&](const std::string& name) {
        return heldAField && isFieldOutputName(name);
      });
    } catch (...) {
      discard();
      throw;
    }
    bar.done();
    if (!o.quiet)
      std::cout << scenario.name << ": " << targets.size() << " field(s), " << planning::solverName(p.field.solver.solver) << " "
                << grid.nx << "x" << grid.ny << ", " << iterations << " iterations, " << seconds << " s, final update "
                << finalUpdate << ", local minima " << localMinima << " -> " << o.out << "\n";
    // What `steer run` says of a field, said here too (a solve stopped at its cap printed a
    // summary line as if all were well).
    if (notConverged > 0)
      std::cerr << "steer field: note: " << notConverged << " of " << targets.size()
                << " field(s) stopped at the solver's iteration cap before its tolerance (final update " << finalUpdate
                << "; raise planning.harmonic.max_iterations, or use multigrid)\n";
    if (freeCells == 0)
      std::cerr << "steer field: note: the grid has no free cell (" << grid.nx << "x" << grid.ny << " cells of " << grid.h
                << " m, obstacles grown by " << clearance
                << " m): raise --resolution, or lower planning.harmonic.clearance if it is set, or see whether a goal "
                   "region covers the world\n";
    else if (localMinima > 0)
      std::cerr << "steer field: note: " << localMinima << " of " << freeCells - disconnected
                << " free cells connected to a target have a descent that does not reach it (local minima)\n";
    // Cells no target's field reaches: a closed room, or a gap the grid closes (the doorway at
    // --resolution 80: half the free cells, unsaid; `steer run` says it of the agents there).
    if (freeCells > 0 && disconnected > 0)
      std::cerr << "steer field: note: " << disconnected << " of " << freeCells
                << " free cells are cut off from the target(s): a closed room, or a gap narrower than the obstacles "
                   "grown by "
                << clearance << " m on cells of " << grid.h << " m (raise --resolution if it should be open)\n";
  } catch (const Interrupted& e) {
    std::cerr << "steer field: " << e.what() << "\n";
    return e.exitStatus();
  } catch (const std::exception& e) {
    std::cerr << "steer field: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace steer::experiments
