#include "scenario_notes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>

#include "number_text.hpp"
#include "part_configs.hpp"
#include "steer/environment/wall_crossings.hpp"
#include "steer/geometry/angle.hpp"
#include "steer/reynolds/state_machine.hpp"

namespace steer::experiments {

namespace {

// The Reynolds behaviors see only each agent's near set (agents within near_radius): a
// neighbourhood that reaches further is cut there without a word (pigeons.yaml flocked within
// 3 m while asking for 4). Said before the run, as a note.
std::optional<std::string> reynoldsReachNote(const Scenario& scenario, const reynolds::ReynoldsParameters& p) {
  if (scenario.world.agents.empty()) return std::nullopt;
  double reach = 0.0;
  std::string what;
  const auto consider = [&](double distance, const std::string& name) {
    if (distance > reach) reach = distance, what = name;
  };
  const auto behaviors = [&](const std::vector<reynolds::BehaviorSpec>& list) {
    for (const auto& b : list) {
      const std::string name = reynolds::behaviorName(b.kind);
      switch (b.kind) {
        case reynolds::BehaviorKind::Separation:
        case reynolds::BehaviorKind::Cohesion:
        case reynolds::BehaviorKind::Alignment: consider(b.neighborhood.distance, name); break;
        case reynolds::BehaviorKind::Flocking:
          consider(b.flocking.separation.distance, name + " (separation)");
          consider(b.flocking.alignment.distance, name + " (alignment)");
          consider(b.flocking.cohesion.distance, name + " (cohesion)");
          break;
        default: break;
      }
    }
  };
  behaviors(p.behaviors);
  for (const auto& state : p.states) behaviors(state.behaviors);
  double nearest = std::numeric_limits<double>::infinity();
  for (const auto& a : scenario.world.agents) nearest = std::min(nearest, a.nearRadius);
  if (!(reach > nearest)) return std::nullopt;
  std::ostringstream note;
  note << what << " looks " << reach << " m around, beyond the near_radius of " << nearest
       << " m: the Reynolds behaviors see only the agents within near_radius (raise it)";
  return note.str();
}

// Near sets that hold thousands of agents each: memory and time grow as agents × that, and a
// scenario of 300,000 small agents in 20 m × 20 m with the default 5 m near radius (about 59,000
// agents per set) filled 24 GB before the kernel killed it, without a word. Said before the
// run, from the world's mean density (agents placed in a part of it are closer still).
std::optional<std::string> crowdedNearSetsNote(const Scenario& scenario) {
  const sim::World& w = scenario.world;
  if (w.agents.size() < 2) return std::nullopt;
  double space = 1.0, reach = 0.0;
  for (int k = 0; k < w.dimension; ++k) space *= w.bounds.max[k] - w.bounds.min[k];
  for (const auto& a : w.agents) reach += a.nearRadius;
  reach /= static_cast<double>(w.agents.size());
  const double ball = w.dimension == 3 ? 4.0 / 3.0 * geometry::kPi * reach * reach * reach : geometry::kPi * reach * reach;
  const double perSet = std::min(static_cast<double>(w.agents.size() - 1), static_cast<double>(w.agents.size()) / space * ball);
  if (!(perSet >= 1000.0)) return std::nullopt;
  std::ostringstream note;
  note << "each agent's near " << (w.dimension == 3 ? "ball" : "disk") << " (near_radius " << numberText(reach)
       << " m on average) holds about " << static_cast<long long>(perSet)
       << " agents or more: memory and time grow with agents × that (lower near_radius)";
  return note.str();
}

// A step so long that a body can cross another body or a wall between two step ends: the
// collision counts, which look at the step ends, cannot see such a pass; the environment layer's
// contacts_between_steps (continuous time) do. A disc of radius r passes a wall unseen when it
// moves more than 2r in a step, and two discs pass each other when their relative motion exceeds
// 2(r_i + r_j); with every agent at its max_speed, the worst case is the agent whose step most
// exceeds its own diameter (against a wall) or the two such agents head-on.
std::optional<std::string> passThroughNote(const Scenario& scenario) {
  const sim::World& w = scenario.world;
  const double dt = scenario.settings.dt;
  const sim::Agent* worst = nullptr;
  double first = -std::numeric_limits<double>::infinity(), second = first;  // the two largest slacks
  for (const auto& a : w.agents) {
    const double slack = a.maxSpeed * dt - 2.0 * a.radius;
    if (slack > first) {
      second = first;
      first = slack;
      worst = &a;
    } else if (slack > second) {
      second = slack;
    }
  }
  if (worst == nullptr) return std::nullopt;
  const bool throughWalls = !w.obstacles.empty() && first > 0.0;
  const bool throughAgents = w.agents.size() >= 2 && first + second > 0.0;
  if (!throughWalls && !throughAgents) return std::nullopt;  // either needs first > 0
  const char* what = throughWalls && throughAgents ? "through another body or a wall"
                     : throughWalls               ? "through a wall"
                                                  : "through each other";
  // Built in steps: one long chain of + gave GCC 12 a false -Wrestrict.
  std::string note = "at max_speed " + numberText(worst->maxSpeed);
  note += " m/s a step of dt " + numberText(dt);
  note += " s moves " + numberText(worst->maxSpeed * dt);
  note += " m, more than the body's diameter of " + numberText(2.0 * worst->radius);
  note += " m: bodies can pass ";
  note += what;
  note += " within one step, which the collision counts (taken at step ends) do not see; summary.json's "
          "contacts_between_steps counts such passes (lower dt to see them as collisions)";
  return note;
}

// Obstacles that overlap by the thousand: the kinetic provider's triangulation holds a vertex at
// every crossing of two static walls, and its set-up grows with them (and more than linearly, as
// each wall is cut into as many pieces as it has crossings). A fuzzed scenario of 10,000
// overlapping 1.5 m boxes (~10^6 crossings) took 74 s and 2 GB before its first step, without a
// word; the lattice provider took 8 ms. Counted up to the threshold only, so that the count
// itself stays cheap (wall_crossings.hpp). 100,000 is where the set-up passes ~4 s (1,600 such
// boxes: 113,000 crossings, 3.8 s against the lattice's 0.2 s; 800 boxes: 28,000, 1.0 s).
std::optional<std::string> overlappingWallsNote(const Scenario& scenario) {
  constexpr std::size_t kNoted = 100000;  // the text below says it with its comma
  if (scenario.neighbors != "kinetic" || scenario.world.dimension != 2) return std::nullopt;
  if (environment::staticWallCrossings(scenario.world, kNoted) < kNoted) return std::nullopt;
  return "the static obstacles' edges cross each other 100,000 times or more (overlapping obstacles): the kinetic "
         "provider's triangulation holds a vertex at every crossing, and its set-up grows with them (~450,000 "
         "crossings took 15 s and 245 MB on a 2-core VM); --neighbors lattice does not triangulate";
}

// A run too short for the agents' goals: an agent has reached only when it completed its goal
// sequence, and a ring of 40 crossing 60 m in a 40 s run read "0/40 reached", as if the model
// had failed. The time is a lower bound for every model: each leg taken straight at the goal's
// cruising speed (every model cruises at it: sim::desiredSpeedFor), from wherever the last leg
// could have ended (within its reach radius of a target, anywhere in a region, anywhere at all
// after a moving target, fleeing or a flow, which take 0 s and their duration). An agent whose
// sequence cannot complete at all (a leg its duration cuts short, a flee without one) is left out.
std::optional<std::string> runTooShortNote(const Scenario& scenario) {
  const sim::World& w = scenario.world;
  const double duration = scenario.settings.duration;
  std::size_t late = 0;
  double longest = 0.0;
  for (const auto& a : w.agents) {
    if (!a.enabled || a.goals.empty()) continue;
    geometry::Vec3 from = a.state.position;
    double slack = 0.0, time = 0.0;  // `slack`: how far from `from` the last leg may have ended
    bool bounded = true;  // false: the sequence cannot complete
    for (const auto& g : a.goals) {
      const double speed = sim::desiredSpeedFor(a, &g);
      double leg = 0.0;
      if (g.kind == sim::Goal::Kind::Idle) {
        leg = g.timeDuration;
      } else if (g.kind == sim::Goal::Kind::Seek && g.target.kind == sim::Target::Kind::Point) {
        const double reach = g.reachRadius > 0.0 ? g.reachRadius : a.radius;
        leg = std::max(0.0, (g.target.point - from).norm() - slack - reach) / speed;
        from = g.target.point;
        slack = reach;
      } else if (g.kind == sim::Goal::Kind::SeekRegion) {
        const bool zBounded = std::isfinite(g.regionZMin) && std::isfinite(g.regionZMax);
        const geometry::Vec3 lo(g.region.min.x(), g.region.min.y(), zBounded ? g.regionZMin : from.z());
        const geometry::Vec3 hi(g.region.max.x(), g.region.max.y(), zBounded ? g.regionZMax : from.z());
        leg = std::max(0.0, (from.cwiseMax(lo).cwiseMin(hi) - from).norm() - slack) / speed;
        from = 0.5 * (lo + hi);
        slack = 0.5 * (hi - lo).norm();
      } else if (g.kind == sim::Goal::Kind::Seek) {  // a moving target: perhaps met at once, anywhere
        slack = std::numeric_limits<double>::infinity();
      } else {  // fleeing or a flow: its duration, ending anywhere
        leg = g.timeDuration;
        slack = std::numeric_limits<double>::infinity();
      }
      // A seek or region leg cut short by its duration is not reached anyway; a flee or flow
      // without one never ends.
      if (leg > g.timeDuration || !std::isfinite(leg)) {
        bounded = false;
        break;
      }
      time += leg;
    }
    if (bounded && time > duration) {
      ++late;
      longest = std::max(longest, time);
    }
  }
  if (late == 0) return std::nullopt;
  std::string note = std::to_string(late) + " of " + std::to_string(w.agents.size());
  note += " agents cannot complete their goals within the run's duration of " + numberText(duration);
  note += " s even walking straight at their desired speed (they need up to " + numberText(longest);
  note += " s), so they cannot count as reached: lengthen the run (--duration)";
  return note;
}

// reynolds-2000 ("Pigeons in the Park"): "The avatar neighborhood which triggers the pigeon's
// desire to move away is larger (and less elongated with speed) than the neighborhood which
// triggers their desire to take off." Both zones are a half disc behind the avatar and a half
// ellipse ahead of length radius + velocity_weight × speed (Figure 5), so with the take-off
// zone the more elongated one, the move-away zone holds it only up to some speed: with the
// paper's shapes as pigeons.yaml gives them (6 m + 0.5 s, 2.5 m + 1.5 s) up to 3.5 m/s. Beyond it
// a bird ahead of the car is startled before it has been asked to move away. Said before the
// run, at the avatar path's speed (the zones are measured on the ground, where the car drives).
std::optional<std::string> avatarZonesNote(const reynolds::Avatar& avatar) {
  if (avatar.path.empty()) return std::nullopt;
  const reynolds::AvatarZone &away = avatar.moveAway, &takeoff = avatar.takeoff;
  const double speed = avatar.path.speed, upTo = reynolds::holdsUpToSpeed(away, takeoff);
  if (speed <= upTo) return std::nullopt;
  std::string note = "the avatar's take-off zone is not inside its move-away zone: ";
  if (upTo < 0.0) {
    note += "its radius " + numberText(takeoff.radius) + " m is larger than the move-away zone's " +
            numberText(away.radius) + " m";
  } else {
    note += "at the avatar path's speed of " + numberText(speed) + " m/s it reaches " +
            numberText(takeoff.radius + takeoff.velocityWeight * speed) + " m ahead, the move-away zone " +
            numberText(away.radius + away.velocityWeight * speed) + " m (they are equal at " + numberText(upTo) +
            " m/s)";
  }
  note += ", so birds there take off before moving away; Reynolds 2000 has the move-away zone the larger "
          "(reynolds.avatar.move_away and takeoff: radius, velocity_weight)";
  return note;
}

}  // namespace

std::vector<std::string> scenarioNoteTexts(const Scenario& scenario) {
  std::vector<std::string> notes;
  if (scenario.model == "reynolds") {  // the section read once for the notes on it
    const reynolds::ReynoldsParameters parameters = readReynoldsParameters(scenario);
    for (auto note : {reynoldsReachNote(scenario, parameters), avatarZonesNote(parameters.avatar)})
      if (note) notes.push_back(std::move(*note));
  }
  for (auto note : {runTooShortNote(scenario), crowdedNearSetsNote(scenario), passThroughNote(scenario),
                    overlappingWallsNote(scenario)})
    if (note) notes.push_back(std::move(*note));
  return notes;
}

}  // namespace steer::experiments
