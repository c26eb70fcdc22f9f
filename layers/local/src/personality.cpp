#include "steer/local/personality.hpp"

#include <algorithm>
#include <cmath>

namespace steer::local {

double courageToD0(double courage, double d0Base, CourageMapping mapping) {
  const double co = std::clamp(courage, 0.0, 1.0);
  const double k = (mapping == CourageMapping::Printed ? 2.0 : 1.0) * std::log(d0Base + 1.0);
  // expm1 keeps d0(1) exactly 0.
  return std::expm1(k * (1.0 - co));
}

double courageToD1(double courage, double d1Base, double v0) {
  const double co = std::clamp(courage, 0.0, 1.0);
  const double d0vel = co < 0.5 ? d1Base : 2.0 * d1Base * (1.0 - co);
  return d0vel - v0;
}

double dexterityGain(double dexterity, const GoldensteinParameters& p) {
  const double t = std::clamp(dexterity, 0.0, 1.0);
  return p.dexterityGainMin + (p.dexterityGainMax - p.dexterityGainMin) * t;
}

double massGain(double mass, const GoldensteinParameters& p) {
  const double t = std::clamp(mass, 0.0, 1.0);
  return p.massGainMax - (p.massGainMax - p.massGainMin) * t;
}

double gainForStep(double k, double dt, double filterStep) {
  if (k >= 1.0) return 1.0;
  if (dt == filterStep) return k;
  return 1.0 - std::pow(1.0 - k, dt / filterStep);
}

}  // namespace steer::local
