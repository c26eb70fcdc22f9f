#pragma once
/// @file Integrator choice (Boost.Odeint). Models provide a right-hand side dx/dt = f(x, t);
/// which stepper advances it is configuration, not part of the model (ARCHITECTURE.md §4).
/// The stepping itself is in integrate_step.hpp: Odeint's headers cost seconds of compile time
/// per file, and most files that see a model's settings never step one.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace steer::sim {

enum class IntegratorKind { Euler, RK4, Dopri5 };

struct IntegratorSettings {
  IntegratorKind kind = IntegratorKind::RK4;
  double absTolerance = 1e-6;  ///< dopri5 only
  double relTolerance = 1e-6;  ///< dopri5 only
};

/// "euler", "rk4" or "dopri5"; returns false for anything else.
bool parseIntegrator(std::string_view text, IntegratorKind& out);
const char* integratorName(IntegratorKind kind);

/// dopri5's bound on accepted sub-steps within one step (integrateStep throws StiffStep beyond
/// it).
inline constexpr std::size_t kMaxDopri5Substeps = 100000;

/// A step the adaptive integrator could not finish within kMaxDopri5Substeps: the right-hand
/// side is too stiff for it (a parameter far out of range).
class StiffStep : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace steer::sim
