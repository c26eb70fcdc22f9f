// The claims of reynolds1999 checked by `steer reproduce reynolds1999`: not written yet (issue #8).
#include <stdexcept>

#include "claim.hpp"

namespace steer::experiments::reproduce {

std::vector<Claim> reynolds1999(const Context&) {
  throw std::runtime_error("steer reproduce reynolds1999: not written yet (issue #8)");
}

}  // namespace steer::experiments::reproduce
