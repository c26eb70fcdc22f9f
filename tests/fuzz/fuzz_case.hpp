#pragma once
/// @file One differential fuzz case, fully explicit: the world's settings and obstacles, and every
/// agent's state at every step (positions, radii, speed bound, enabled). A case replays without
/// the generator that made it, so a finding is a file that anyone can check and shrink.
#include <array>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "steer/sim/neighbor_provider.hpp"
#include "steer/sim/world.hpp"

namespace steer::fuzz {

/// One agent at one step.
struct AgentSample {
  double x = 0.0, y = 0.0, z = 0.0;
  double radius = 0.25;      ///< body radius (m)
  double nearRadius = 2.0;   ///< radius of the near disc C_x (m)
  double maxSpeed = 1.0;     ///< the speed bound the kinetic clock trusts (m/s); may lie
  bool enabled = true;
  /// Equal, with NaN equal to NaN (disabled agents may hold positions that are not finite).
  bool operator==(const AgentSample& other) const;
};

/// One obstacle, as the numbers of its shape and an optional path.
struct ObstacleSpec {
  enum class Shape { Segment, Ball, AlignedBox, OrientedBox, Polygon };
  Shape shape = Shape::Segment;
  /// Segment: ax ay bx by; Ball: cx cy cz r; AlignedBox: minx miny maxx maxy;
  /// OrientedBox: cx cy half_x half_y angle; Polygon: x0 y0 x1 y1 ...
  std::vector<double> numbers;
  std::vector<std::array<double, 3>> waypoints;  ///< empty: static
  double speed = 1.0;                            ///< along the path (m/s)
  bool loop = false;
  bool operator==(const ObstacleSpec&) const = default;
};

/// A static obstacle of `shape` with `numbers`.
ObstacleSpec staticObstacle(ObstacleSpec::Shape shape, std::vector<double> numbers);

enum class ProviderKind { Kinetic2D, Kinetic3D, Lattice };
const char* providerName(ProviderKind kind);

struct FuzzCase {
  int dimension = 2;
  ProviderKind provider = ProviderKind::Kinetic2D;
  std::array<double, 3> boundsMin{-50, -50, -50}, boundsMax{50, 50, 50};
  bool detectContacts = true;
  // Provider settings (KineticSettings, KineticSettings3D, LatticeSettings).
  double renumberAfter = 2.0;
  double skin = 0.3, moveThreshold = 0.2;
  double binSize = 0.0, binsPerRadius = 1.0;
  bool checkValid = false;  ///< the kinetic triangulation's isValid() after every step (slow)
  std::vector<ObstacleSpec> obstacles;
  std::vector<double> times;                       ///< the clock at each step; [0] at reset
  std::vector<std::vector<AgentSample>> samples;   ///< [step][agent]; step 0 at reset

  std::size_t agents() const { return samples.empty() ? 0 : samples[0].size(); }
  int steps() const { return static_cast<int>(samples.size()) - 1; }
  bool operator==(const FuzzCase&) const;
};

/// The world of a case at step 0, pieces refreshed.
sim::World buildWorld(const FuzzCase& c);
/// Moves `world` to the case's step `step`: agent states, clock and obstacle pieces.
void applyStep(sim::World& world, const FuzzCase& c, int step);
/// The provider the case tests, with the case's settings.
std::unique_ptr<sim::NeighborProvider> makeProvider(const FuzzCase& c);

/// A case file that cannot be read: what() names the file, line and field.
struct CaseFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Writes a case as text. Numbers are C99 hex floats, so that a case reads back bit for bit.
void writeCase(const FuzzCase& c, std::ostream& out);
/// Writes a case to `path` (through a temporary file renamed into place: nothing half-written).
void writeCaseFile(const FuzzCase& c, const std::string& path);
/// Reads a case written by writeCase; throws CaseFileError.
FuzzCase readCaseFile(const std::string& path);
FuzzCase readCase(std::istream& in, const std::string& name);

}  // namespace steer::fuzz
