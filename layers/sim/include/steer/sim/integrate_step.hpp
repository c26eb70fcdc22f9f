#pragma once
/// @file Advancing a model's state by one step with the Odeint stepper its IntegratorSettings
/// name. Only the files that step a model include this (and Odeint with it).
#include <boost/numeric/odeint/integrate/max_step_checker.hpp>
#include <boost/numeric/odeint/stepper/euler.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <cstddef>
#include <string>

#include "steer/sim/integrator.hpp"

namespace steer::sim {

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
      // Odeint's integrate_adaptive, step for step, with a bound on the accepted sub-steps: a
      // stiff right-hand side (a turn rate of 10^10) took sub-steps of 10^-10 s and hung the
      // run. (Rejected steps are bounded by Odeint's own checker.)
      ode::failed_step_checker failed;
      const double end = t + dt;
      double time = t, h = dt;
      std::size_t accepted = 0;
      while (ode::detail::less_with_sign(time, end, h)) {
        if (ode::detail::less_with_sign(end, time + h, h)) h = end - time;
        while (stepper.try_step(rhs, x, time, h) == ode::fail) failed();
        failed.reset();
        if (++accepted > kMaxDopri5Substeps)
          throw StiffStep("dopri5 took more than " + std::to_string(kMaxDopri5Substeps) +
                          " sub-steps within one step from t = " + std::to_string(t) +
                          " s (the system is stiff there: a rate parameter far too large?)");
      }
      return;
    }
  }
}

}  // namespace steer::sim
