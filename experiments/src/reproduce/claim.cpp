#include "claim.hpp"

namespace steer::experiments::reproduce {

const char* verdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::Reproduced: return "reproduced";
    case Verdict::Differs: return "differs";
    case Verdict::NotTestable: return "not testable";
    case Verdict::Reported: return "reported, not judged";
  }
  return "?";
}

}  // namespace steer::experiments::reproduce
