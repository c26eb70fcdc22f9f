#pragma once
// Reading our YAML scenario format with exact error locations. Every read goes through a
// YamlMap, which remembers which keys were used, so that unknown keys can be reported as errors
// with their key path (ARCHITECTURE.md §6).
#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "steer/experiments/input_error.hpp"
#include "steer/geometry/vec.hpp"
#include "steer/sim/world.hpp"

namespace steer::experiments::yaml {

/// Location of a node (yaml-cpp marks are 0-based; ours are 1-based).
SourceLocation locate(const std::string& file, const YAML::Node& node);

/// Every document of `text`, as YAML::LoadAll, but a stream on which yaml-cpp's parser stops
/// advancing throws YAML::ParserException at the place it stopped instead of never returning.
std::vector<YAML::Node> loadDocuments(const std::string& text);

/// A value given with --param KEY=VALUE, parsed from VALUE and tagged (every node of it) so that
/// an error in it names the command line, and KEY as given (`givenKey`), instead of a place in
/// the scenario file.
YAML::Node loadCommandLineValue(const std::string& text, const std::string& givenKey = "");
/// What follows a flow collection or quoted scalar that starts `text` ("xyz" of "[-12,1]xyz"),
/// empty when it is the whole text (or `text` is neither). yaml-cpp reads the first node of a
/// text and drops the rest, silently.
std::string textAfterFlowValue(const std::string& text);
/// The same for a text already loaded as `loaded` (YAML::Load(text)).
std::string textAfterFlowValue(const std::string& text, const YAML::Node& loaded);
/// True for a node of loadCommandLineValue().
bool fromCommandLine(const YAML::Node& node);

/// Throws InputError at `node` with "key.path: message" (at "<command line>" for a node of
/// loadCommandLineValue()).
[[noreturn]] void fail(const std::string& file, const YAML::Node& node, const std::string& path,
                       const std::string& message);

/// A mapping node being read. Call finish() after reading: any key not read is an error.
class YamlMap {
 public:
  YamlMap(std::string file, YAML::Node node, std::string path);

  /// Whether the key is given; given without a value (null) is an error.
  bool has(const std::string& key) const;
  YAML::Node node(const std::string& key) const;  ///< undefined node when absent; an error when null
  std::string childPath(const std::string& key) const;

  /// Finite number; `required` makes absence an error. Range checks: min/max inclusive.
  double number(const std::string& key, double fallback, double min = -1e300, double max = 1e300) const;
  double requiredNumber(const std::string& key, double min = -1e300, double max = 1e300) const;
  /// Strictly positive finite number.
  double positive(const std::string& key, double fallback) const;
  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t min, std::int64_t max) const;
  /// Fails: `key` is required and absent (`what` says what it is, or ""); a present key within two
  /// edits of it is named as a likely misspelling, at its own line.
  [[noreturn]] void missing(const std::string& key, const std::string& what = "") const;
  /// A whole number in [0, 2^64 − 1] (seeds: the command line's --seed takes the same range).
  std::uint64_t unsignedInteger(const std::string& key, std::uint64_t fallback) const;
  bool boolean(const std::string& key, bool fallback) const;
  std::string string(const std::string& key, const std::string& fallback) const;
  std::string requiredString(const std::string& key) const;
  /// One of `choices`.
  std::string choice(const std::string& key, const std::string& fallback,
                     const std::vector<std::string>& choices) const;
  /// [x, y] or [x, y, z] (z = 0 when 2 values).
  geometry::Vec3 vector(const std::string& key, const geometry::Vec3& fallback) const;
  geometry::Vec3 requiredVector(const std::string& key) const;
  /// A position in a `dimension`-D scenario: as vector(), but [x, y, z] in 3D, and in 2D a z
  /// given must be 0.
  geometry::Vec3 point(const std::string& key, const geometry::Vec3& fallback, int dimension) const;
  geometry::Vec3 requiredPoint(const std::string& key, int dimension) const;

  /// A nested mapping (must be a map).
  YamlMap map(const std::string& key) const;
  /// As map(key), and a value that is no mapping is told `form`, how one is written
  /// ("{from: [x, y], to: [x, y]}"): a list of the values alone is the likely slip.
  YamlMap map(const std::string& key, const std::string& form) const;
  /// Each element of a sequence (must be a sequence), with its path "key[i]".
  void forEach(const std::string& key, const std::function<void(const YAML::Node&, const std::string&)>& f) const;

  /// Errors on the first key that was never read. `elsewhere` names the section a key belongs in
  /// (key → "world: {min, max, walls: true}"), for keys that are known one level down; `meant`
  /// the key of this map one is likely meant for when it is no near misspelling (radius →
  /// reach_radius).
  void finish(const std::map<std::string, std::string>& elsewhere = {},
              const std::map<std::string, std::string>& meant = {}) const;

  [[noreturn]] void fail(const std::string& key, const std::string& message) const;
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  const YAML::Node& self() const { return node_; }

 private:
  YAML::Node required(const std::string& key) const;
  /// The scalar `n` (the value of `key`) as a string; not a scalar, or holding a NUL, fails.
  std::string stringOf(const std::string& key, const YAML::Node& n) const;
  /// A key given with no value (`radius:`) is an error, not the default.
  [[noreturn]] void failWithoutValue(const std::string& key) const;
  std::string file_;
  YAML::Node node_;
  std::string path_;
  // "; a misspelling of 'KNOWN'?" for an unknown key near one this map's reader knows, or "".
  std::string knownKeyHint(const std::string& key) const;
  mutable std::set<std::string> used_;
};

/// Reads a number node at `path` (finite, in [min, max]).
double toNumber(const std::string& file, const YAML::Node& node, const std::string& path,
                double min = -1e300, double max = 1e300);
geometry::Vec3 toVector(const std::string& file, const YAML::Node& node, const std::string& path);
/// A position in a `dimension`-D scenario (an element of a list of points): [x, y, z] in 3D, and
/// in 2D a z given must be 0, so that a point meant for 3D is not silently flattened.
geometry::Vec3 toPoint(const std::string& file, const YAML::Node& node, const std::string& path, int dimension);

/// Fails at `node` ("outside the world bounds") unless `p` lies in the world: a target, way-point
/// or box corner the agents are to reach (the boundary counts as inside).
void requireInWorld(const std::string& file, const YAML::Node& node, const std::string& path, const geometry::Vec3& p,
                    const sim::Bounds& world, int dimension);

}  // namespace steer::experiments::yaml
