// The claims of reynolds2000 checked by `steer reproduce reynolds2000`: not written yet (issue #8).
#include <stdexcept>

#include "claim.hpp"

namespace steer::experiments::reproduce {

std::vector<Claim> reynolds2000(const Context&) {
  throw std::runtime_error("steer reproduce reynolds2000: not written yet (issue #8)");
}

}  // namespace steer::experiments::reproduce
