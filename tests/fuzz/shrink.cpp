#include "fuzz/shrink.hpp"

#include <algorithm>

#include "fuzz/isolated_run.hpp"

namespace steer::fuzz {
namespace {

FuzzCase withoutAgents(const FuzzCase& c, std::size_t first, std::size_t count) {
  FuzzCase smaller = c;
  for (auto& step : smaller.samples)
    step.erase(step.begin() + static_cast<std::ptrdiff_t>(first), step.begin() + static_cast<std::ptrdiff_t>(first + count));
  return smaller;
}

FuzzCase withoutStep(const FuzzCase& c, std::size_t step) {
  FuzzCase smaller = c;
  smaller.samples.erase(smaller.samples.begin() + static_cast<std::ptrdiff_t>(step));
  smaller.times.erase(smaller.times.begin() + static_cast<std::ptrdiff_t>(step));
  return smaller;
}

FuzzCase firstSteps(const FuzzCase& c, std::size_t count) {
  FuzzCase smaller = c;
  smaller.samples.resize(count);
  smaller.times.resize(count);
  return smaller;
}

}  // namespace

FuzzCase shrink(FuzzCase c, Verdict verdict, const ShrinkSettings& settings) {
  const auto run = [&](const FuzzCase& candidate) {
    return runIsolated([&] { return check(candidate, nullptr, settings.factory); }, settings.timeoutSeconds);
  };
  const auto stillFails = [&](const FuzzCase& candidate) {
    return candidate.agents() > 0 && candidate.steps() >= 0 && run(candidate).verdict == verdict;
  };
  // Nothing after the step that failed matters.
  if (const Outcome first = run(c); first.step >= 0 && first.step < c.steps())
    c = firstSteps(c, static_cast<std::size_t>(first.step) + 1);

  for (bool progress = true; progress;) {
    progress = false;
    const auto keepIfFails = [&](const FuzzCase& candidate) {
      if (!stillFails(candidate)) return false;
      c = candidate;
      progress = true;
      return true;
    };
    // Trailing steps, one at a time from the end, then any single step.
    for (int last = c.steps(); last >= 1; --last)
      if (!keepIfFails(firstSteps(c, static_cast<std::size_t>(last)))) break;
    for (std::size_t step = 0; step < c.samples.size() && c.steps() > 0;)
      if (!keepIfFails(withoutStep(c, step))) ++step;
    // Agents: halves, quarters, ... down to one at a time.
    for (std::size_t chunk = std::max<std::size_t>(1, c.agents() / 2);; chunk /= 2) {
      for (std::size_t first = 0; first < c.agents();)
        if (!keepIfFails(withoutAgents(c, first, std::min(chunk, c.agents() - first)))) first += chunk;
      if (chunk <= 1) break;
    }
    // Obstacles the same way.
    for (std::size_t chunk = std::max<std::size_t>(1, c.obstacles.size() / 2); !c.obstacles.empty(); chunk /= 2) {
      for (std::size_t first = 0; first < c.obstacles.size();) {
        FuzzCase candidate = c;
        const auto from = candidate.obstacles.begin() + static_cast<std::ptrdiff_t>(first);
        candidate.obstacles.erase(from, from + static_cast<std::ptrdiff_t>(std::min(chunk, c.obstacles.size() - first)));
        if (!keepIfFails(candidate)) first += chunk;
      }
      if (chunk <= 1) break;
    }
    // Moving obstacles made static.
    for (std::size_t k = 0; k < c.obstacles.size(); ++k) {
      if (c.obstacles[k].waypoints.empty()) continue;
      FuzzCase candidate = c;
      candidate.obstacles[k].waypoints.clear();
      keepIfFails(candidate);
    }
    // Each agent's settings held at their first value, or its position never changing.
    for (std::size_t i = 0; i < c.agents(); ++i) {
      const auto attempt = [&](const std::function<void(AgentSample&, const AgentSample&)>& simplify) {
        FuzzCase candidate = c;
        for (auto& step : candidate.samples) simplify(step[i], candidate.samples[0][i]);
        if (candidate.samples != c.samples) keepIfFails(candidate);
      };
      attempt([](AgentSample& a, const AgentSample&) { a.enabled = true; });
      attempt([](AgentSample& a, const AgentSample& first) { a.nearRadius = first.nearRadius; });
      attempt([](AgentSample& a, const AgentSample& first) { a.radius = first.radius; });
      attempt([](AgentSample& a, const AgentSample& first) { a.maxSpeed = first.maxSpeed; });
      attempt([](AgentSample& a, const AgentSample& first) { a.x = first.x, a.y = first.y, a.z = first.z; });
    }
    if (c.checkValid) {
      FuzzCase candidate = c;
      candidate.checkValid = false;
      keepIfFails(candidate);
    }
    if (settings.progress) settings.progress(c);
  }
  return c;
}

}  // namespace steer::fuzz
