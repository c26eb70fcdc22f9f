#pragma once
/// @file An on-disk cache of harmonic fields, keyed by the static geometry: a 64-bit FNV-1a hash
/// of the raster (grid origin, cell size, dimensions and every cell's kind, target cells
/// included), of the solver settings and of the solvers' arithmetic revision (a build whose
/// solver gives different bits does not reuse an older build's fields). A rerun of the same scenario loads the field instead
/// of solving again; any change of obstacles, bounds, resolution, clearance, target or solver
/// changes the key. Files are `<dir>/harmonic-<key>.bin`, written to a temporary name and
/// renamed, so a crashed run never leaves a half-written entry, and end with a checksum of
/// their content, so an entry damaged later is solved again instead of used. The directory is chosen by the
/// caller (experiments: `planning.harmonic.cache_dir`, default $XDG_CACHE_HOME/steer/fields or
/// ~/.cache/steer/fields; empty disables the cache).
#include <cstdint>
#include <filesystem>
#include <optional>

#include "steer/planning/harmonic_field.hpp"

namespace steer::planning {

/// The cache key of a field solved on `raster` (with its target) with `settings`.
std::uint64_t fieldKey(const Raster& raster, const HarmonicSettings& settings);

/// The cached field for `key`, if present and intact (complete, and its checksum matches).
std::optional<HarmonicField> loadCachedField(const std::filesystem::path& dir, std::uint64_t key);
/// Stores a field; failures (read-only folder, full disk) are ignored: the cache is an
/// optimization, never a requirement.
void storeCachedField(const std::filesystem::path& dir, std::uint64_t key, const HarmonicField& field);

}  // namespace steer::planning
