// The claims of Goldenstein et al. 2001 checked by `steer reproduce goldenstein2001`: the
// function figures (Fig. 2, Fig. 5) and Table A.1 from steer::local's own functions, the
// behaviours of §4.1.2, §6 and §7 from runs of the scenario suite, and the kinetic structure's
// "O(1) per agent" from the environment layer (§5; its structure is A.3's). Every verdict comes
// from a threshold stated in its row.
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <numbers>

#include "benchmarks/crowd_motion.hpp"
#include "claim.hpp"
#include "plot_command.hpp"
#include "scenario_run.hpp"
#include "trajectory_csv.hpp"
#include "steer/environment/kinetic_provider.hpp"
#include "steer/local/attractor.hpp"
#include "steer/local/parameters.hpp"
#include "steer/local/personality.hpp"
#include "steer/local/repeller.hpp"
#include "steer/local/weights.hpp"
#include "steer/viz/line_chart.hpp"

namespace steer::experiments::reproduce {

namespace {

constexpr double kPi = std::numbers::pi;

// Draws `steer plot <figure>` into out/figures/<figure>.png; returns the path relative to out.
std::string drawFigure(const Context& context, const std::string& figure) {
  if (context.progress) context.progress("figure " + figure);
  PlotOptions o;
  o.figure = figure;
  o.d0Base = 1.0;  // Fig. 5 is drawn for d0base = 1 (§4.4.3)
  o.d1Base = 1.0;
  o.printed = figure == "fig5";
  viz::writeLineChart((context.out / "figures" / (figure + ".png")).string(), plotChart(o));
  return "figures/" + figure + ".png";
}

Claim fig2a(const Context& context) {
  Claim c{"Fig. 2(a): the target attractor f_tar = −a sin(φ − ψ) (A.1) has an attractor at ψ and a repeller at ψ + π",
          "§4.1, A.1.1", "", "", Verdict::Differs, ""};
  const double a = 1.0;
  double worstZero = std::max(std::abs(local::targetAttractor(0.0, a)), std::abs(local::targetAttractor(kPi, a)));
  const double slope0 = local::targetAttractorSlope(0.0, a), slopePi = local::targetAttractorSlope(kPi, a);
  int wrongSign = 0, samples = 0;
  for (int i = 1; i < 2000; ++i) {
    const double x = -kPi + 2 * kPi * i / 2000.0;
    if (std::abs(x) < 1e-9) continue;
    ++samples;
    wrongSign += local::targetAttractor(x, a) * x >= 0.0;
  }
  c.checkedBy = "steer::local::targetAttractor on 1,999 angles in (−π, π); figure " + drawFigure(context, "fig2a");
  c.measured = format("|f(0)|, |f(π)| ≤ %.1e; slope %.3f at 0, %+.3f at π; f(x)·x < 0 at %d of %d angles", worstZero,
                      slope0, slopePi, samples - wrongSign, samples);
  const bool ok = worstZero < 1e-12 && slope0 < 0 && slopePi > 0 && wrongSign == 0;
  c.verdict = ok ? Verdict::Reproduced : Verdict::Differs;
  c.why = "thresholds: zeros to 1e-12, the slope's sign at each zero, and f pointing back to ψ everywhere else. "
          "Our copy of the paper is text only, so the picture is compared by these properties, not by pixels";
  return c;
}

Claim fig2b(const Context& context) {
  Claim c{"Fig. 2(b): the obstacle repeller f_obs = R W D (A.2)–(A.6) with Δψ = π/10, r = 3, d0 = 6, δ = 0.8: "
          "odd, a repeller at ψ, extrema at |φ − ψ| = Δψ, window 1/2 at 2Δψ + δ and ≈ 0 beyond",
          "§4.1, A.1.1", "", "", Verdict::Differs, ""};
  const double half = kPi / 10, r = 3, d0 = 6, delta = 0.8;
  const local::GoldensteinParameters defaults;
  const local::Window w = local::makeWindow(half, delta, defaults.windowEdgeGap);
  const double d = local::distanceFactor(r, d0);
  const auto f = [&](double x) { return local::obstacleRepeller(x, half, d, w).value; };
  double oddness = 0, best = -1, bestAt = 0;
  for (int i = 1; i < 20000; ++i) {
    const double x = kPi * i / 20000.0;
    oddness = std::max(oddness, std::abs(f(x) + f(-x)));
    if (f(x) > best) best = f(x), bestAt = x;
  }
  const double slope0 = (f(1e-6) - f(-1e-6)) / 2e-6;
  const double edge = local::windowValue(w, std::cos(2 * half + delta));
  const double beyond = local::windowValue(w, std::cos(2 * half + delta + 1.0));
  c.checkedBy = "steer::local::obstacleRepeller on 20,000 angles in (0, π); figure " + drawFigure(context, "fig2b");
  c.measured = format("max |f(x) + f(−x)| = %.1e; slope at ψ %+.3f; maximum %.4f (D = e^{−r/d0} = %.4f) at %.4f rad "
                      "(Δψ = %.4f); W(2Δψ + δ) = %.4f, W one radian beyond = %.1e",
                      oddness, slope0, best, d, bestAt, half, edge, beyond);
  const bool ok = oddness < 1e-12 && slope0 > 0 && std::abs(bestAt - half) < 2e-3 && std::abs(best - d) < 1e-3 * d &&
                  std::abs(edge - 0.5) < 1e-9 && beyond < 1e-3;
  c.verdict = ok ? Verdict::Reproduced : Verdict::Differs;
  c.why = "thresholds: odd to 1e-12, extremum within 2e-3 rad of Δψ and within 0.1 % of D, W(2Δψ + δ) = 1/2 to 1e-9, "
          "W < 1e-3 one radian beyond. Two printed typos are corrected (ARCHITECTURE.md §3): (A.3) needs |φ − ψ| in "
          "its exponent and the σ of (A.4) is δ; as printed, R grows without bound behind the obstacle";
  return c;
}

Claim fig5(const Context& context) {
  Claim c{"Fig. 5: courage → d0 (8) falls from d0base to 0; courage → d1 (9)(10) is flat, then falls to 0",
          "§4.4.3", "", "", Verdict::Differs, ""};
  int nonDecreasing = 0;
  double worstEnds = 0;
  for (double base : {0.5, 1.0, 3.0, 6.0}) {
    worstEnds = std::max({worstEnds, std::abs(local::courageToD0(0, base, local::CourageMapping::Prose) - base),
                          std::abs(local::courageToD0(1, base, local::CourageMapping::Prose))});
    for (double co = 0; co < 1.0 - 1e-9; co += 0.05)
      nonDecreasing += local::courageToD0(co + 0.05, base, local::CourageMapping::Prose) >=
                       local::courageToD0(co, base, local::CourageMapping::Prose);
  }
  const double printed0 = local::courageToD0(0, 1.0, local::CourageMapping::Printed);
  const double d1Low = local::courageToD1(0.3, 1.0, 0.0), d1Mid = local::courageToD1(0.75, 1.0, 0.0),
               d1High = local::courageToD1(1.0, 1.0, 0.0);
  c.checkedBy = "steer::local::courageToD0/courageToD1 for d0base ∈ {0.5, 1, 3, 6}; figure " + drawFigure(context, "fig5");
  c.measured = format("prose form: |d0(0) − d0base|, |d0(1)| ≤ %.1e, %d non-decreasing steps of 0.05; printed k = "
                      "2 ln(d0base + 1) gives d0(0) = %.3f for d0base = 1; d1 (d1base = 1) = %.3f at 0.3, %.3f at 0.75, "
                      "%.3f at 1",
                      worstEnds, nonDecreasing, printed0, d1Low, d1Mid, d1High);
  const bool proseOk = worstEnds < 1e-12 && nonDecreasing == 0 && std::abs(d1Low - 1) < 1e-12 && d1High < 1e-12 &&
                       d1Mid > 0 && d1Mid < 1;
  // Both halves are measured: the prose form of our functions, and the printed constant's d0(0) for
  // d0base = 1, which the figure's own axis puts at 1.
  const bool printedOk = std::abs(printed0 - 1.0) < 1e-9;
  c.verdict = proseOk && printedOk ? Verdict::Reproduced : Verdict::Differs;
  if (!proseOk)
    c.why = "the prose form of (8)–(10) does not hold in this run (see the numbers)";
  else if (!printedOk)
    c.why = "the prose form holds (thresholds: ends to 1e-12, strictly decreasing), but the printed constant "
            "k of (8) gives d0(0) = (d0base + 1)² − 1 instead of d0base: the prose and the formula disagree. "
            "We follow the prose (local.courage_mapping: prose, the default) and keep `printed` as an option";
  else
    c.why = "the prose form holds (thresholds: ends to 1e-12, strictly decreasing), and so does the printed constant";
  return c;
}

bool jacobianStable(const local::Weights& w, const local::Competition& c) {
  const Eigen::Vector2cd ev = local::competitionJacobian(w, c).eigenvalues();
  return ev[0].real() < 0.0 && ev[1].real() < 0.0;
}

Claim tableA1(const Context& context) {
  Claim c{"Table A.1: the stability of the four fixed points of the weight dynamics (4), (5)", "§4.1.2, A.1.2",
          "", "", Verdict::Differs, ""};
  const double step = context.quick ? 0.15 : 0.075;
  int agree = 0, total = 0, stable[4] = {0, 0, 0, 0};
  for (double a1 = 0.05; a1 <= 1.0; a1 += step)
    for (double a2 = 0.05; a2 <= 1.0; a2 += step)
      for (double g12 = -0.95; g12 <= 1.2; g12 += 0.1)
        for (double g21 = 0.02; g21 <= 1.2; g21 += 0.07) {
          const local::Competition comp{a1, a2, g12, g21};
          if (std::abs(a1 - g12) < 1e-9 || std::abs(a2 - g21) < 1e-9) continue;  // non-hyperbolic
          for (auto kind : {local::FixedPoint::Off, local::FixedPoint::ObstacleOnly, local::FixedPoint::TargetOnly,
                            local::FixedPoint::Averaging}) {
            local::Weights w;
            if (!local::fixedPoint(kind, comp, w)) continue;
            const bool jac = jacobianStable(w, comp);
            ++total;
            agree += jac == local::tableStable(kind, comp);
            stable[static_cast<int>(kind)] += jac;
          }
        }
  c.checkedBy = format("eigenvalues of the analytic Jacobian of (4) at each fixed point of (5), on a grid α1, α2 ∈ "
                       "[0.05, 1] (step %.3g), γ12 ∈ [−0.95, 1.2], γ21 ∈ [0.02, 1.2]; figure ", step) +
                drawFigure(context, "weights");
  c.measured = format("the table's stability equals the eigenvalues' sign at %d of %d fixed points; stable: "
                      "%d target-only, %d obstacle-only, %d averaging",
                      agree, total, stable[2], stable[1], stable[3]);
  const bool ok = agree == total && stable[1] > 10 && stable[2] > 10 && stable[3] > 10;
  c.verdict = ok ? Verdict::Reproduced : Verdict::Differs;
  c.why = "an exact oracle: every fixed point must agree, and the grid must visit each stable regime (> 10 cases). "
          "γ21 > 0 on the grid, so γ12 γ21 < 0 is visited only with γ12 < 0. The grid covers the model's range "
          "(γ12 of (A.9) is positive, γ21 a positive constant, 0.05 in A.1.2), not the whole plane: with both "
          "negative the table's averaging condition and the eigenvalues disagree (α1 = α2 = 0.95, γ12 = γ21 = "
          "−0.05: stable, where the table says unstable)";
  return c;
}

// The run's --seed and the ones after it: `full` of them, `quick` with --quick.
std::vector<std::uint64_t> seeds(const Context& context, int full, int quick = 1) {
  std::vector<std::uint64_t> s;
  for (int i = 0; i < (context.quick ? quick : full); ++i) s.push_back(context.seed + static_cast<std::uint64_t>(i));
  return s;
}

RunOverrides withSeed(std::uint64_t seed) {
  RunOverrides o;
  o.seed = seed;
  return o;
}

Claim hiddenTarget(const Context& context) {
  Claim c{"Hidden target: two obstacles too close to pass between, the target behind them; the direct sum (2) makes "
          "an attractor in front, the adaptive weights (4) go around",
          "§4.1.2", "scenario hidden_target.yaml with local.weights = quasi_static (default), integrated and direct_sum, "
          "at our defaults otherwise (with the printed model, local.preset=paper, the 2026-11-28 suite run read 10 of "
          "10 seeds too: papers/goldenstein2001/README.md)",
          "", Verdict::Differs, ""};
  int adaptiveOk = 0, adaptiveRuns = 0, sumFails = 0, sumRuns = 0;
  std::string detail;
  for (const auto seed : seeds(context, 3)) {
    for (const char* mode : {"quasi_static", "integrated", "direct_sum"}) {
      RunOverrides o = withSeed(seed);
      o.params.push_back(std::string("local.weights=") + mode);
      const RunResult r = runSuiteScenario(context, "hidden_target.yaml", o, format("hidden_target_%s_%llu", mode,
                                                                                     static_cast<unsigned long long>(seed)));
      const bool reached = r.metrics.reached() == r.metrics.agents.size();
      const auto collisions = r.metrics.agentObstacleCollisions + r.metrics.agentAgentCollisions;
      if (std::string(mode) == "direct_sum") {
        ++sumRuns;
        sumFails += !reached || collisions > 0;
      } else {
        ++adaptiveRuns;
        adaptiveOk += reached && collisions == 0;
      }
      if (seed == context.seed) detail += format("%s: %s; ", mode, describeRun(r).c_str());
    }
  }
  c.measured = format("adaptive weights reached without collision in %d of %d runs, the direct sum failed (not reached "
                      "or collided) in %d of %d; seed %llu: ",
                      adaptiveOk, adaptiveRuns, sumFails, sumRuns, static_cast<unsigned long long>(context.seed)) +
               detail;
  c.verdict = adaptiveOk == adaptiveRuns && sumFails == sumRuns ? Verdict::Reproduced : Verdict::Differs;
  c.why = "threshold: every adaptive run reaches with 0 collisions and every direct-sum run fails. The paper says the "
          "direct sum leads \"eventually to a collision\"; here the speed law (6) stops the agent before contact, so "
          "it stalls in front of the pair instead: the same failure";
  return c;
}

// The agent's visits to the U of u_trap.yaml: the box its walls span (the U opens towards -x).
// An entry is a step from outside the box to inside it; the paper's cycle (§6: the agent "turns
// around and leaves the U shaped obstacle, but shortly after [...] reestablishing the cycle") is
// an exit followed by another entry.
constexpr double kInf = std::numeric_limits<double>::infinity();

struct UVisits {
  int entries = 0, exits = 0;
  double firstEntry = -1.0;                   // s
  double xMin = kInf, xMax = -kInf;           // after the first entry (m)
};

struct Box2 {
  geometry::Vec2 lo = geometry::Vec2::Constant(kInf), hi = geometry::Vec2::Constant(-kInf);
};

// The box the walls of u_trap.yaml span.
Box2 uBox(const Context& context) {
  const Scenario scenario = loadWithOverrides((context.scenarios / "u_trap.yaml").string(), {});
  Box2 box;
  for (const auto& piece : scenario.world.pieces())
    if (piece.kind == sim::ObstaclePiece::Kind::Segment)
      for (const auto& e : {piece.segment.a, piece.segment.b}) {
        box.lo = box.lo.cwiseMin(e);
        box.hi = box.hi.cwiseMax(e);
      }
  return box;
}

UVisits uVisits(const Box2& u, const std::filesystem::path& runDir) {
  const geometry::Vec2 &lo = u.lo, &hi = u.hi;
  UVisits v;
  const auto tracks = readTrajectories((runDir / "trajectories.csv").string());
  if (tracks.empty()) return v;
  bool inside = false;
  for (const TrajectorySample& s : tracks.begin()->second) {
    const geometry::Vec2 p = geometry::xy(s.position);
    const bool in = (p.array() > lo.array()).all() && (p.array() < hi.array()).all();
    if (in && !inside) {
      ++v.entries;
      if (v.firstEntry < 0.0) v.firstEntry = s.t;
    }
    if (!in && inside) ++v.exits;
    inside = in;
    if (v.firstEntry >= 0.0) {
      v.xMin = std::min(v.xMin, p.x());
      v.xMax = std::max(v.xMax, p.x());
    }
  }
  return v;
}

// Runs of u_trap.yaml with the direct planner: how many reach, stand, keep moving, cycle.
struct DirectRuns {
  int reached = 0, moving = 0, standing = 0, cycling = 0;
  std::string visits, seedDetail;
};

// `params`: --param assignments (the paper's (A.10), or none for our defaults).
DirectRuns directUTrap(const Context& context, const Box2& u, const std::vector<std::uint64_t>& seeds,
                       const std::vector<std::string>& params, const std::string& label) {
  DirectRuns d;
  for (const auto seed : seeds) {
    RunOverrides o = withSeed(seed);
    o.planner = "direct";
    o.params = params;
    const std::string name = format("u_trap_direct_%s_%llu", label.c_str(), static_cast<unsigned long long>(seed));
    const RunResult r = runSuiteScenario(context, "u_trap.yaml", o, name, true);
    const bool reached = r.metrics.reached() == r.metrics.agents.size();
    d.reached += reached;
    const auto standing = static_cast<int>(r.metrics.standingAtEnd());
    d.standing += standing;
    d.moving += static_cast<int>(r.metrics.agents.size() - r.metrics.reached()) - standing;
    const UVisits v = uVisits(u, context.out / "runs" / name);
    if (!reached && v.exits >= 1 && v.entries >= 2) ++d.cycling;
    d.visits += v.entries == 0
                    ? format("seed %llu never enters; ", static_cast<unsigned long long>(seed))
                    : format("seed %llu enters at %.1f s, %d entr%s, %d exit%s, x in [%.1f, %.1f] m after; ",
                             static_cast<unsigned long long>(seed), v.firstEntry, v.entries, v.entries == 1 ? "y" : "ies",
                             v.exits, v.exits == 1 ? "" : "s", v.xMin, v.xMax);
    if (seed == context.seed)
      d.seedDetail = format("seed %llu: ", static_cast<unsigned long long>(seed)) + describeRun(r) +
                     format(", path %.1f m", r.metrics.meanPathLength());
  }
  return d;
}

std::vector<Claim> uTrap(const Context& context) {
  Claim direct{"Fig. 7 without the harmonic planner: the agent enters the U, cycles, and may escape only by noise",
               "§6, A.10", "scenario u_trap.yaml, --planner direct, with the paper's printed model (--param "
               "local.preset=paper: α2 = tanh(Σ D_i) of A.10, no grouping of walls, the printed constants; what the "
               "paper does not print stays ours: d0base 8, d1base 0.2, heading noise 0.05 rad/√s, weight noise 0.01, "
               "and the noise is what may free the agent); beside it, "
               "for comparison, the paper's α2 with our other defaults (--param local.windowed_alpha2=false), and our "
               "defaults",
               "", Verdict::Differs, ""};
  Claim harmonic{"Fig. 7 with the harmonic planner: the local minimum is avoided", "§6.1, §6.2, A.2",
                 "scenario u_trap.yaml, --planner harmonic, at our defaults; beside it --planner hybrid (steer's "
                 "default automaton, our construction of §6.2's two strategies: reported, not judged)",
                 "", Verdict::Differs, ""};
  const Box2 u = uBox(context);
  const std::vector<std::uint64_t> seedList = seeds(context, 3);
  const int runs = static_cast<int>(seedList.size());
  // A direct run that does not reach either keeps moving (about the trap, or in it) or ends
  // standing still (stalled at the end for kStandingAtEnd or longer); the paths tell whether the
  // moving agent cycles as the paper says, leaving the U and entering it again. The verdict is
  // the printed model's. (Until 2026-11-29 it was judged with the paper's α2 alone and our other
  // departures on, among them the grouping of walls, which the paper does not have: the agent
  // then left the U and came back, where the printed model keeps it circling inside.)
  const DirectRuns printed = directUTrap(context, u, seedList, {"local.preset=paper"}, "paper_model");
  const DirectRuns paperAlpha2 = directUTrap(context, u, seedList, {"local.windowed_alpha2=false"}, "paper_alpha2");
  const DirectRuns ours = directUTrap(context, u, seedList, {}, "default");
  const auto summary = [&](const DirectRuns& d) {
    return format("reached in %d of %d seeds; of the runs that did not reach, %d still moving at the end, %d standing "
                  "still for the last %.0f s or more, %d cycling (left the U and entered it again); ",
                  d.reached, runs, d.moving, d.standing, kStandingAtEnd, d.cycling) +
           d.visits + d.seedDetail;
  };
  direct.measured = "the printed model: " + summary(printed) + ". The paper's α2 with our other defaults: " +
                    summary(paperAlpha2) + ". Our defaults: " + summary(ours);
  const bool trapped = 2 * printed.reached < runs || (runs == 1 && printed.reached == 0);
  const int notReached = runs - printed.reached;
  direct.verdict = trapped && 2 * printed.cycling > notReached ? Verdict::Reproduced : Verdict::Differs;
  direct.why = "threshold, on the runs with the printed model: fewer than half of the seeds reach (the paper allows an "
               "escape by noise, with no guarantee), and most of those that do not reach cycle: they leave the U (the "
               "box its walls span) and enter it again, as §6 describes. An agent that stays in the U, circling the "
               "dead end, is trapped but does not cycle. The other two sets show which of our departures the "
               "outcome turns on: our windowed α2 = tanh(Σ W_i D_i) (local.windowed_alpha2, which keeps crowds from "
               "switching every target off) counts the U's walls only inside their windows, and our grouping of "
               "wall pieces (local.group_walls, not in the paper) makes the U's walls act as one obstacle";
  int harmonicOk = 0, hybridOk = 0;
  std::string harmonicDetail;
  for (const auto seed : seedList)
    for (const char* planner : {"harmonic", "hybrid"}) {
      RunOverrides o = withSeed(seed);
      o.planner = planner;
      const std::string p = planner;
      const std::string name = format("u_trap_%s_%llu", planner, static_cast<unsigned long long>(seed));
      const RunResult r = runSuiteScenario(context, "u_trap.yaml", o, name, false);
      const bool ok = r.metrics.reached() == r.metrics.agents.size() &&
                      r.metrics.agentObstacleCollisions + r.metrics.agentAgentCollisions == 0;
      (p == "harmonic" ? harmonicOk : hybridOk) += ok;
      if (seed == context.seed) harmonicDetail += p + ": " + describeRun(r) + format(", path %.1f m; ", r.metrics.meanPathLength());
    }
  harmonic.measured = format("harmonic reached without collision in %d of %d seeds, hybrid in %d of %d; seed %llu: ",
                             harmonicOk, runs, hybridOk, runs, static_cast<unsigned long long>(context.seed)) +
                      harmonicDetail;
  harmonic.verdict = harmonicOk == runs ? Verdict::Reproduced : Verdict::Differs;
  harmonic.why = "threshold: every seed reaches with 0 collisions under the harmonic planner. §6.2 names two strategies "
                 "in words (\"go in the direction of the target\", \"just escape this apparent local minimum\") and "
                 "leaves its automata to its reference [2]; steer's hybrid automaton (seek, then follow the wall when "
                 "progress over 3 s falls below 0.5 m; no precomputed field) is ours, so its runs are reported, not "
                 "judged";
  return {direct, harmonic};
}

// Mean speed of the agent-steps within `band` (m) of an obstacle's surface (the body's gap to the
// nearest static piece), and how many there were: §4.4.3's "how fast it should move when close to
// them".
struct SpeedNearObstacles {
  double sum = 0.0;
  std::size_t samples = 0;
};

void addSpeedNearObstacles(const sim::World& world, const std::filesystem::path& runDir, double band,
                           SpeedNearObstacles& out) {
  for (const auto& [id, track] : readTrajectories((runDir / "trajectories.csv").string())) {
    const double radius = world.agents.at(id).radius;
    for (const TrajectorySample& s : track) {
      double gap = kInf;
      for (const auto& piece : world.pieces()) gap = std::min(gap, sim::distanceToPiece(piece, s.position) - radius);
      if (gap < band) out.sum += s.speed, ++out.samples;
    }
  }
}

// §4.4: a trait's mean at 0.1 and 0.9 (the others at 0.5) in personality_study.yaml.
Claim personality(const Context& context) {
  constexpr double kClose = 2.0;  // m: "close to obstacles", the clearance horizon of the metrics
  Claim c{"Personality (§4.4): dexterity, mass and courage change how agents steer; courage sets how close an agent "
          "is willing to get to obstacles (d0, (8)) and how fast it moves when close to them (d1, (9)–(10)), so a "
          "braver group passes closer and moves faster near obstacles",
          "§4.4, §7", format("scenario personality_study.yaml (12 agents among 7 obstacles), each trait's mean at 0.1 and "
          "0.9 (standard deviation 0.15, the others at 0.5); near obstacles: the agent-steps whose body is within %.0f m "
          "of an obstacle's surface", kClose), "", Verdict::Differs, ""};
  const Scenario study = loadWithOverrides((context.scenarios / "personality_study.yaml").string(), {});
  double clearance[2] = {0, 0}, reachedShare[2] = {0, 0};
  int clearanceSeeds[2] = {0, 0}, notReached[2] = {0, 0}, standing[2] = {0, 0};
  // The braver group's draws clipped to courage 1, where (8) gives d0 = 0: D_i = e^(−r_i/d0) is 0
  // and nothing turns the agent (A.6), and (10) gives d1 = 0.
  int fearless = 0, fearlessNotReached = 0;
  SpeedNearObstacles near[2];
  for (const char* trait : {"dexterity", "mass", "courage"}) {
    const bool courage = std::string(trait) == "courage";
    for (int level = 0; level < 2; ++level) {
      const double mean = level == 0 ? 0.1 : 0.9;
      double reached = 0, agents = 0, time = 0, collisions = 0, gap = 0;
      int timed = 0, n = 0, gaps = 0, stuck = 0, standingStill = 0;
      for (const auto seed : seeds(context, 3)) {
        RunOverrides o = withSeed(seed);
        o.params.push_back(format("groups.crowd.personality.%s.mean=%g", trait, mean));
        const std::string name = format("personality_%s_%g_%llu", trait, mean, static_cast<unsigned long long>(seed));
        const RunResult r = runSuiteScenario(context, "personality_study.yaml", o, name, courage);
        if (courage) addSpeedNearObstacles(study.world, context.out / "runs" / name, kClose, near[level]);
        if (courage && level == 1)
          for (std::size_t i = 0; i < r.info.agents.size() && i < r.metrics.agents.size(); ++i)
            if (r.info.agents[i].personality.courage >= 1.0) ++fearless, fearlessNotReached += !r.metrics.agents[i].reached;
        reached += static_cast<double>(r.metrics.reached());
        agents += static_cast<double>(r.metrics.agents.size());
        if (const auto t = r.metrics.meanTimeToGoal()) time += *t, ++timed;
        collisions += static_cast<double>(r.metrics.agentAgentCollisions + r.metrics.agentObstacleCollisions);
        stuck += static_cast<int>(r.metrics.agents.size() - r.metrics.reached());
        standingStill += static_cast<int>(r.metrics.standingAtEnd());
        // How close agents come to obstacles (not to each other): summary.json's min_obstacle_clearance.
        if (r.metrics.minObstacleClearance) gap += *r.metrics.minObstacleClearance, ++gaps;
        ++n;
      }
      const std::string gapText = gaps == 0 ? std::string("no obstacle within 2 m")
                                            : format("min obstacle clearance %.2f m%s", gap / gaps,
                                                     gaps < n ? format(" (%d of %d seeds came within 2 m)", gaps, n).c_str()
                                                              : "");
      c.measured += format("%s %.1f: %.0f%% reached, time %.1f s, %.1f collisions, %s", trait, mean,
                           100 * reached / agents, timed ? time / timed : 0.0, collisions / n, gapText.c_str());
      if (courage)
        c.measured += near[level].samples == 0
                          ? std::string(", never near an obstacle")
                          : format(", mean speed near obstacles %.2f m/s (%zu agent-steps)",
                                   near[level].sum / static_cast<double>(near[level].samples), near[level].samples);
      c.measured += "; ";
      if (courage) {
        clearance[level] = gaps ? gap / gaps : kInf;
        clearanceSeeds[level] = gaps;
        reachedShare[level] = reached / agents;
        notReached[level] = stuck;
        standing[level] = standingStill;
      }
    }
  }
  c.measured += format("(means over %zu seeds)", seeds(context, 3).size());
  const bool closer = clearanceSeeds[1] > 0 && clearance[1] < clearance[0];
  // A timid group that never comes near an obstacle leaves nothing to compare the speed with.
  const auto speed = [&](int level) { return near[level].sum / static_cast<double>(near[level].samples); };
  const bool comparable = near[0].samples > 0 && near[1].samples > 0;
  const bool faster = comparable && speed(1) > speed(0);
  // Both halves of the claim are judged: with nothing to compare the speeds with, the claim is
  // not tested (it passed on the gap alone).
  c.verdict = !comparable ? Verdict::NotTestable : closer && faster ? Verdict::Reproduced : Verdict::Differs;
  c.why = format("threshold: the braver group's smallest gap to an obstacle (mean over the seeds) is below the timid "
                 "group's, and its mean speed within %.0f m of an obstacle is above theirs (when both come that near). "
                 "The paper states the traits' effects in words only, so dexterity and mass are reported, not judged",
                 kClose);
  if (!comparable)
    c.why += ". Not testable in this run: a group never came within that distance of an obstacle";
  if (comparable && !faster)
    c.why += format(". The braver agents come closer but are slower there: %.2f against %.2f m/s", speed(1), speed(0));
  if (reachedShare[1] < reachedShare[0])
    c.why += format(". %.0f %% of the braver agents reach against %.0f %% of the timid ones, and %d of the %d that do "
                    "not reach stand still for the last %.0f s or more",
                    100 * reachedShare[1], 100 * reachedShare[0], standing[1], notReached[1], kStandingAtEnd);
  if (fearless > 0)
    c.why += format(". %d of the %d braver agents that do not reach drew courage 1 (%d drew it: the normal draw is clipped "
                    "to [0, 1]); there (8) gives d0 = 0, so D_i = e^(−r_i/d0) = 0 (A.6) and no obstacle or agent turns "
                    "them, and (10) gives d1 = 0: they walk into the first body on their line and stop against it, "
                    "and others queue behind them",
                    fearlessNotReached, notReached[1], fearless);
  return c;
}

struct SuiteRun {
  const char* file;
  const char* name;
  RunResult result;
};

std::vector<Claim> section7(const Context& context, std::vector<SuiteRun>& runs) {
  // Each with the seed of its file: these are the suite's recorded examples, not a seed sweep.
  for (auto& run : runs) run.result = runSuiteScenario(context, run.file, {}, run.name);
  const auto find = [&](const char* name) -> const RunResult& {
    for (const auto& run : runs)
      if (std::string(run.name) == name) return run.result;
    throw std::logic_error("no run " + std::string(name));
  };
  std::vector<Claim> out;
  {
    Claim c{"The harmonic examples: \"on the two maze-structured examples, and in the theater example\"; harmonic functions "
            "\"guarantee the agents do not get stuck in dead-ends\"",
            "§7, §6.1", "scenarios maze_a.yaml, maze_b.yaml, theater.yaml (our reconstructions, the seeds of the files), harmonic planner; "
            "judged with our defaults, the paper's printed model (local.preset=paper) reported beside", "",
            Verdict::Differs, ""};
    bool all = true, noMinima = true;
    std::string minima;
    for (const char* name : {"maze_a", "maze_b", "theater"}) {
      const RunResult& r = find(name);
      c.measured += std::string(name) + ": " + describeRun(r) + "; ";
      all = all && r.metrics.reached() == r.metrics.agents.size();
      // The dead-end half of the claim, from the run's own fields (the planner's report).
      double cells = -1;
      for (const auto& f : r.info.plannerReport)
        if (f.name == "field_local_minimum_cells") cells = f.value;
      noMinima = noMinima && cells == 0;
      minima += format("%s%s %s", minima.empty() ? "" : ", ", name, cells < 0 ? "not reported" : format("%.0f", cells).c_str());
    }
    c.measured += "local-minimum cells in the runs' harmonic fields: " + minima + "; ";
    // The same three with the paper's printed model (every departure that is a switch turned
    // back: local.preset=paper), for the reader to see what our departures do here.
    c.measured += "with the paper's printed model (local.preset=paper): ";
    for (const char* name : {"maze_a", "maze_b", "theater"}) {
      RunOverrides printed;
      printed.params = {"local.preset=paper"};
      const RunResult r = runSuiteScenario(context, std::string(name) + ".yaml", printed, std::string(name) + "_paper_model");
      c.measured += format("%s %zu of %zu; ", name, r.metrics.reached(), r.metrics.agents.size());
    }
    c.verdict = all && noMinima ? Verdict::Reproduced : Verdict::Differs;
    // Said whatever the verdict: the doors' width is our reconstruction's, chosen after narrower
    // ones failed (measured when the scenario was made, not in this run).
    c.why = "threshold: the runs' fields have no local-minimum cell (no dead end in the field: the guarantee "
            "itself) and every agent reaches its goal (which also fails on agents deadlocked by each other, not only "
            "on dead ends). maze_b's doors are 4 m wide in our reconstruction: with 2.5 m doors 0 of 6 reached "
            "when the scenario was made (2026-11-24) and 2 of 6 on 2026-12-01, measured apart from this run";
    if (!all && noMinima)
      c.why += ". The fields have no local minima, so agents that do not reach stop in the local layer: facing a "
               "wall or a corner closer than d1, "
               "where the speed law (6) gives v = 0, or queued behind other agents in the theater's 3 m corridor. "
               "Narrow doors are the model's weak point: near a door both frames' windows (A.4), each 2Δψ + δ wide, "
               "cover the direction through it and the competition (A.9) reads the door as two obstacles too close to "
               "pass";
    out.push_back(c);
  }
  {
    // One seed's run is one draw of the personalities: the claim ("two agents that sometimes get
    // stuck") is about what such draws give, so it is judged over seeds, with the paper's printed
    // model beside.
    const std::vector<std::uint64_t> flockSeeds = seeds(context, 12, 4);
    const auto stuckOverSeeds = [&](const std::vector<std::string>& params, const std::string& tag, std::string& counts,
                                    unsigned long long& collisions) {
      std::vector<std::size_t> stuck;
      for (const auto seed : flockSeeds) {
        RunOverrides o = withSeed(seed);
        o.params = params;
        const RunResult r = runSuiteScenario(context, "flock1.yaml", o,
                                             format("flock1_%s_seed_%llu", tag.c_str(), static_cast<unsigned long long>(seed)));
        stuck.push_back(r.metrics.agents.size() - r.metrics.reached());
        collisions += r.metrics.agentObstacleCollisions;
        counts += (counts.empty() ? "" : ", ") + std::to_string(stuck.back());
      }
      std::sort(stuck.begin(), stuck.end());
      return stuck;
    };
    std::string ours, printed;
    unsigned long long collisions = 0, printedCollisions = 0;
    const std::vector<std::size_t> stuck = stuckOverSeeds({}, "ours", ours, collisions);
    const std::vector<std::size_t> stuckPrinted = stuckOverSeeds({"local.preset=paper"}, "paper", printed, printedCollisions);
    const std::size_t medianStuck = stuck[stuck.size() / 2];
    const bool some = stuck.back() > 0;
    Claim c{"flock1: 2D flocking with random personalities among obstacles; \"there are two agents that sometimes get "
            "stuck behind obstacles\"; \"the forward velocity ... is responsible to avoid actual collisions\"",
            "§7",
            format("scenario flock1.yaml (our reconstruction: layout and personality spread are ours), seeds %llu-%llu, "
                   "judged with our defaults; the paper's printed model (local.preset=paper) beside",
                   static_cast<unsigned long long>(flockSeeds.front()), static_cast<unsigned long long>(flockSeeds.back())),
            format("the file's seed: %s; agents not reaching, seed by seed: %s (median %zu), %llu agent-obstacle "
                   "collisions in all; printed model: %s, %llu collisions",
                   describeRun(find("flock1")).c_str(), ours.c_str(), medianStuck, collisions, printed.c_str(),
                   printedCollisions),
            Verdict::Differs, ""};
    const bool ok = some && medianStuck >= 1 && medianStuck <= 3 && collisions == 0;
    c.verdict = ok ? Verdict::Reproduced : Verdict::Differs;
    c.why = "threshold (ours): a few agents stuck in a typical draw (median over the seeds 1 to 3) and no agent-obstacle "
            "collision in any run. The paper gives neither the layout nor the personality distribution, and runs at "
            "our defaults carry our departures from the printed model (papers/goldenstein2001/README.md)";
    out.push_back(c);
  }
  {
    // §6: the direct course to the target "is a good and simple enough solution (see examples
    // chicken-2D, chicken-3D, flock1, etc)": judged as every chaser reaching its moving target
    // with the direct planner (flock1 has its own row).
    const RunResult& flat = find("chicken_2d");
    const RunResult& deep = find("chicken_3d");
    const auto allCatch = [](const RunResult& r) {
      return r.info.planner == "direct" && r.metrics.reached() == r.metrics.agents.size() && !r.metrics.agents.empty();
    };
    Claim c{"chicken-2D and chicken-3D: agents chasing a moving target; the direct course to the target \"is a good "
            "and simple enough solution\" for them",
            "§6, §7", "scenarios chicken_2d.yaml, chicken_3d.yaml (our reconstructions, the seeds of the files), direct "
            "planner, our defaults",
            "chicken_2d: " + describeRun(flat) + "; chicken_3d: " + describeRun(deep),
            allCatch(flat) && allCatch(deep) ? Verdict::Reproduced : Verdict::Differs,
            "threshold: with the direct planner every chaser reaches the moving target (comes within its reach "
            "radius), in 2D and in 3D. The paper shows the runs as animations only; the target's loop, speed and the "
            "chasers' starts are ours; our arrival slow-down (not in the paper) kept them from closing in until "
            "2026-11-26, when its cap towards a moving target became the target's speed plus gain × distance "
            "(papers/goldenstein2001/README.md)"};
    out.push_back(c);
  }
  {
    Claim c{"3D flocking with different personalities", "§4.3, §7", "scenario flock_3d.yaml",
            describeRun(find("flock_3d")), Verdict::Reported,
            "the paper gives no measure of its flocking; the run shows the 3D model (§4.3) reaching and not colliding"};
    out.push_back(c);
  }
  {
    Claim c{"\"All our experiments run in the range of 1–700 frames per second on a Pentium II 400MHz\"", "§7",
            "every scenario run above (steps / simulation_seconds of summary.json: the step loop without output)", "",
            Verdict::Reported, ""};
    double slowest = 1e300;
    for (const auto& run : runs) {
      c.measured += format("%s (%zu agents) %.0f; ", run.name, run.result.metrics.agents.size(), loopFps(run.result));
      slowest = std::min(slowest, loopFps(run.result));
    }
    c.measured += format("slowest %.0f steps/s", slowest);
    c.why = "a different machine (see the header) and the paper's agent counts and what its \"frame\" includes "
            "(rendering?) are not given; our figures are stated for comparison, not judged";
    out.push_back(c);
  }
  return out;
}

// Certificate work and time per agent of one kinetic step, crowd motion of the benchmarks.
struct KineticSample {
  double certificatesPerAgentStep = 0, microsecondsPerAgent = 0;
};

// The time is the least of `batches` batches of `steps` steps (per agent-step): a batch of a
// 1,000-agent crowd lasts tens of milliseconds, and one hiccup of a shared machine moved the
// ratio of a single batch by a third. The work counts every batch.
KineticSample kineticSample(std::size_t n, int steps, int batches) {
  bench::CrowdMotionSettings s;
  s.agents = n;
  s.walls = static_cast<int>(n / 200);
  s.seed = 7;
  bench::CrowdMotion motion(s);
  environment::KineticProvider provider;  // default settings: contacts found, as in runs
  provider.reset(motion.world());
  for (int k = 0; k < 5; ++k) {  // past the initial certification
    motion.step();
    provider.update(motion.world(), motion.previous());
  }
  const auto before = provider.counters();
  double least = std::numeric_limits<double>::infinity();
  for (int b = 0; b < batches; ++b) {
    double seconds = 0;
    for (int k = 0; k < steps; ++k) {
      motion.step();
      const auto t0 = std::chrono::steady_clock::now();
      provider.update(motion.world(), motion.previous());
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    least = std::min(least, seconds);
  }
  const auto& after = provider.counters();
  KineticSample out;
  out.certificatesPerAgentStep =
      static_cast<double>(after.certificateEvaluations() - before.certificateEvaluations()) / n / (steps * batches);
  out.microsecondsPerAgent = 1e6 * least / n / steps;
  return out;
}

std::vector<Claim> kinetic(const Context& context) {
  const std::size_t small = context.quick ? 500 : 1000, large = context.quick ? 4000 : 16000;
  const int steps = context.quick ? 5 : 20, batches = context.quick ? 2 : 5;
  if (context.progress) context.progress(format("kinetic structure at %zu and %zu agents", small, large));
  const KineticSample a = kineticSample(small, steps, batches), b = kineticSample(large, steps, batches);
  const double workRatio = b.certificatesPerAgentStep / a.certificatesPerAgentStep;
  const double timeRatio = b.microsecondsPerAgent / a.microsecondsPerAgent;
  const std::string setUp = format("KineticProvider::update, near sets and contacts as `steer run` uses it, on the crowd "
                                   "motion of steer_bench's BM_NearEnvironment_KineticWithContacts (≤ 5 %% of the spacing "
                                   "per step, N/200 walls), %zu and %zu agents, %d batches of %d steps (time: the least batch)",
                                   small, large, batches, steps);
  Claim work{"The kinetic near-environment structure costs \"O(1) per agent\": certificate work", "§5, A.3", setUp,
             format("%.1f and %.1f certificate evaluations per agent-step: ratio %.2f", a.certificatesPerAgentStep,
                    b.certificatesPerAgentStep, workRatio),
             workRatio <= 1.5 ? Verdict::Reproduced : Verdict::Differs,
             format("threshold: the work per agent at %zu agents at most 1.5 × that at %zu", large, small)};
  Claim time{"The kinetic near-environment structure costs \"O(1) per agent\": time", "§5, A.3", setUp,
             format("%.2f and %.2f µs per agent-step: ratio %.3f", a.microsecondsPerAgent, b.microsecondsPerAgent,
                    timeRatio),
             Verdict::Reported,
             format("the paper's claim is one of complexity, judged on the work in the row above; "
                    "it gives no figure for the time. A bound of ours (the time per agent at %zu agents at most 1.5 × "
                    "that at %zu) passed in some runs and not in others, on the load of the moment and the machine (1.05-1.88 × "
                    "over runs on 2-core VMs to 2026-12-02). With flat work, growth in time comes from the memory hierarchy (the structure outgrows "
                    "the caches; docs/benchmarks.md), as reynolds2000's time-per-boid row says of the lattice",
                    large, small)};
  return {work, time};
}

}  // namespace

std::vector<Claim> goldenstein2001(const Context& context) {
  std::vector<Claim> claims{fig2a(context), fig2b(context), fig5(context), tableA1(context), hiddenTarget(context)};
  for (auto& c : uTrap(context)) claims.push_back(std::move(c));
  claims.push_back(personality(context));
  std::vector<SuiteRun> runs{{"maze_a.yaml", "maze_a", {}},         {"maze_b.yaml", "maze_b", {}},
                             {"theater.yaml", "theater", {}},       {"flock1.yaml", "flock1", {}},
                             {"chicken_2d.yaml", "chicken_2d", {}}, {"chicken_3d.yaml", "chicken_3d", {}},
                             {"flock_3d.yaml", "flock_3d", {}}};
  for (auto& c : section7(context, runs)) claims.push_back(std::move(c));
  for (auto& c : kinetic(context)) claims.push_back(std::move(c));
  return claims;
}

}  // namespace steer::experiments::reproduce
