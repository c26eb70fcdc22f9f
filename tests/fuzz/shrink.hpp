#pragma once
/// @file Shrinks a failing case to a small one that fails the same way (same verdict): fewer
/// steps, agents and obstacles, moving obstacles made static, agents' settings held constant.
/// Each candidate runs isolated (isolated_run.hpp), so that crashes shrink too.
#include <functional>

#include "fuzz/differential_check.hpp"

namespace steer::fuzz {

struct ShrinkSettings {
  unsigned timeoutSeconds = 120;      ///< per candidate run
  ProviderFactory factory = {};       ///< the provider under test (default: the case's)
  std::function<void(const FuzzCase&)> progress = {};  ///< called after each round, with the case so far
};

/// `failing` must fail with `verdict`; returns the smallest case found that still does.
FuzzCase shrink(FuzzCase failing, Verdict verdict, const ShrinkSettings& settings = {});

}  // namespace steer::fuzz
