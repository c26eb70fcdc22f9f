#include "steer/reynolds/pigeons.hpp"

namespace steer::reynolds {

namespace {
BehaviorSpec make(BehaviorKind kind, double weight) {
  BehaviorSpec b;
  b.kind = kind;
  b.weight = weight;
  b.highRate = isAvoidanceKind(kind);
  return b;
}
}  // namespace

ReynoldsParameters pigeonsInThePark(const Vec3& center, double enclosureRadius) {
  ReynoldsParameters p;
  p.combiner = CombinerKind::WeightedBlend;
  p.vehicle.maxSpeed = 6.0;
  p.vehicle.maxForce = 8.0;
  p.vehicle.surface.kind = Surface::Kind::HeightField;
  p.vehicle.surface.amplitude = 0.3;
  p.vehicle.surface.wavelength = 25.0;
  p.vehicle.banking = true;
  p.think = {6, 2, true};

  // The invisible sphere around the birds (containment), centred on the meadow.
  BehaviorSpec contain = make(BehaviorKind::Containment, 2.0);
  contain.region.kind = Region::Kind::Sphere;
  contain.region.center = center;
  contain.region.radius = enclosureRadius;
  contain.predictionTime = 1.0;
  contain.margin = 2.0;

  BehaviorSpec wander = make(BehaviorKind::Wander, 0.4);
  wander.wander = {1.0, 0.5, 0.3};
  // Separation strong enough that the birds keep apart on the ground and when they land, as
  // "the characters maintain a minimum separation distance" (§ on locality queries): with 0.5
  // here and 1 in `spacing`, 280 birds touched 209–212 times in 40 s (seeds 2000, 1, 2), most
  // of them walking or landing on one another; with 1.5 and 3, 11–24.
  BehaviorSpec separate = make(BehaviorKind::Separation, 1.5);
  separate.neighborhood = {1.0, 3.14159265358979323846};
  BehaviorSpec herd = make(BehaviorKind::Cohesion, 0.05);
  herd.neighborhood = {3.0, 2.5};
  BehaviorSpec avatar = make(BehaviorKind::AvatarAvoidance, 1.5);
  BehaviorSpec flock = make(BehaviorKind::Flocking, 1.0);
  flock.flocking.separation = {1.2, 3.14159265358979323846};
  flock.flocking.alignment = {4.0, 2.2};
  flock.flocking.cohesion = {4.0, 2.2};
  BehaviorSpec up = make(BehaviorKind::Climb, 2.0);
  up.speed = 2.5;
  BehaviorSpec level = make(BehaviorKind::Climb, 1.0);
  level.speed = 0.0;
  BehaviorSpec down = make(BehaviorKind::Climb, 3.0);
  down.speed = -1.5;
  BehaviorSpec spacing = make(BehaviorKind::Separation, 3.0);
  spacing.neighborhood = {1.0, 3.14159265358979323846};
  BehaviorSpec flyWander = make(BehaviorKind::Wander, 0.5);
  flyWander.wander = {2.0, 1.0, 0.2};

  StateSpec walking{"walking", false, 0.6, {contain, wander, separate, herd, avatar}};
  StateSpec takeoff{"takeoff", true, 0.0, {contain, up, flock, avatar}};
  StateSpec cruise{"cruise", true, 0.0, {contain, level, flock, flyWander}};
  StateSpec landing{"landing", true, 3.0, {contain, down, spacing}};
  p.states = {walking, takeoff, cruise, landing};
  p.initialState = kPigeonWalking;
  // The ascent and the time before the descent (× (1 + annoyance) for an annoyed bird): the paper
  // gives them in words only, "the first time a bird is startled it will fly a few feet"; with
  // these a first flight ends a median 1.8 m away (1 s and 3 s gave 5.2 m).
  p.transitions = {
      {kPigeonWalking, kPigeonTakeoff, TriggerKind::Clap, 0.0, true},
      {kPigeonWalking, kPigeonTakeoff, TriggerKind::AvatarTakeoff, 0.0, true},
      {kPigeonWalking, kPigeonTakeoff, TriggerKind::Contagion, 0.25, true},
      {kPigeonTakeoff, kPigeonCruise, TriggerKind::TimeInState, 0.5, false},
      {kPigeonCruise, kPigeonLanding, TriggerKind::TimeInState, 1.5, false},
      {kPigeonLanding, kPigeonWalking, TriggerKind::Grounded, 0.0, false},
  };
  p.annoyanceStep = 1.0;
  p.annoyanceDecay = 30.0;
  p.annoyanceScale = 1.0;
  p.contagion = {2.5, 0.5, 3.0};
  return p;
}

}  // namespace steer::reynolds
