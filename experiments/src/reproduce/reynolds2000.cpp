// The claims of Reynolds 2000, "Interaction with Groups of Autonomous Characters", checked by
// `steer reproduce reynolds2000`: the bin lattice's speed-up over the naive all-pairs scan
// (timed here, on this machine), its equality with that scan, think-rate decoupling, the
// avatar's neighbourhood, and the Pigeons in the Park scenario (clap, contagion, landing).
// Every verdict comes from a threshold stated in its row.
#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "claim.hpp"
#include "scenario_run.hpp"
#include "steer/environment/brute_force_provider.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/experiments/factory.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/reynolds/pigeons.hpp"
#include "steer/reynolds/reynolds_model.hpp"
#include "steer/reynolds/state_machine.hpp"

namespace steer::experiments::reproduce {

namespace {

using sim::Vec3;

// The flock of steer_bench's BM_BoidsQueries_*: boids uniform in a cube, near radius 2 m,
// `perBin` boids per near-radius cube (1: the 2000 paper's "10x10x10 lattice of 1000 bins" for
// 1000 birds), headings random, the lattice spanning the flock plus one radius.
constexpr double kNearRadius = 2.0;

sim::World boids(int n, double perBin, std::uint64_t seed) {
  const double side = std::cbrt(n * std::pow(kNearRadius, 3) / perBin);
  sim::World w;
  w.dimension = 3;
  const double half = side / 2 + kNearRadius;
  w.bounds = {Vec3::Constant(-half), Vec3::Constant(half)};
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-side / 2, side / 2);
  std::normal_distribution<double> g(0, 1);
  w.agents.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    auto& a = w.agents[static_cast<std::size_t>(i)];
    a.id = static_cast<sim::AgentIndex>(i);
    a.radius = 0.2;
    a.nearRadius = kNearRadius;
    a.state.position = Vec3(u(rng), u(rng), u(rng));
    a.state.direction = Vec3(g(rng), g(rng), g(rng)).normalized();
    a.state.speed = 1.0;
  }
  w.refreshPieces();
  return w;
}

// Seconds of one locality-query pass (the provider's update after the flock moved 5 cm, on a
// freshly reset provider).
double onePass(sim::NeighborProvider& provider, const sim::World& initial) {
  sim::World w = initial;
  provider.reset(w);
  std::vector<Vec3> previous(w.agents.size());
  for (std::size_t i = 0; i < w.agents.size(); ++i) {
    previous[i] = w.agents[i].state.position;
    w.agents[i].state.position += 0.05 * w.agents[i].state.direction;
  }
  const auto t0 = std::chrono::steady_clock::now();
  provider.update(w, previous);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// NaN for no values.
double median(std::vector<double> v) {
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 == 1 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// The median of `repetitions` passes (as pairedPasses reports them).
double queryPass(sim::NeighborProvider& provider, const sim::World& initial, int repetitions) {
  std::vector<double> t;
  for (int r = 0; r < repetitions; ++r) t.push_back(onePass(provider, initial));
  return median(t);
}

// Two providers timed in pairs of passes, in turn (which goes first alternates), so that a
// disturbance of the machine falls on both: the medians of each one's passes and of the pairs'
// ratios `slow` ÷ `fast`. Timed apart, as minima of 15 passes each, the ratio moved 5.3–13.0 ×
// over three runs within minutes.
struct PairedTiming {
  double fastSeconds, slowSeconds, ratio;
};
PairedTiming pairedPasses(sim::NeighborProvider& fast, sim::NeighborProvider& slow, const sim::World& initial,
                          int repetitions) {
  std::vector<double> tf, ts, ratios;
  for (int r = 0; r < repetitions; ++r) {
    double a = 0.0, b = 0.0;
    if (r % 2 == 0) {
      a = onePass(fast, initial);
      b = onePass(slow, initial);
    } else {
      b = onePass(slow, initial);
      a = onePass(fast, initial);
    }
    tf.push_back(a);
    ts.push_back(b);
    ratios.push_back(b / a);
  }
  return {median(tf), median(ts), median(ratios)};
}

// The candidates tested per near query since the provider's last reset (its work counters).
double candidatesPerQuery(const environment::LatticeProvider& provider) {
  double queries = 0.0, tested = 0.0;
  for (const auto& [name, value] : provider.work()) {
    if (name == "near_queries") queries = value;
    if (name == "candidates_tested") tested = value;
  }
  return queries > 0.0 ? tested / queries : 0.0;
}

environment::LatticeSettings noContacts() {
  environment::LatticeSettings s;
  s.detectContacts = false;  // the naive scan does not look for contacts either
  return s;
}

std::vector<Claim> lattice(const Context& context) {
  const int repetitions = context.quick ? 3 : 31;
  if (context.progress) context.progress("bin lattice against the all-pairs scan at 1,000 boids");
  const sim::World flock = boids(1000, 1.0, context.seed);
  environment::LatticeProvider lattice(noContacts());
  environment::BruteForceProvider brute({.detectContacts = false});
  const PairedTiming timed = pairedPasses(lattice, brute, flock, repetitions);
  const double tl = timed.fastSeconds, tb = timed.slowSeconds;
  const double testedSmall = candidatesPerQuery(lattice);
  // The same sets: every boid's neighbours from both providers, through the update path the timed
  // pass uses (boids re-binned as they move), over 30 steps of 5 cm, 50 cm and 1.5 m moves.
  sim::World moved = flock;
  lattice.reset(moved);
  brute.reset(moved);
  std::size_t differing = 0, pairs = 0, timedPairs = 0;  // timedPairs: after the first 5 cm, as timed
  for (int step = 0; step < 30; ++step) {
    const double move = step % 3 == 0 ? 0.05 : step % 3 == 1 ? 0.5 : 1.5;
    std::vector<Vec3> previous(moved.agents.size());
    for (std::size_t i = 0; i < moved.agents.size(); ++i) {
      previous[i] = moved.agents[i].state.position;
      moved.agents[i].state.position += move * moved.agents[i].state.direction;
    }
    moved.time += 0.1;
    lattice.update(moved, previous);
    brute.update(moved, previous);
    for (sim::AgentIndex i = 0; i < moved.agents.size(); ++i) {
      std::vector<sim::AgentIndex> a(lattice.neighbors(i).begin(), lattice.neighbors(i).end());
      std::vector<sim::AgentIndex> b(brute.neighbors(i).begin(), brute.neighbors(i).end());
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      differing += a != b;
      pairs += b.size();
      if (step == 0) timedPairs += b.size();
    }
  }
  const double ratio = timed.ratio;
  // The ratio depends on the flock's density against the query radius, which the paper does not
  // give: the same pass at 4 boids per bin (~15 neighbours each), reported beside.
  const sim::World dense = boids(1000, 4.0, context.seed);
  environment::LatticeProvider denseLattice(noContacts());
  environment::BruteForceProvider denseBrute({.detectContacts = false});
  const double denseRatio = pairedPasses(denseLattice, denseBrute, dense, repetitions).ratio;
  Claim speed{"Bin-lattice locality queries for a flock of 1,000 birds are \"about 16 times faster than the naive O(n²) "
              "implementation\"",
              "Locality Queries",
              format("steer::environment::LatticeProvider against BruteForceProvider: one query pass of 1,000 boids "
                     "after a 5 cm move, 1 boid per bin (the flock fills 10×10×10 bins of one query radius, 12³ "
                     "with the margin: the paper's \"good starting point\" for the meadow; its 1,000-bird timing "
                     "names no lattice or density; our choice), boids uniform at random, near radius 2 m, %d pairs of "
                     "passes timed in turn (medians; the ratio is the median of the pairs'), contacts off; the same "
                     "at 4 boids per bin reported beside",
                     repetitions),
              format("lattice %.3f ms, naive %.3f ms (medians); %.1f × faster (the median of the pairs' ratios); "
                     "%.1f neighbours per boid. At 4 boids per bin: %.1f × (not judged)",
                     1e3 * tl, 1e3 * tb, ratio, static_cast<double>(timedPairs) / 1000.0, denseRatio),
              ratio >= 8.0 && ratio <= 32.0 ? Verdict::Reproduced : Verdict::Differs,
              "threshold: within a factor of two of the paper's \"about 16\", 8 to 32 ×, in one run on this machine "
              "(see the header for the machine and its load). The paper states neither its flock's density nor its "
              "query radius, and the ratio depends on both and on the machine: with bins one radius wide a query "
              "reads ~27 bins, against 1,000 boids for the naive scan, and a denser flock gains less (the figure "
              "beside). So this row checks that the lattice gives a speed-up of the paper's order at a density we "
              "chose, not the paper's own figure. A one-sided \"at least 16 ×\" counted 24 × as reproduced and 15.7 "
              "× as not"};
  if (denseRatio < 8.0 || denseRatio > 32.0)
    speed.why += format(". The verdict turns on that choice: at 4 boids per bin this run's %.1f × would not be "
                        "reproduced", denseRatio);
  Claim same{"The lattice finds the same neighbours as the naive scan", "Locality Queries, Figs. 7–8",
             "the neighbour sets of every boid of the 1,000-boid flock from both providers after each of 30 "
             "updates (moves of 5 cm, 50 cm and 1.5 m along each boid's heading, in turn)",
             format("%zu of 30,000 boid-steps with a different set (%zu neighbour pairs in all)", differing, pairs),
             differing == 0 ? Verdict::Reproduced : Verdict::Differs, "threshold: identical sets for every boid"};

  const int large = context.quick ? 8000 : 64000;
  if (context.progress) context.progress(format("bin lattice per boid at 1,000 and %d boids", large));
  environment::LatticeProvider big(noContacts());
  const double tLarge = queryPass(big, boids(large, 1.0, context.seed), std::max(1, repetitions / 3));
  const double testedLarge = candidatesPerQuery(big);
  // The claim is one of complexity, so it is judged on the work (the candidates a query tests,
  // counted), and the time per boid, which also measures the caches, has a row of its own.
  const double workRatio = testedLarge / testedSmall;
  Claim linear{"Spatial subdivision turns O(n²) into O(nk), \"asymptotically equivalent to O(n)\"", "Locality Queries",
               format("the candidates the lattice tests per boid in one query pass at 1,000 and %d boids, same "
                      "density (the naive scan tests n − 1: 999 and %d)",
                      large, large - 1),
               format("%.1f and %.1f candidates per boid: ratio %.2f", testedSmall, testedLarge, workRatio),
               workRatio <= 1.25 ? Verdict::Reproduced : Verdict::Differs,
               format("threshold: the candidates per boid at %d boids within 25 %% of those at 1,000, where the naive "
                      "scan's grow %.0f ×. A query reads the bins its radius overlaps whatever n is; the small flock's "
                      "boids near its surface find fewer candidates there",
                      large, (large - 1) / 999.0)};
  // Both sizes timed the same way, lattice passes one after another (the 1,000-boid figure of
  // the row above was timed in turn with the naive scan's passes).
  const double tSmall = queryPass(lattice, flock, std::max(1, repetitions / 3));
  const double perBoidRatio = (tLarge / large) / (tSmall / 1000.0);
  Claim linearTime{"The same in time: the query pass's time per boid stays flat as the flock grows", "Locality Queries",
                   format("the lattice's query pass timed at 1,000 and %d boids, same density, the median of %d "
                          "passes each",
                          large, std::max(1, repetitions / 3)),
                   format("%.3f and %.3f µs per boid: ratio %.2f", 1e6 * tSmall / 1000.0, 1e6 * tLarge / large,
                          perBoidRatio),
                   Verdict::Reported,
                   "the paper's claim is one of complexity, judged on the work in the row "
                   "above; it gives no figure for the time per boid, which also measures the machine's caches (a "
                   "bound of ours, 1.5 ×, passed in some runs and not in others, on the load of the moment). The work "
                   "per boid barely grows (edge effects, against the naive scan's n); what grows is the working set "
                   "leaving the caches"};
  return {speed, same, linear, linearTime};
}

Claim thinkRate(const Context& context) {
  const reynolds::ReynoldsParameters pigeons = reynolds::pigeonsInThePark();
  const reynolds::ReynoldsModel model(pigeons);
  const sim::Noise noise(context.seed);
  const int every = pigeons.think.thinkEvery;
  int wrongCount = 0;
  std::vector<int> perPhase(static_cast<std::size_t>(every), 0);
  const sim::AgentIndex agents = 280;
  for (sim::AgentIndex id = 0; id < agents; ++id) {
    for (std::uint64_t start = 0; start < 60; ++start) {
      int thinks = 0;
      for (std::uint64_t step = start; step < start + static_cast<std::uint64_t>(every); ++step)
        thinks += model.thinks(noise, id, step, every);
      wrongCount += thinks != 1;
    }
    for (int step = 0; step < every; ++step)
      if (model.thinks(noise, id, static_cast<std::uint64_t>(step), every)) ++perPhase[static_cast<std::size_t>(step)];
  }
  const auto [lo, hi] = std::minmax_element(perPhase.begin(), perPhase.end());
  // Spread evenly? Pearson's chi-square of the birds per phase against k equal shares, judged at
  // the 0.1 % level (k − 1 degrees of freedom): a phase generator that favoured some phases would
  // fail it, where "every phase used" would not.
  const double share = static_cast<double>(agents) / every;
  double chi2 = 0.0;
  for (const int n : perPhase) chi2 += (n - share) * (n - share) / share;
  const double critical =
      boost::math::quantile(boost::math::complement(boost::math::chi_squared(every - 1.0), 0.001));
  return {"Thinking is decoupled from the simulation rate: each character re-plans every k steps (10 Hz of 60 Hz) with "
          "a randomised phase, spreading the load",
          "Realtime Performance: Thinking",
          format("ReynoldsModel::thinks for the pigeons' k = %d, %u birds, every window of k steps among the first 66",
                 every, agents),
          format("windows without exactly one think step: %d; birds per phase: %d to %d (of %u, %.1f each if even); "
                 "chi-square %.1f against %.1f",
                 wrongCount, *lo, *hi, agents, share, chi2, critical),
          wrongCount == 0 && *lo > 0 && chi2 < critical ? Verdict::Reproduced : Verdict::Differs,
          "threshold: exactly one think per window of k steps for every bird, every phase used, and the birds per "
          "phase consistent with an even spread (Pearson's chi-square below its 0.1 % critical value). This checks "
          "the schedule; that the steering force is held between thinks is the test "
          "ThinkRate.TheHeldForceChangesOnlyOncePerPeriod"};
}

Claim avatarZone(const Context& context) {
  // The paper's relation of its two zones, in the scenario's: the move-away zone "larger and less
  // elongated" than the take-off zone.
  Scenario scenario = loadScenario((context.scenarios / "pigeons.yaml").string());
  const auto model = makeLocalModel(scenario);
  const auto* pigeonModel = dynamic_cast<const reynolds::ReynoldsModel*>(model.get());
  if (pigeonModel == nullptr) throw std::runtime_error("pigeons.yaml: expected the reynolds model");
  const reynolds::Avatar& avatar = pigeonModel->parameters().avatar;
  // Both zones reach radius + weight × speed ahead, the take-off zone growing faster: "larger"
  // (holding it) only up to the speed where the two reach alike, which the avatar's path must
  // stay below.
  const double carSpeed = avatar.path.speed, upTo = reynolds::holdsUpToSpeed(avatar.moveAway, avatar.takeoff);
  const std::string holds = upTo < 0.0        ? std::string("at no speed")
                            : std::isinf(upTo) ? std::string("at every speed")
                                               : format("up to %.1f m/s", upTo);
  const bool related = avatar.moveAway.radius > avatar.takeoff.radius &&
                       avatar.moveAway.velocityWeight < avatar.takeoff.velocityWeight && carSpeed <= upTo;
  const reynolds::AvatarZone zone{2.0, 1.0};
  const Vec3 car = Vec3::Zero(), v(3, 0, 0);
  const bool ok = zone.contains(car, Vec3::Zero(), Vec3(1.9, 0, 0)) && !zone.contains(car, Vec3::Zero(), Vec3(2.1, 0, 0)) &&
                  zone.contains(car, v, Vec3(4.9, 0, 0)) && !zone.contains(car, v, Vec3(5.1, 0, 0)) &&
                  !zone.contains(car, v, Vec3(-2.1, 0, 0)) && zone.contains(car, v, Vec3(0, 1.9, 0)) &&
                  !zone.contains(car, v, Vec3(2.5, 1.9, 0));
  return {"The avatar's neighbourhood: a half circle behind and a half ellipse ahead, elongated with speed; the "
          "move-away zone larger and less elongated than the take-off zone", "Reacting to the User, Figs. 5–6",
          "reynolds::AvatarZone{radius 2 m, velocity weight 1}, our reading of Fig. 5's construction (reach ahead = "
          "radius + weight × speed; we have the text, not the figure): points just inside and outside at rest and "
          "at 3 m/s; and pigeons.yaml's two zones",
          format("%s; pigeons.yaml: move-away radius %.1f m, weight %.1f s; take-off radius %.1f m, weight %.1f s: "
                 "the move-away zone holds the take-off zone %s, and the avatar drives at %.1f m/s",
                 ok ? "at rest a circle of 2 m; at 3 m/s it reaches 5 m ahead, 2 m behind and sideways, and (2.5, 1.9) "
                      "lies outside the ellipse"
                    : "the zone's boundary is not where the construction puts it (one of the seven probes failed)",
                 avatar.moveAway.radius, avatar.moveAway.velocityWeight, avatar.takeoff.radius,
                 avatar.takeoff.velocityWeight, holds.c_str(), carSpeed),
          ok && related ? Verdict::Reproduced : Verdict::Differs,
          "threshold: all seven probes 0.1 m inside or outside the constructed boundary, and the scenario's move-away "
          "zone wider (radius) and less elongated (weight) than its take-off zone, and holding it at the avatar's speed "
          "(a less elongated zone is the smaller beyond some speed; steer run says so in a note). A check of our construction's "
          "geometry, not of the birds' avoidance (not checked, see the README)"};
}

struct ClapOutcome {
  int nearClap = 0;      ///< walking birds within the clap's radius when it sounds
  int scared = 0;        ///< birds whose annoyance rose within 3 s of the clap
  int walkingAfter = 0;  ///< birds walking 30 s after the clap
  /// Each first flight after the clap that ended by then: from take-off to walking again, its
  /// duration (s) and the ground distance between both ends (m).
  std::vector<double> flightSeconds, flightMetres;
  /// With a second clap: for each bird back on the ground from its first flight just before it
  /// and that flew again after it, the ground lengths (m) of its first and of its next flight.
  std::vector<std::pair<double, double>> againMetres;
  double secondClapTime = 0.0;
  std::size_t birds = 0;
  reynolds::Clap clap;
};

// The flock of pigeons.yaml without the user's car (so that only the clap scares it), with the
// contagion threshold `contagion` (a fraction of the neighbours in flight), or without the
// contagion transition at all (nullopt). With `secondClapAfter` > 0 the clap sounds again, at the
// same place, that many seconds after the first: "startled again before it has had time to calm
// down".
ClapOutcome clapRun(const Context& context, std::optional<double> contagion, double secondClapAfter = 0.0) {
  Scenario s = loadScenario((context.scenarios / "pigeons.yaml").string());
  validateScenario(s);
  s.settings.threads = context.threads;
  s.reynolds.remove("avatar");
  if (secondClapAfter > 0.0) {
    YAML::Node again = YAML::Clone(s.reynolds["claps"][0]);
    again["time"] = again["time"].as<double>() + secondClapAfter;
    s.reynolds["claps"].push_back(again);
  }
  YAML::Node transitions(YAML::NodeType::Sequence);
  for (auto t : s.reynolds["transitions"]) {
    if (t["trigger"].as<std::string>() == "contagion") {
      if (!contagion) continue;
      t["value"] = *contagion;
    }
    transitions.push_back(t);
  }
  s.reynolds["transitions"] = transitions;
  const auto model = makeLocalModel(s);
  const auto* reynoldsModel = dynamic_cast<const reynolds::ReynoldsModel*>(model.get());
  if (reynoldsModel == nullptr || reynoldsModel->parameters().claps.empty())
    throw std::runtime_error("pigeons.yaml: expected the reynolds model with a clap");
  ClapOutcome out;
  out.clap = reynoldsModel->parameters().claps.front();
  out.secondClapTime = out.clap.time + secondClapAfter;
  const double landBy = out.clap.time + 30.0 + secondClapAfter;
  s.settings.duration = std::max(s.settings.duration, landBy + 1.0);  // room to land
  sim::Simulation sim = makeSimulation(s);
  // Steps until `t`, calling `each` after every step; a finished simulation no longer advances its clock.
  const auto runUntil = [&](double t, const std::function<void()>& each = {}) {
    while (sim.world().time < t - 1e-9) {
      if (sim.finished()) throw std::runtime_error("pigeons.yaml: the run ended before t = " + std::to_string(t) + " s");
      sim.step();
      if (each) each();
    }
  };
  const auto annoyance = [&](std::size_t i) { return sim.world().agents[i].state.model[reynolds::kSlotAnnoyance]; };
  const auto walking = [&](std::size_t i) {
    return static_cast<int>(sim.world().agents[i].state.model[reynolds::kSlotState]) == reynolds::kPigeonWalking;
  };
  runUntil(out.clap.time);
  out.birds = sim.world().agents.size();
  std::vector<double> before(out.birds);
  for (std::size_t i = 0; i < out.birds; ++i) {
    before[i] = annoyance(i);
    out.nearClap += walking(i) && (sim.world().agents[i].state.position - out.clap.position).norm() <= out.clap.radius;
  }
  // First flights: a bird that leaves the walking state after the clap, until it walks again;
  // after a second clap, the next flight of a bird whose first one had ended.
  std::vector<int> flight(out.birds, 0);  // 0 not yet, 1 in its first flight, 2 done, 3 in its next, 4 done
  std::vector<double> since(out.birds, 0.0), firstMetres(out.birds, 0.0);
  std::vector<Vec3> from(out.birds);
  const bool again = secondClapAfter > 0.0;
  // Just before the second clap, the birds whose first flight has ended and that are on the
  // ground: only their next flight is paired with the first (one still in the air, or up again,
  // is left out). Taken after every step before the clap; the last such is the one that counts.
  std::vector<char> eligible(out.birds, 0);
  const auto followFlights = [&] {
    const bool afterSecond = again && sim.world().time >= out.secondClapTime - 1e-9;
    if (again && !afterSecond)
      for (std::size_t i = 0; i < out.birds; ++i) eligible[i] = flight[i] == 2 && walking(i);
    for (std::size_t i = 0; i < out.birds; ++i) {
      const Vec3& at = sim.world().agents[i].state.position;
      if (afterSecond && flight[i] == 2 && !eligible[i]) continue;
      if ((flight[i] == 0 && !afterSecond) || (flight[i] == 2 && afterSecond)) {
        if (walking(i)) continue;
        since[i] = sim.world().time;
        from[i] = at;
        ++flight[i];
      } else if ((flight[i] == 1 || flight[i] == 3) && walking(i)) {
        const double metres = (at - from[i]).head<2>().norm();
        if (flight[i] == 1) {
          out.flightSeconds.push_back(sim.world().time - since[i]);
          out.flightMetres.push_back(metres);
          firstMetres[i] = metres;
        } else {
          out.againMetres.emplace_back(firstMetres[i], metres);
        }
        ++flight[i];
      }
    }
  };
  runUntil(out.clap.time + 3.0, followFlights);
  for (std::size_t i = 0; i < out.birds; ++i) out.scared += annoyance(i) > before[i] + 1e-12;
  runUntil(landBy, followFlights);
  for (std::size_t i = 0; i < out.birds; ++i) out.walkingAfter += walking(i);
  return out;
}

std::vector<Claim> pigeons(const Context& context) {
  if (context.progress) context.progress("Pigeons in the Park: the clap with and without contagion");
  const ClapOutcome spread = clapRun(context, 0.25), isolated = clapRun(context, std::nullopt);
  // The clap again 10 s after the first: the first flights (~4 s) have landed, and an annoyance of
  // 1 has decayed to exp(-10 / 30) = 0.72, "before it has had time to calm down".
  constexpr double kSecondClapAfter = 10.0;
  const ClapOutcome twice = clapRun(context, 0.25, kSecondClapAfter);
  Claim contagion{"A hand clap startles the birds near it, and the urge to take off is contagious: \"a wave of alarm "
                  "propagates through the crowd\"",
                  "Case study: Pigeons in the Park",
                  format("scenario pigeons.yaml (280 birds, clap at %.0f s, radius %.0f m) without the car, with the "
                         "file's contagion (threshold 0.25) and with contagion off (its transition removed, the oracle)",
                         spread.clap.time, spread.clap.radius),
                  format("birds scared within 3 s of the clap: %d with contagion, %d without; %d walking birds within "
                         "the clap's radius",
                         spread.scared, isolated.scared, spread.nearClap),
                  std::abs(isolated.scared - spread.nearClap) <= 3 && spread.scared >= 2 * spread.nearClap &&
                          spread.nearClap > 0
                      ? Verdict::Reproduced
                      : Verdict::Differs,
                  "threshold: without contagion the clap scares the birds within its radius (±3), with it at least "
                  "twice as many (the alarm spread beyond the clap)"};
  const double medianMetres = median(spread.flightMetres);
  Claim landing{"Startled birds land again and return to feeding (the state diagram)", "Case study",
                "the contagion run above: each bird's first flight after the clap, from take-off to walking again "
                "(feeding is not modelled: walking stands for it), and the birds walking 30 s after it",
                format("%d of %zu birds walking again (%d were scared); first flights: %zu, median %.1f s from "
                       "take-off to touch-down",
                       spread.walkingAfter, spread.birds, spread.scared, spread.flightSeconds.size(),
                       median(spread.flightSeconds)),
                spread.walkingAfter * 100 >= static_cast<int>(spread.birds) * 95 ? Verdict::Reproduced
                                                                                  : Verdict::Differs,
                "threshold: at least 95 % back on the ground walking"};
  // "A few feet" (a few read as at most 10 feet, 3 m) is where pigeons.yaml's flight times were
  // fitted: only the contrast with a second scare is judged.
  constexpr double kFewFeetMetres = 3.0;
  std::vector<double> ratios;  // each bird's next flight over its first
  std::size_t longer = 0;
  for (const auto& [first, next] : twice.againMetres) {
    ratios.push_back(next / std::max(first, 1e-9));
    longer += next > first;
  }
  const double medianRatio = median(ratios);
  Claim fewFeet{"\"The first time a bird is startled it will fly a few feet from its initial position, if it is "
                "startled again before it has had time to calm down, it will fly further\"",
                "Case study",
                format("the first flights above (their length from take-off to touch-down); then the same run with "
                       "the clap sounding again %.0f s after the first (the first flights have landed, annoyance has "
                       "decayed to about 0.72): each bird back on the ground from its first flight when the clap sounds again "
                       "and that flies again, its next flight against its first",
                       kSecondClapAfter),
                format("first flights: median %.1f m (%.0f feet), longest %.1f m, over %zu; startled again: %zu birds "
                       "landed from a first flight and flew again, %zu of them further the second time, median ratio %.2f",
                       medianMetres, medianMetres / 0.3048,
                       spread.flightMetres.empty() ? std::nan("")
                                                   : *std::max_element(spread.flightMetres.begin(), spread.flightMetres.end()),
                       spread.flightMetres.size(), twice.againMetres.size(), longer, medianRatio),
                twice.againMetres.size() >= 10 && medianRatio > 1.0 && 2 * longer > twice.againMetres.size() &&
                        medianMetres <= kFewFeetMetres
                    ? Verdict::Reproduced
                    : Verdict::Differs,
                format("judged: the contrast, at least 10 birds startled twice, most flying further the second time "
                       "(median ratio > 1). Not a prediction: the few feet themselves, pigeons.yaml's flight times "
                       "(a first scare climbs 0.5 s and cruises 1.5 s) having been chosen on 2026-11-30 for this "
                       "sentence (with the 1 s and 3 s before, the median was 5.2 m); the median first flight is "
                       "still required to stay within %.0f m (10 feet) so that the fit is seen to hold. Annoyance "
                       "lengthening flights is the paper's mechanism, which the model implements: the row checks "
                       "that flocking, avoidance and the landing do not undo it",
                       kFewFeetMetres)};
  return {contagion, landing, fewFeet};
}

}  // namespace

std::vector<Claim> reynolds2000(const Context& context) {
  std::vector<Claim> claims = lattice(context);
  claims.push_back(thinkRate(context));
  claims.push_back(avatarZone(context));
  for (auto& c : pigeons(context)) claims.push_back(std::move(c));
  return claims;
}

}  // namespace steer::experiments::reproduce
