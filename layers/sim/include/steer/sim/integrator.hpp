#pragma once
/// @file Integrator choice (Boost.Odeint). Models provide a right-hand side dx/dt = f(x, t);
/// which stepper advances it is configuration, not part of the model (ARCHITECTURE.md §4).
#include <boost/numeric/odeint.hpp>
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

/// Advances x from t to t + dt with the chosen Odeint stepper. `State` is a fixed-size
/// std::array (Odeint's array algebra); `Rhs` is callable as rhs(const State& x, State& dxdt,
/// double t).
template <class State, class Rhs>
void integrateStep(const IntegratorSettings& settings, Rhs&& rhs, State& x, double t, double dt) {
  namespace ode = boost::numeric::odeint;
  switch (settings.kind) {
    case IntegratorKind::Euler: {
      ode::euler<State> stepper;
      stepper.do_step(rhs, x, t, dt);
      return;
    }
    case IntegratorKind::RK4: {
      ode::runge_kutta4<State> stepper;
      stepper.do_step(rhs, x, t, dt);
      return;
    }
    case IntegratorKind::Dopri5: {
      auto stepper = ode::make_controlled(settings.absTolerance, settings.relTolerance,
                                          ode::runge_kutta_dopri5<State>());
      ode::integrate_adaptive(stepper, rhs, x, t, t + dt, dt);
      return;
    }
  }
}

}  // namespace steer::sim
