#pragma once
/// @file The target attractor (A.1) of Goldenstein et al. 2001, Appendix A.1.1 (Fig. 2(a)).
#include <cmath>

namespace steer::local {

/// f_tar = −a sin(φ − ψ) (A.1), with x = φ − ψ wrapped to (−π, π] (rad), a > 0 (1/s).
/// Zero at x = 0 with slope −a (attractor) and at x = π with slope +a (repeller).
inline double targetAttractor(double x, double a) { return -a * std::sin(x); }

/// ∂f_tar/∂φ = −a cos(φ − ψ).
inline double targetAttractorSlope(double x, double a) { return -a * std::cos(x); }

}  // namespace steer::local
