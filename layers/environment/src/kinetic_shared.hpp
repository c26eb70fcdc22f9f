#pragma once
// State shared by the parts of the kinetic provider (triangulation, near sets, obstacle pieces):
// the internal numbering of vertices, their positions and speed bounds, the motion clock and the
// work counters. No CGAL here.
//
// Internal numbering: agents are renumbered in the Hilbert order of their positions at reset()
// (0 … n−1), static vertices (the far corners and wall end points) follow (n …). Every per-agent
// array and the triangulation's own vertex and face storage are then laid out in space order, so
// that an agent's neighbours sit near it in memory (with random external ids, the per-agent time
// at 100,000 agents was dominated by cache misses). Outputs are mapped back to external ids.
#include <cstdint>
#include <limits>
#include <vector>

#include "kinetic_clock.hpp"
#include "steer/environment/kinetic_provider.hpp"
#include "steer/geometry/shapes.hpp"
#include "steer/sim/world.hpp"

namespace steer::environment::kinetic {

inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

struct Shared {
  // Per-agent flags (internal ids).
  static constexpr std::uint16_t kEnabled = 1;      // enabled in the world at this call
  static constexpr std::uint16_t kMoving = 2;       // in the triangulation and moves in this step
  static constexpr std::uint16_t kMovedNow = 4;     // position differs from `previous` (contacts)
  static constexpr std::uint16_t kWalls = 8;        // a static wall within r_p at the start of the step
  static constexpr std::uint16_t kWallsNow = 16;    // ... at the end of the step
  static constexpr std::uint16_t kDirty = 32;       // near set to be recomputed by a walk
  static constexpr std::uint16_t kPending = 64;     // near set has entries to look at this step
  static constexpr std::uint16_t kLosMoving = 128;  // a moving segment may block sight in C_p
  static constexpr std::uint16_t kInserted = 256;   // a vertex was inserted next to A_p (near a wall)
  static constexpr std::uint16_t kFast = 512;       // moved more than half its near radius in the step
  static constexpr std::uint16_t kByInsertion = 1024;  // an inserted vertex (or its neighbour) this step
  static constexpr std::uint16_t kMovingPieces = 2048;  // a moving piece in its lists at its last piece refresh
  // Within rounding of a wall whose constraint pieces stray from it (wall_split.hpp): it might be
  // on the other side of a piece than of the wall, so it is kept off the triangulation.
  static constexpr std::uint16_t kOnStrayingWall = 4096;

  // What a certificate reads of a vertex, in one record: a pair check touches one cache line
  // for its other vertex instead of one per array (64 bytes, aligned to a line: unaligned,
  // most records straddled two lines).
  struct alignas(64) Vertex {
    sim::Vec3 pos = sim::Vec3::Zero();  // position at the end of the step (static: lifted)
    double radius = 0.0;                // agents: body radius as the world has it (contact times)
    geometry::Vec2 prev = geometry::Vec2::Zero();  // agents: x–y at the start of the step (`previous`)
    float speed = 0.0f;                 // speed bound (m per unit of clock), 0 if static
    float body = 0.0f;                  // body radius rounded up (contact filters), agents
    std::uint32_t ext = kNone;          // index in World::agents, agents
  };

  static_assert(sizeof(Vertex) == 64);

  const sim::World* world = nullptr;
  std::size_t n = 0;                   // agents
  std::vector<Vertex> v;               // per vertex: agents (internal ids), then static vertices
  // Per agent: the flags above, apart from the records. A flip notifies the ~40 agents holding
  // its corners and reads only their flags: 2 bytes each in an array that stays in cache, where
  // reading them from the records cost a cache line per agent at 100,000 agents.
  std::vector<std::uint16_t> flags;
  std::vector<std::uint32_t> intOf;    // index in World::agents → internal agent id
  std::vector<double> radius;          // per agent: r_p the near set is built for
  MotionClock clock;
  KineticCounters counters;
  bool detectContacts = true;          // KineticSettings::detectContacts

  sim::Vec3& pos(std::uint32_t i) { return v[i].pos; }
  const sim::Vec3& pos(std::uint32_t i) const { return v[i].pos; }
  float speed(std::uint32_t i) const { return v[i].speed; }
  float body(std::uint32_t i) const { return v[i].body; }
  /// The body radius exactly as World::agents holds it (the agents' records there are large and
  /// in the caller's order: reading them for a contact cost two cache misses).
  double bodyRadius(std::uint32_t i) const { return v[i].radius; }
  std::uint32_t ext(std::uint32_t i) const { return v[i].ext; }
  bool isAgent(std::uint32_t id) const { return id < n; }
  /// Starts loading vertex id's record (it is read a little later; the loads then overlap).
  void prefetch(std::uint32_t id) const { __builtin_prefetch(&v[id]); }
  bool has(std::uint32_t p, std::uint16_t f) const { return (flags[p] & f) != 0; }
  void set(std::uint32_t p, std::uint16_t f) { flags[p] |= f; }
  void unset(std::uint32_t p, std::uint16_t f) { flags[p] &= static_cast<std::uint16_t>(~f); }
  geometry::Vec2 xy(std::uint32_t id) const { return {v[id].pos.x(), v[id].pos.y()}; }
  /// |q − p| as the brute-force oracle computes it, so that inside/outside agree bit for bit.
  double distance(std::uint32_t p, std::uint32_t q) const { return (v[q].pos - v[p].pos).norm(); }
  bool inside(std::uint32_t p, std::uint32_t q) const { return !(distance(p, q) > radius[p]); }
  /// Speed bound of a pair (m per unit of clock).
  double pairSpeed(std::uint32_t p, std::uint32_t q) const {
    return static_cast<double>(v[p].speed) + static_cast<double>(v[q].speed);
  }
};

}  // namespace steer::environment::kinetic
