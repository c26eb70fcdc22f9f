// The `planning:` section of a scenario:
//   planning:
//     direct:   {prediction_factor}
//     harmonic: {resolution, clearance, solver: gs|sor|multigrid, tolerance, omega,
//                max_iterations, accept_threshold, cache_dir}
//     hybrid:   {initial, modes: [{name, strategy}], transitions: [{from, to, when: [{guard,
//                value, window}]}], wall_distance, wall_sensing}   (fields from `harmonic`)
//     field:    {file, prediction_time}
// Unknown keys are errors with their location (yaml_support.hpp).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <nlohmann/json.hpp>

#include "input_file.hpp"
#include "part_configs.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

namespace {

bool hasSection(const Scenario& s, const char* name) { return s.planning.IsDefined() && s.planning[name].IsDefined(); }

std::string defaultCacheDir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') return std::string(xdg) + "/steer/fields";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') return std::string(home) + "/.cache/steer/fields";
  return {};
}

}  // namespace

std::string plannerDimensionProblem(const std::string& planner, int dimension) {
  if (dimension != 3 || planner == "direct") return {};
  return "the " + planner + " planner steers in the x-y plane only (2D scenarios); a 3D scenario takes the direct planner";
}

planning::DirectPlannerParameters readDirectPlannerParameters(const Scenario& s) {
  planning::DirectPlannerParameters p;
  if (!hasSection(s, "direct")) return p;
  yaml::YamlMap map(s.file, s.planning["direct"], "planning.direct");
  p.predictionFactor = map.number("prediction_factor", p.predictionFactor, 0.0, 1e6);
  map.finish();
  return p;
}

planning::HarmonicPlannerParameters readHarmonicPlannerParameters(const Scenario& s) {
  planning::HarmonicPlannerParameters p;
  p.cacheDir = defaultCacheDir();
  p.direct = readDirectPlannerParameters(s);
  if (!hasSection(s, "harmonic")) return p;
  yaml::YamlMap map(s.file, s.planning["harmonic"], "planning.harmonic");
  auto& f = p.field;
  f.resolution = static_cast<int>(map.integer("resolution", f.resolution, 4, 8192));
  // `auto` (the default): the largest agent radius, the agents' configuration space.
  if (map.has("clearance")) {
    const YAML::Node clearance = map.node("clearance");
    const std::string text = clearance.IsScalar() ? clearance.Scalar() : std::string();
    // A word other than auto gets a message that names auto too (number() would say "a number").
    const auto isNumber = [&] {
      char* end = nullptr;
      std::strtod(text.c_str(), &end);
      return end != text.c_str();
    };
    if (text == "auto") f.clearance = planning::HarmonicSettings::kAutoClearance;
    else if (clearance.IsScalar() && !isNumber()) map.fail("clearance", "expected a number (m) or auto, got '" + text + "'");
    else f.clearance = map.number("clearance", f.clearance, 0.0, 1e6);
  }
  const std::string solver = map.choice("solver", planning::solverName(f.solver.solver), {"gs", "sor", "multigrid"});
  planning::parseSolver(solver, f.solver.solver);
  f.solver.tolerance = map.number("tolerance", f.solver.tolerance, 1e-300, 1.0);
  // [0, 2): SOR diverges at ω = 2. (A closed range up to 1.999999 said "must be in [0, 2]",
  // its bound printed to six digits, and then refused 2; a negative ω read "[0, 2]".)
  f.solver.omega = map.number("omega", f.solver.omega, -1e300, 1e300);
  if (!(f.solver.omega >= 0.0 && f.solver.omega < 2.0))
    map.fail("omega", "must be in [0, 2) (SOR diverges at 2), got " + map.node("omega").Scalar());
  // ω is sor's alone: with gs or multigrid it did nothing (and, in the field cache's key, made
  // a multigrid run solve its field again).
  if (map.has("omega") && f.solver.solver != planning::LaplaceSolver::Sor)
    map.fail("omega", "the relaxation factor of the sor solver; this section's solver is " + solver);
  f.solver.maxIterations = map.integer("max_iterations", f.solver.maxIterations, 1, std::int64_t{1} << 40);
  f.acceptThreshold = map.number("accept_threshold", f.acceptThreshold, 1e-300, 0.1);
  p.cacheDir = map.string("cache_dir", p.cacheDir.string());
  map.finish();
  return p;
}

planning::HybridPlannerParameters readHybridPlannerParameters(const Scenario& s) {
  planning::HybridPlannerParameters p;
  const auto harmonic = readHarmonicPlannerParameters(s);
  p.field = harmonic.field;
  p.cacheDir = harmonic.cacheDir;
  if (!hasSection(s, "hybrid")) return p;
  yaml::YamlMap map(s.file, s.planning["hybrid"], "planning.hybrid");
  p.wallDistance = map.number("wall_distance", p.wallDistance, 1e-6, 1e6);
  p.wallSensing = map.number("wall_sensing", p.wallSensing, 1e-6, 1e6);
  if (!map.has("modes") && !map.has("transitions") && map.has("initial")) {
    // The default automaton (ours, after §6.2's two strategies), started in another of its modes.
    planning::HybridAutomaton a = planning::HybridAutomaton::seekOrEscape();
    a.initial = map.string("initial", a.initial);
    if (const std::string problem = a.validate(); !problem.empty())
      map.fail("initial", problem + " (without modes of its own the section starts the default automaton, ours after §6.2: modes seek, escape)");
    p.automaton = a;
  } else if (map.has("modes") || map.has("transitions")) {
    planning::HybridAutomaton a;
    map.forEach("modes", [&](const YAML::Node& node, const std::string& path) {
      yaml::YamlMap m(s.file, node, path);
      planning::HybridMode mode;
      mode.name = m.requiredString("name");
      // Written as the last column of trajectories.csv, unquoted: a comma or a line break would
      // shift or split the row when it is read back (steer render), and a leading quote opens a
      // quoted field that CSV readers (Python's csv, pandas) run on into the next rows.
      // An empty one reads back as "no mode" (the column of a planner without modes).
      if (mode.name.empty()) m.fail("name", "a mode needs a name (it goes into trajectories.csv's last column)");
      if (mode.name.find_first_of(",\r\n\"") != std::string::npos)
        m.fail("name", "a mode's name goes into trajectories.csv's last column: no commas, quotes or line breaks, got '" +
                           mode.name + "'");
      const std::string strategy = m.choice("strategy", "seek",
                                            {"seek", "field", "follow_wall_left", "follow_wall_right", "flee", "wait"});
      planning::parseStrategy(strategy, mode.strategy);
      m.finish();
      a.modes.push_back(mode);
    });
    map.forEach("transitions", [&](const YAML::Node& node, const std::string& path) {
      yaml::YamlMap t(s.file, node, path);
      planning::HybridTransition tr;
      tr.from = t.requiredString("from");
      tr.to = t.requiredString("to");
      t.forEach("when", [&](const YAML::Node& g, const std::string& gpath) {
        yaml::YamlMap gm(s.file, g, gpath);
        planning::HybridGuard guard;
        const std::string kind = gm.choice("guard", "target_visible",
                                           {"target_visible", "target_hidden", "progress_below", "time_in_mode_above",
                                            "distance_below", "distance_above", "closer_than_entry"});
        planning::parseGuard(kind, guard.kind);
        // What each guard reads, and only that: a `value` on target_visible, or a `window`
        // anywhere but progress_below, did nothing; distance_below without a value read 0 and
        // could never fire.
        using Kind = planning::HybridGuard::Kind;
        const bool sight = guard.kind == Kind::TargetVisible || guard.kind == Kind::TargetHidden;
        const bool windowed = guard.kind == Kind::ProgressBelow;
        if (sight && gm.has("value")) gm.fail("value", kind + " takes no value (it reads the line of sight)");
        if (!windowed && gm.has("window")) gm.fail("window", "only progress_below takes a window");
        if (!sight && !gm.has("value")) gm.missing("value", kind + "'s threshold");
        if (windowed && !gm.has("window")) gm.missing("window", "the seconds over which progress_below measures");
        guard.value = gm.number("value", 0.0, -1e9, 1e9);
        guard.window = windowed ? gm.positive("window", 1.0) : 0.0;
        if (windowed && guard.window > 1e9) gm.fail("window", "must be at most 1e9 s");
        gm.finish();
        tr.guards.push_back(guard);
      });
      t.finish();
      a.transitions.push_back(tr);
    });
    a.initial = map.string("initial", a.modes.empty() ? std::string() : a.modes.front().name);
    const std::string problem = a.validate();
    if (!problem.empty()) map.fail(map.has("transitions") ? "transitions" : "modes", problem);
    p.automaton = a;
  }
  map.finish();
  return p;
}

FieldPlannerSection readFieldPlannerSection(const Scenario& s) {
  if (!hasSection(s, "field")) {
    // Blamed where the field planner was chosen: the file's `planner:` line, or --planner.
    const std::string why = "the field planner needs a velocity field file: planning.field.file in the scenario, or "
                            "--param planning.field.file=FILE";
    if (s.plannerAt.file == "<command line>") throw InputError(s.plannerAt, "--planner field: " + why);
    throw InputError(s.plannerAt.line > 0 ? s.plannerAt : SourceLocation{s.file, 0, 0}, "planner: " + why);
  }
  yaml::YamlMap map(s.file, s.planning["field"], "planning.field");
  FieldPlannerSection section;
  const std::string file = map.requiredString("file");
  section.fileKey = yaml::locate(s.file, map.node("file"));
  section.predictionTime = map.number("prediction_time", planning::FieldPlannerParameters{}.predictionTime, 0.0, 1e6);
  map.finish();
  // A path in the file is relative to the file's folder; one given with --param, to the working
  // directory, as every path on the command line is (it was joined to the scenario's folder:
  // `--param planning.field.file=sc/f.json` on sc/u.yaml looked for sc/sc/f.json).
  const bool fromCommandLine = yaml::fromCommandLine(map.node("file"));
  section.fileFromCommandLine = fromCommandLine;
  const auto base = fromCommandLine ? std::filesystem::path() : std::filesystem::path(s.file).parent_path();
  section.file = std::filesystem::path(file).is_absolute() ? std::filesystem::path(file) : base / file;
  return section;
}

void requireFieldFile(const FieldPlannerSection& section) {
  const auto& path = section.file;
  // A FIFO or a device exists: "no such file" misled.
  if (const std::string kind = whyNotARegularFile(path.string()); !kind.empty()) {
    const std::string why = "cannot open the velocity field file '" + path.string() + "' (" + kind + ")";
    // Named where it was given: the command line's value was blamed on the scenario file.
    if (section.fileFromCommandLine) throw InputError({"<command line>", 0, 0}, "--param planning.field.file: " + why);
    throw InputError(section.fileKey, "planning.field.file: " + why);
  }
}

planning::FieldPlannerParameters readFieldPlannerParameters(const Scenario& s) {
  planning::FieldPlannerParameters p;
  const FieldPlannerSection section = readFieldPlannerSection(s);
  p.predictionTime = section.predictionTime;
  requireFieldFile(section);
  const auto& path = section.file;
  const JsonFile file = readJsonFile(path.string(), "the velocity field file");
  const nlohmann::json& j = file.value;
  using Pointer = nlohmann::json::json_pointer;
  // Each error is placed at the value it is about (the object for a missing key): the line of
  // one bad vector among a million.
  const auto fail = [&](const Pointer& at, const std::string& key, const std::string& what) { file.fail(at, key + ": " + what); };
  const auto top = [](const std::string& key) { return Pointer("/" + key); };
  if (!j.is_object()) fail(Pointer(), "velocity field", "expected an object {origin, spacing, nx, ny, vectors}");
  for (const auto& [key, value] : j.items())
    if (key != "origin" && key != "spacing" && key != "nx" && key != "ny" && key != "vectors")
      fail(Pointer() / key, key, "unknown key (expected origin, spacing, nx, ny, vectors)");
  // `where()` gives the value's pointer and name; it is called only for an error (a field of 10^8
  // nodes made them for every vector).
  const auto number = [&](const nlohmann::json& v, auto where) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
      const auto [at, key] = where();
      fail(at, key, "expected a finite number");
    }
    return v.get<double>();
  };
  const auto pair = [&](const nlohmann::json& v, auto where) {
    if (!v.is_array() || v.size() != 2) {
      const auto [at, key] = where();
      fail(at, key, "expected [x, y]");
    }
    const auto element = [&](int k) {
      return [&where, k] {
        auto [at, key] = where();
        return std::pair<Pointer, std::string>(at / k, key);
      };
    };
    return geometry::Vec2(number(v[0], element(0)), number(v[1], element(1)));
  };
  const auto named = [&](const char* key) { return [key, &top] { return std::pair<Pointer, std::string>(top(key), key); }; };
  const auto count = [&](const char* key) {
    if (!j.contains(key)) fail(top(key), key, "missing");
    const auto& v = j.at(key);
    // Whole numbers only: 3.7 was truncated to 3 and 4294967299 wrapped to 3.
    if (!v.is_number_integer() || v.get<std::int64_t>() < 2 || v.get<std::int64_t>() > 100000)
      fail(top(key), key, "expected a whole number of nodes in [2, 100000]");
    return static_cast<int>(v.get<std::int64_t>());
  };
  auto& f = p.field;
  if (!j.contains("origin")) fail(top("origin"), "origin", "missing");
  f.origin = pair(j.at("origin"), named("origin"));
  if (!j.contains("spacing")) fail(top("spacing"), "spacing", "missing");
  f.spacing = number(j.at("spacing"), named("spacing"));
  if (!(f.spacing > 0.0)) fail(top("spacing"), "spacing", "expected a number > 0");
  // Subnormal: the field's lookups divide by it (to infinity), as a subnormal radius does.
  if (f.spacing < std::numeric_limits<double>::min())
    fail(top("spacing"), "spacing", "expected a number > 0, got a subnormal number (below 2.2e-308)");
  f.nx = count("nx");
  f.ny = count("ny");
  // The far nodes must be numbers too: a spacing of 1e308 put them at infinity.
  if (const geometry::Vec2 far = f.origin + f.spacing * geometry::Vec2(f.nx - 1, f.ny - 1); !far.allFinite())
    fail(top("spacing"), "spacing", "the grid's far corner, origin + spacing × (nx − 1, ny − 1), is beyond the doubles");
  // Beyond its grid the field is clamped to its border: a grid wholly outside the world gave every
  // agent its corner's vector, and they walked out of the world (a grid covering part of it is
  // allowed: outside, an agent gets the nearest border node's direction).
  {
    const geometry::Vec2 far = f.origin + f.spacing * geometry::Vec2(f.nx - 1, f.ny - 1);
    const auto& w = s.world.bounds;
    if (far.x() < w.min.x() || far.y() < w.min.y() || f.origin.x() > w.max.x() || f.origin.y() > w.max.y()) {
      std::ostringstream what;
      what << "the grid spans x in [" << f.origin.x() << ", " << far.x() << "], y in [" << f.origin.y() << ", " << far.y()
           << "], outside the world x in [" << w.min.x() << ", " << w.max.x() << "], y in [" << w.min.y() << ", "
           << w.max.y() << "]";
      fail(top("origin"), "origin", what.str());
    }
  }
  const std::size_t nodes = static_cast<std::size_t>(f.nx) * static_cast<std::size_t>(f.ny);
  if (nodes > 100000000) fail(top("nx"), "nx, ny", "more than 10^8 nodes");
  if (!j.contains("vectors") || !j.at("vectors").is_array()) fail(top("vectors"), "vectors", "expected a list of [vx, vy]");
  const auto& v = j.at("vectors");
  if (v.size() != nodes)
    fail(top("vectors"), "vectors", "expected nx*ny = " + std::to_string(nodes) + " entries, got " + std::to_string(v.size()));
  f.vectors.reserve(nodes);
  for (std::size_t k = 0; k < v.size(); ++k)
    f.vectors.push_back(pair(v[k], [&top, k] {
      return std::pair<Pointer, std::string>(top("vectors") / k, "vectors[" + std::to_string(k) + "]");
    }));
  return p;
}

}  // namespace steer::experiments
