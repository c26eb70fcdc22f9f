// The claims of goldenstein2001 checked by `steer reproduce goldenstein2001`: not written yet (issue #8).
#include <stdexcept>

#include "claim.hpp"

namespace steer::experiments::reproduce {

std::vector<Claim> goldenstein2001(const Context&) {
  throw std::runtime_error("steer reproduce goldenstein2001: not written yet (issue #8)");
}

}  // namespace steer::experiments::reproduce
