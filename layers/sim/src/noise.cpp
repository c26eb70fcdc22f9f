#include "steer/sim/noise.hpp"

#include <cmath>

namespace steer::sim {

namespace {
std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
constexpr double kTwoPi = 6.283185307179586476925286766559;
}  // namespace

std::uint64_t Noise::bits(std::uint64_t agent, std::uint64_t step, std::uint64_t stream) const {
  return splitmix(splitmix(splitmix(splitmix(seed_) ^ agent) ^ step) ^ stream);
}

double Noise::uniform(std::uint64_t agent, std::uint64_t step, std::uint64_t stream) const {
  return static_cast<double>(bits(agent, step, stream) >> 11) * 0x1.0p-53;
}

double Noise::normal(std::uint64_t agent, std::uint64_t step, std::uint64_t stream) const {
  // 1 − u keeps the logarithm's argument in (0, 1].
  const double u1 = 1.0 - uniform(agent, step, 2 * stream);
  const double u2 = uniform(agent, step, 2 * stream + 1);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(kTwoPi * u2);
}

}  // namespace steer::sim
