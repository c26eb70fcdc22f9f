#include "steer/sim/integrator.hpp"

namespace steer::sim {

bool parseIntegrator(std::string_view text, IntegratorKind& out) {
  if (text == "euler") out = IntegratorKind::Euler;
  else if (text == "rk4") out = IntegratorKind::RK4;
  else if (text == "dopri5") out = IntegratorKind::Dopri5;
  else return false;
  return true;
}

const char* integratorName(IntegratorKind kind) {
  switch (kind) {
    case IntegratorKind::Euler: return "euler";
    case IntegratorKind::RK4: return "rk4";
    case IntegratorKind::Dopri5: return "dopri5";
  }
  return "?";
}

}  // namespace steer::sim
