#pragma once
/// @file Personality traits of Goldenstein et al. 2001 §4.4: dexterity and mass as the IIR
/// filter (7), courage as d0 (8) and d1 (9)(10), with (10)'s second case read as co ≥ 0.5 and
/// (8)'s exponent chosen by CourageMapping (ARCHITECTURE.md §3). Traits are in [0, 1].
#include "steer/local/parameters.hpp"

namespace steer::local {

/// d0(co) = e^{k(1 − co)} − 1 (8) (m), k = ln(d0base + 1) (prose) or 2 ln(d0base + 1)
/// (printed). Prose: d0(0) = d0base, d0(1) = 0.
double courageToD0(double courage, double d0Base, CourageMapping mapping);

/// d1 = d0vel − v0 (9), d0vel = d1base for co < 0.5 and 2 d1base (1 − co) for co ≥ 0.5 (10)
/// (m). Continuous at co = 0.5.
double courageToD1(double courage, double d1Base, double v0);

/// The IIR gain k of (7) for the turn rate: kMin + (kMax − kMin)·dexterity, per filterStep.
double dexterityGain(double dexterity, const GoldensteinParameters& p);
/// The IIR gain for the speed: kMax − (kMax − kMin)·mass (heavier responds slower).
double massGain(double mass, const GoldensteinParameters& p);

/// The gain for a step dt when k is given per step `filterStep`: 1 − (1 − k)^(dt/filterStep).
double gainForStep(double k, double dt, double filterStep);

/// (7): y_n = (1 − k) y_{n−1} + k x_n.
inline double iirFilter(double previous, double input, double k) {
  return (1.0 - k) * previous + k * input;
}

}  // namespace steer::local
