// steer: the command of ARCHITECTURE.md §5.
#include <algorithm>
#include <iostream>
#include <limits>
#include <sstream>

#include "edit_distance.hpp"
#include "batch_command.hpp"
#include "batch_mpi.hpp"
#include "check_command.hpp"
#include "cli_checks.hpp"
#include "command_line_text.hpp"
#include "commands.hpp"
#include "field_command.hpp"
#include "interrupt.hpp"
#include "number_text.hpp"
#include "output_size_note.hpp"
#include "plot_command.hpp"
#include "part_configs.hpp"
#include "progress_bar.hpp"
#include "render_command.hpp"
#include "reproduce/reproduce_command.hpp"
#include "scenario_notes.hpp"
#include "steer/experiments/factory.hpp"
#include "steer/geometry/angle.hpp"
#include "steer/viz/display_hold.hpp"

namespace steer::experiments {

void reportInputError(const InputError& e) { std::cerr << e.what() << "\n"; }

void addOverrideOptions(CLI::App& app, RunOverrides& o) {
  app.add_option("--model", o.model, "local model: goldenstein | reynolds | straight")
      ->check(oneOf({"goldenstein", "reynolds", "straight"}));
  app.add_option("--planner", o.planner, "planner: direct | harmonic | hybrid | field")
      ->check(oneOf({"direct", "harmonic", "hybrid", "field"}));
  app.add_option("--neighbors", o.neighbors, "environment provider: kinetic | lattice | brute")
      ->check(oneOf({"kinetic", "lattice", "brute"}));
  app.add_option("--integrator", o.integrator, "euler | rk4 | dopri5")
      ->check(oneOf({"euler", "rk4", "dopri5"}));
  app.add_option("--seed", o.seed, "random seed (overrides the scenario's)")->check(seedNumber());
  app.add_option("--dt", o.dt, "integration step (s); default: the scenario's, else 0.05")->check(finitePositive());
  app.add_option("--duration", o.duration, "simulated time limit (s); default: the scenario's, else 60")->check(finitePositive());
  app.add_option("--threads", o.threads, "worker threads, at most one per 32 agents (results do not depend on it)")
      ->check(CLI::Range(1, 256));
  app.add_option("--param", o.params, "SECTION.KEY=VALUE into a configuration section (repeatable)");
}

void addCommonOptions(CLI::App& app, CommonOptions& o) {
  addOverrideOptions(app, o.overrides);
  app.add_option("--out", o.out, "output folder (default: run: runs/<scenario name>; demo: runs/demo)")->check(nonEmptyPath());
  auto* frameInterval = app.add_option("--frame-interval", o.frameInterval, "simulated seconds between ParaView frames")
                            ->capture_default_str()
                            ->check(finitePositive());
  auto* trajectoryInterval = app.add_option("--trajectory-interval", o.trajectoryInterval,
                                            "simulated seconds between trajectories.csv rows (default: every step; an agent "
                                            "leaving the world still gets its last row, and the run's end its rows)")
                                 ->check(finitePositive());
  auto* noTrajectories =
      app.add_flag("!--no-trajectories", o.trajectories,
                   "summary.json only: no trajectories.csv and no ParaView frames (about 100 and 90 bytes per agent per step "
                   "and per frame; steer render needs them)");
  // An interval of outputs that are not written was taken in silence (compare refuses it too).
  frameInterval->excludes(noTrajectories);
  trajectoryInterval->excludes(noTrajectories);
  app.add_flag("--quiet,-q", o.quiet, "no progress bar, no summary line");
}

// runs/<name> for a run without --out. The name is the scenario's own text: a separator or a
// name of dots would put the run outside runs/ ("../../etc/x"), so they are replaced.
std::string defaultRunFolder(std::string name) {
  std::replace(name.begin(), name.end(), '/', '_');
  std::replace(name.begin(), name.end(), '\\', '_');
  if (name.find_first_not_of('.') == std::string::npos) name = "scenario";
  // A file name has at most 255 bytes: a name of 300 characters failed as "--out: File name too
  // long" though no --out was given. Cut at 100 bytes, not inside a UTF-8 character.
  if (name.size() > 100) {
    std::size_t cut = 100;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name.resize(cut);
  }
  return "runs/" + name;
}

// A harmonic field that did not converge, or whose descent ends short of the target somewhere,
// can hold agents still with nothing else to show for it: said after the run, as a note.
void plannerNotes(const std::vector<sim::PlannerFigure>& report) {
  const auto figure = [&](std::string_view name) {
    for (const auto& f : report)
      if (f.name == name) return f.value;
    return 0.0;
  };
  if (const double n = figure("fields_not_converged"); n > 0)
    std::cerr << "steer run: note: " << n << " of " << figure("fields")
              << " harmonic field(s) stopped at the solver's iteration cap before its tolerance (raise "
                 "planning.harmonic.max_iterations, or use multigrid)\n";
  if (figure("fields") > 0 && figure("field_free_cells") == 0)
    std::cerr << "steer run: note: the harmonic field(s) have no free cell: the grid is too coarse for the obstacles "
                 "and their inflation (raise planning.harmonic.resolution)\n";
  if (const double n = figure("agents_cut_off_at_start"); n > 0)
    std::cerr << "steer run: note: " << n
              << " agent(s) start cut off from their target in its harmonic field (a closed room, or a gap "
                 "narrower than the obstacles' inflation, planning.harmonic.clearance); they head straight for it\n";
  // Local minima are counted among the free cells connected to the target (LocalMinimaReport):
  // the cut-off ones are neither, and were in the denominator.
  if (const double n = figure("field_local_minimum_cells"); n > 0)
    std::cerr << "steer run: note: the harmonic field(s) have " << n << " of "
              << figure("field_free_cells") - figure("field_disconnected_cells")
              << " free cells connected to the target whose descent does not reach it (local minima); agents there "
                 "stand still (see `steer field`; solve to a tighter planning.harmonic.tolerance, or with multigrid)\n";
}

void scenarioNotes(const Scenario& scenario, const std::string& command) {
  for (const std::string& note : scenarioNoteTexts(scenario)) std::cerr << command << ": note: " << note << "\n";
}

// Valid, but easy to write by mistake: an agent without goals has completed its sequence before
// the first step and leaves (Simulation::start), so a run of such agents simulates 0 s.
void idleAgentsNote(const Scenario& scenario, const std::string& command) {
  const auto idle = std::count_if(scenario.world.agents.begin(), scenario.world.agents.end(),
                                  [](const sim::Agent& a) { return a.goals.empty() && !a.staysAfterGoals; });
  if (idle > 0)
    std::cerr << command << ": note: " << idle << " of " << scenario.world.agents.size()
              << " agents have no goals and leave the world at t = 0 (give them goals, or stays: true)\n";
}

int runOne(const std::string& path, const CommonOptions& o) {
  Scenario scenario;
  try {
    scenario = loadWithOverrides(path, o.overrides);
    validateScenario(scenario);
  } catch (const InputError& e) {
    reportInputError(withParams(e, o.overrides.params));
    return 2;
  } catch (const std::exception& e) {
    // Reaching here is a bug in a reader: every bad input should be an InputError.
    std::cerr << path << ": internal error while reading: " << e.what() << "\n";
    return 2;
  }
  const std::string out = o.out.empty() ? defaultRunFolder(scenario.name) : o.out;
  try {
    const RunOutputOptions outputs{o.frameInterval, o.trajectories, o.trajectoryInterval};
    // The notes once the run has read every section and taken its folder (the first progress
    // call, before the set-up): printed before, a note stood above the error of a bad section,
    // and a bad input's message was no longer stderr's first line.
    const auto notes = [&] {
      scenarioNotes(scenario, "steer run");
      if (const auto note = outputSizeNote(scenario.world.agents.size(), scenario.settings.duration, scenario.settings.dt,
                                           outputs, freeSpaceFor(out), out))
        std::cerr << "steer run: note: " << *note << "\n";
    };
    ProgressBar bar("steer run " + scenario.name, !o.quiet);
    bool noted = false;
    const RunResult r = runScenario(scenario, out, outputs, [&](double f) {
      if (!noted) notes();
      noted = true;
      bar.update(f);
    });
    bar.done();
    // Said after the run, so that an error in it is still the first line of stderr.
    idleAgentsNote(scenario, "steer run");
    plannerNotes(r.info.plannerReport);
    // The bounds are not walls: agents beyond them may be walking round a wall that ends at the
    // world's edge (the doorway and theater cases did, unseen, until 2026-11-28).
    if (const std::size_t out = r.metrics.outsideWorld(); out > 0) {
      std::cerr << "steer run: note: " << out << " of " << r.metrics.agents.size()
                << " agents went outside the world's bounds (up to " << numberText(r.metrics.farthestOutsideWorld())
                << " m); the bounds are not walls: where agents must not pass, close the world with walls (world: {walls: true}"
                << (scenario.world.dimension == 3 ? ", which in 3D close its sides, not its floor or ceiling" : "") << ")\n";
    }
    if (!o.quiet) {
      // Agents stuck in place are the first thing to look at when not every agent arrived.
      const std::size_t standing = r.metrics.standingAtEnd();
      // Agents with no goal (explore, forage, flocks that stay) have nothing to reach: "0/N reached"
      // read as a failure.
      const bool anyGoal = std::any_of(scenario.world.agents.begin(), scenario.world.agents.end(),
                                       [](const sim::Agent& a) { return !a.goals.empty(); });
      if (anyGoal)
        std::cout << scenario.name << ": " << r.metrics.reached() << "/" << r.metrics.agents.size() << " reached";
      else
        std::cout << scenario.name << ": " << r.metrics.agents.size() << (r.metrics.agents.size() == 1 ? " agent" : " agents")
                  << " with no goal to reach";
      if (standing > 0) std::cout << " (" << standing << " standing still at the end)";
      std::cout << ", " << r.metrics.agentAgentCollisions << " agent-agent and " << r.metrics.agentObstacleCollisions
                << " agent-obstacle collisions (contacts between steps: " << r.metrics.agentAgentContacts << " and "
                << r.metrics.agentObstacleContacts << "), " << r.info.simTime << " s simulated in " << r.info.wallSeconds
                << " s";
      // A set-up that took a while (a fine harmonic grid) is said apart from the steps.
      if (r.info.setupSeconds >= 1.0) std::cout << " (set-up " << r.info.setupSeconds << " s)";
      std::cout << " -> " << out << "\n";
    }
  } catch (const InputError& e) {
    reportInputError(withParams(e, o.overrides.params));
    return 2;
  } catch (const Interrupted& e) {
    std::cerr << "steer run: " << e.what() << "\n";
    return e.exitStatus();
  } catch (const std::exception& e) {
    std::cerr << "steer run: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

// A picture command: a display (xvfb-run started if need be, see ensureDisplay), held open while
// the command's windows come and go (viz::DisplayHold).
// `hint`: a last line for when there is no display.
template <class Command>
int withDisplay(char** argv, Command&& command, const char* hint = nullptr) {
  if (!ensureDisplay(argv)) {
    if (hint != nullptr) std::cerr << hint;
    return 2;
  }
  viz::DisplayHold hold;
  const int status = command();
  if (status >= 128) hold.leaveOpen();  // stopped by a signal, which may have ended the display's server
  return status;
}

// "steer: unknown command 'runn' (did you mean run?); the commands: run, demo, ...".
std::string unknownCommandMessage(const std::string& word, const CLI::App& app) {
  // A name within 2 edits is suggested.
  std::string names, closest;
  std::size_t best = 3;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
    if (const std::size_t d = editDistance(word, sub->get_name()); d < best) best = d, closest = sub->get_name();
  }
  return "steer: unknown command '" + word + "'" + (closest.empty() ? "" : " (did you mean " + closest + "?)") +
         "; the commands: " + names + " (see --help)";
}

// A long option the command does not have, with the nearest it has: CLI11 said only "The
// following arguments were not expected: harmonic --planer". Empty when every one is known.
std::string unknownOptionMessage(const CLI::App& command, int argc, char** argv) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options())
    for (const std::string& name : option->get_lnames()) names.push_back(name);
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;  // what follows is positional
    if (arg.size() < 3 || arg.rfind("--", 0) != 0) continue;
    const std::string name = arg.substr(2, arg.find('=') == std::string::npos ? std::string::npos : arg.find('=') - 2);
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    const std::string closest = nearestWord(name, names);
    // compare and sweep number their seeds from --first-seed; --seeds is how many.
    std::string hint = closest.empty() ? "" : " (did you mean --" + closest + "?)";
    if (name == "seed" && std::find(names.begin(), names.end(), "first-seed") != names.end())
      hint = " (the seeds are --first-seed S, S+1, ..., --seeds N of them)";
    // `--no-trajectories` (run's) to compare, which keeps none unless given --trajectories.
    const std::string turnedOn = name.rfind("no-", 0) == 0 ? name.substr(3) : std::string();
    if (!turnedOn.empty() && std::find(names.begin(), names.end(), turnedOn) != names.end())
      hint = " (--" + turnedOn + " is off unless given)";
    return "steer " + command.get_name() + ": unknown option '--" + name + "'" + hint + " (see steer " + command.get_name() + " --help)";
  }
  return {};
}

}  // namespace steer::experiments

int main(int argc, char** argv) {
  using namespace steer::experiments;
  CLI::App app{"steer: dynamical-system agent steering (Goldenstein et al. 2001) with Reynolds' baseline"};
  app.require_subcommand(1);

  CommonOptions runOptions;
  std::string scenario;
  auto* run = app.add_subcommand("run", "run a scenario (our .yaml or a SteerSuite .xml test case)");
  run->add_option("SCENARIO", scenario, "scenario file")->required();
  addCommonOptions(*run, runOptions);

  RunOverrides checkOverrides;
  std::string checkScenario;
  auto* check = app.add_subcommand("check", "read a scenario as run would and say what it holds, without running it");
  check->add_option("SCENARIO", checkScenario, "scenario file")->required();
  addOverrideOptions(*check, checkOverrides);

  CommonOptions demoOptions;
  auto* demoCommand = app.add_subcommand("demo", "the embedded default: the U-trap of Fig. 7 with each planner");
  addCommonOptions(*demoCommand, demoOptions);
  // The table is what the demo is for: --quiet drops the progress bars only.
  demoCommand->get_option("--quiet")->description("no progress bars (the table is still printed)");

  FieldOptions fieldOptions;
  std::string fieldScenario;
  auto* field = app.add_subcommand("field", "harmonic potential of the scenario's static obstacles (.vti, field.png, summary)");
  addFieldOptions(*field, fieldScenario, fieldOptions);

  PlotOptions plotOptions;
  auto* plot = app.add_subcommand("plot", "the papers' function plots as PNG: fig2a | fig2b | fig5 | weights");
  addPlotOptions(*plot, plotOptions);

  RenderOptions renderOptions;
  auto* render = app.add_subcommand("render", "pictures of a finished run: a still and evenly spaced frames (PNG)");
  addRenderOptions(*render, renderOptions);

  BatchCommandOptions compareOptions;
  auto* compare = app.add_subcommand("compare", "models x planners x scenarios x seeds in parallel -> comparison.csv, .md, charts");
  addCompareOptions(*compare, compareOptions);

  BatchCommandOptions sweepOptions;
  auto* sweep = app.add_subcommand("sweep", "a parameter sweep (cartesian product x seeds) -> comparison.csv, .md, charts");
  addSweepOptions(*sweep, sweepOptions);

  reproduce::ReproduceOptions reproduceOptions;
  auto* reproduceSub = app.add_subcommand("reproduce", "check every claim of a source paper in one run -> DIR/REPORT.md, report.json (and figures/ for goldenstein2001)");
  reproduce::addReproduceOptions(*reproduceSub, reproduceOptions);

  app.set_version_flag("--version", "steer " STEER_VERSION, "print the version and exit");

  // A misspelt command or long option, named with the nearest there is: CLI11 said only "A
  // subcommand is required", or "The following arguments were not expected: ...".
  if (argc > 1 && argv[1][0] != '-') {
    const CLI::App* command = nullptr;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      if (sub->get_name() == argv[1]) command = sub;
    const std::string message = command == nullptr ? unknownCommandMessage(argv[1], app) : unknownOptionMessage(*command, argc, argv);
    if (!message.empty()) {
      if (launcherRank() == 0) std::cerr << message << "\n";
      return 2;
    }
  }
  // One line for a bad option, as for bad input in a file (CLI11 adds "Run with --help ...").
  app.failure_message([argc, argv](const CLI::App*, const CLI::Error& e) {
    // CLI11's "--dt: At Most 1 required but received 2" for an option given twice.
    std::string what = e.what();
    const std::size_t at = what.find("At Most 1 required but received ");
    if (at != std::string::npos) what = what.substr(0, at) + "given " + what.substr(at + 32) + " times; give it once";
    // `steer run a.yaml b.yaml`: the command for several scenarios is compare.
    const std::string command = argc > 1 ? argv[1] : "";
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
      if (command == "run" || command == "check") what += " (" + command + " takes one scenario; steer compare runs several)";
      if (command == "field") what += " (field takes one scenario)";
    }
    return "steer: " + what + " (see --help)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Under mpirun every rank reads the same command line: one message (or --help), from rank 0.
    std::ostringstream discard;
    const int code = launcherRank() == 0 ? app.exit(e) : app.exit(e, discard, discard);
    return code == 0 ? 0 : 2;
  }
  // The commands that simulate stop a run at the end of its step on Ctrl-C or kill, and remove
  // what it wrote (interrupt.hpp); the picture commands keep the default (they write no run).
  if (*run || *demoCommand || *compare || *sweep || *reproduceSub || *field) installInterruptHandler();
  if (*run) return runOne(scenario, runOptions);
  if (*check) return checkCommand(checkScenario, checkOverrides);
  if (*demoCommand) return demo(demoOptions);
  if (*field) {
    if (!fieldOptions.png) return fieldCommand(fieldScenario, fieldOptions);
    return withDisplay(argv, [&] { return fieldCommand(fieldScenario, fieldOptions); });
  }
  if (*plot) return withDisplay(argv, [&] { return plotCommand(plotOptions); });
  if (*compare || *sweep) {
    BatchCommandOptions& o = *compare ? compareOptions : sweepOptions;
    o.command = commandLineText(argc, argv);  // pastes back into a shell (paths with spaces)
    const auto batch = [&] { return *compare ? compareCommand(o) : sweepCommand(o); };
    if (!o.charts) return batch();
    return withDisplay(argv, batch, "steer: or leave the charts out with --no-charts\n");
  }
  if (*reproduceSub) {
    reproduceOptions.command = commandLineText(argc, argv);
    // The figures render through VTK.
    return withDisplay(argv, [&] { return reproduce::reproduceCommand(reproduceOptions); });
  }
  if (*render) return withDisplay(argv, [&] { return renderCommand(renderOptions); });
  return 2;
}
