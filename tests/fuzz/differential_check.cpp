#include "fuzz/differential_check.hpp"

#include <exception>
#include <unordered_set>

#include "environment/oracle.hpp"
#include "steer/environment/brute_force_provider.hpp"
#include "steer/environment/kinetic_provider.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"

namespace steer::fuzz {
namespace {

// The triangulation check of the kinetic providers (the lattice has none).
bool triangulationValid(const sim::NeighborProvider& provider) {
  if (const auto* k = dynamic_cast<const environment::KineticProvider*>(&provider)) return k->isValid();
  if (const auto* k = dynamic_cast<const environment::KineticProvider3D*>(&provider)) return k->isValid();
  return true;
}

}  // namespace

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::Agrees: return "agrees";
    case Verdict::NearSetsDiffer: return "near-sets-differ";
    case Verdict::ContactsDiffer: return "contacts-differ";
    case Verdict::ProviderThrew: return "provider-threw";
    case Verdict::CaseInvalid: return "case-invalid";
    case Verdict::ContactsWhenOff: return "contacts-when-off";
    case Verdict::NotValid: return "triangulation-not-valid";
    case Verdict::Crashed: return "crashed";
    case Verdict::TimedOut: return "timed-out";
  }
  return "?";
}

bool isFinding(Verdict v) { return v != Verdict::Agrees && v != Verdict::CaseInvalid; }

Outcome check(const FuzzCase& c, CheckTally* tally, const ProviderFactory& factory) {
  sim::World world = buildWorld(c);
  std::unique_ptr<sim::NeighborProvider> provider = factory ? factory(c) : makeProvider(c);
  environment::BruteForceProvider oracle;
  try {
    oracle.reset(world);
  } catch (const std::exception& e) {
    return {Verdict::CaseInvalid, 0, std::string("oracle: ") + e.what()};
  }
  try {
    provider->reset(world);
  } catch (const std::exception& e) {
    return {Verdict::ProviderThrew, 0, std::string("reset: ") + e.what()};
  }
  const auto countNeighbours = [&] {
    if (tally == nullptr) return;
    for (sim::AgentIndex i = 0; i < world.agents.size(); ++i) tally->neighbours += oracle.neighbors(i).size();
  };
  if (auto same = test::sameNearSets(world, *provider, oracle); !same)
    return {Verdict::NearSetsDiffer, 0, same.message()};
  countNeighbours();

  std::vector<sim::Vec3> previous(c.agents());
  for (int s = 1; s <= c.steps(); ++s) {
    for (std::size_t i = 0; i < c.agents(); ++i) previous[i] = world.agents[i].state.position;
    std::unordered_set<sim::AgentIndex> enabledAgain;
    const auto& before = c.samples[static_cast<std::size_t>(s - 1)];
    const auto& now = c.samples[static_cast<std::size_t>(s)];
    for (std::size_t i = 0; i < c.agents(); ++i)
      if (!before[i].enabled && now[i].enabled) enabledAgain.insert(static_cast<sim::AgentIndex>(i));
    applyStep(world, c, s);
    try {
      oracle.update(world, previous);
    } catch (const std::exception& e) {
      return {Verdict::CaseInvalid, s, std::string("oracle: ") + e.what()};
    }
    try {
      provider->update(world, previous);
    } catch (const std::exception& e) {
      return {Verdict::ProviderThrew, s, std::string("update: ") + e.what()};
    }
    if (auto same = test::sameNearSets(world, *provider, oracle); !same)
      return {Verdict::NearSetsDiffer, s, same.message()};
    countNeighbours();
    if (c.detectContacts) {
      const auto open = [&](const sim::Contact& k) {
        return enabledAgain.count(k.a) > 0 || (!k.withObstacle && enabledAgain.count(k.b) > 0);
      };
      if (auto same = test::sameContacts(world, *provider, oracle, 1e-7, open); !same)
        return {Verdict::ContactsDiffer, s, same.message()};
      if (tally != nullptr) tally->contacts += oracle.contacts().size();
    } else if (!provider->contacts().empty()) {
      return {Verdict::ContactsWhenOff, s, "contacts reported with detection off"};
    }
    if (c.checkValid && !triangulationValid(*provider)) return {Verdict::NotValid, s, "isValid() is false"};
    if (tally != nullptr) ++tally->steps;
  }
  return {};
}

}  // namespace steer::fuzz
