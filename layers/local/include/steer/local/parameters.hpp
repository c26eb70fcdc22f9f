#pragma once
/// @file All parameters of the Goldenstein local layer in one struct, with their defaults. Where
/// the paper gives a value (the constants of Appendix A: a = 1, δ = 0.8, c1 = 2, γ21 = 0.05,
/// α1 = 0.4 (1 − α2), ...) the default is that value; the rest (the time scales, the noise,
/// d0base, the gains of (7), ...) are ours, and a field whose default departs from what the
/// paper shows says why.
/// Goldenstein, Karavelas, Metaxas, Guibas, Aaron, Goswami, "Scalable Nonlinear Dynamical
/// Systems for Agent Steering and Crowd Simulation" (2001): §4, §4.4 and Appendix A.1, read with
/// the corrections of ARCHITECTURE.md §3. Lengths in metres, times in seconds, angles in radians.

namespace steer::local {

/// How the weights w_tar, w_obs of (3) are obtained.
enum class WeightMode {
  /// The paper's procedure (§4.1.2): at every evaluation of (3) the stable fixed point of (4)
  /// for the current α1, α2, γ12, γ21 is selected (Table A.1); where two fixed points are stable
  /// the one nearer the weights of the previous step is kept (hysteresis).
  QuasiStatic,
  /// (4) integrated as fast state variables together with the heading (time scale
  /// 1/`weightRate`).
  Integrated,
  /// No competition: the direct sum (2), f = f_tar + f_obs. Kept to show why (3) is needed.
  DirectSum,
};

/// Which form of (8) maps courage to d0.
enum class CourageMapping {
  /// k = ln(d0base + 1): d0(0) = d0base and d0(1) = 0, as the paper's prose says (default).
  Prose,
  /// k = 2 ln(d0base + 1), as printed: d0(0) = (d0base + 1)² − 1.
  Printed,
};

struct GoldensteinParameters {
  // --- Heading dynamics (3), (A.1)–(A.6) ---
  /// Attractor strength a of (A.1) (1/s), > 0. The paper takes a = 1.
  double a = 1.0;
  /// Overall factor of the heading dynamics (dimensionless), > 0: φ̇ of (3) is multiplied by it
  /// (its terms are rates already: a is in 1/s). The paper gives no time unit; 1 reproduces its
  /// equations as printed. The default 2 lets a walking agent (1.3 m/s) turn within about one
  /// body length of an obstacle.
  double headingRate = 2.0;
  /// Safety margin δ of (A.5), also the σ of (A.4) (rad), in (0, π) with δ + windowEdgeGap < π
  /// (the scenario reader takes [1e-6, π − 1e-6]). Paper: 0.8.
  double delta = 0.8;
  /// Smallest gap kept between the window's edge 2Δψ + δ and π (rad), in (0, 1). (A.4)/(A.5)
  /// turn inside out once 2Δψ + δ ≥ π (an obstacle at contact has Δψ = π/2), so the window's
  /// inner edge is clamped to min(2Δψ, π − δ − windowEdgeGap).
  double windowEdgeGap = 0.05;

  /// 2D only: a convention for passing (rad), in [0, δ). Every repeller's zero is shifted by
  /// this angle so that an object dead ahead is passed keeping it on the agent's left (the
  /// agent turns right). Not in the paper, whose repeller (A.3) is odd about the obstacle and
  /// which relies on the noise n of (3) to leave the unstable fixed point straight at an
  /// obstacle. The default 0 is the paper's symmetric repeller. With a bias the zeros of
  /// Σ f_obs_i shift by up to the bias, while the windows (A.4) and the "in front" test of (6)
  /// do not: between two obstacles the stable heading no longer points into the gap (which the
  /// symmetric repellers place there exactly when the agent fits, A.1.1) but at one of them, so
  /// an agent whose target is off stops there for good, at d1 with v = 0. With 0.6 (the former
  /// default) the theater's agents queued facing one another (10 of 20 reached) and flock1's
  /// collided with its obstacles; the crowd tests (two agents head-on round a pillar, the circle
  /// swap of 100) pass with the noise alone.
  double passingBias = 0.0;

  /// Other agents repel like discs, with d0 of (A.6) multiplied by this factor, in (0, 1].
  /// Pedestrians in a crowd walk at arm's length from each other; with the d0 that makes a
  /// static obstacle a timely repeller, neighbours alongside would switch every target off
  /// through (A.10)/(A.11). Not in the paper, which treats agents as obstacles (factor 1).
  /// Checked against the §7 examples (papers/goldenstein2001/README.md): with 1, maze_b's walkers
  /// reach less often (60 % against 85 % over 10 seeds), the theater's slightly less (94 %).
  double agentDecayFactor = 0.25;

  // --- Segment obstacles (§4.1.1) ---
  // A solid (box, oriented box, polygon) reaches the local layer as its boundary edges. The edges
  // of a convex solid act as the one obstacle it is: only its nearest edge adds a repeller (seen
  // as below), all of them count for r_min of (6). Edge by edge, a box repelled two or three
  // times (its hidden back edge, and a corner shared by two edges counted twice), which held the
  // theater's agents facing the seat rows' corners and turned maze_b's walkers away from its
  // doors (layers/local/src/solid_edges.hpp).
  /// A segment (wall, polygon or box edge) is "far" when its distance from the agent's centre
  /// exceeds both this distance (m) and the segment's length; then ψ and Δψ come from its
  /// midpoint and the angle it subtends. Otherwise they come from its closest point, seen as a
  /// point obstacle (Δψ from the agent's own radius): the "reflecting" wall of §4.1.1.
  double segmentSwitchDistance = 2.0;
  /// Wall pieces closer to each other than the agent's diameter (no passage between them: the
  /// walls of a concave corner, abutting wall boxes) steer as one object seen under the union
  /// of their angles, instead of one point repeller each with a false gap between them whose
  /// heading is an attractor (layers/local/src/wall_groups.hpp). Not in the paper, which does
  /// not discuss corners; false gives the walls one by one, as §4.1.1 reads literally.
  bool groupWalls = true;

  // --- Adaptive weights (4), (A.7)–(A.11) ---
  WeightMode weightMode = WeightMode::QuasiStatic;
  // α1, α2, γ12 and γ21 are dimensionless here: the time scale of (4) is weightRate (integrated
  // mode); the quasi-static reading uses only its fixed points. The paper gives no units.
  /// Sharpness of the fixed-point detectors (A.7)/(A.8) (s: the exponent is −c1 |f|, f in
  /// rad/s before headingRate), > 0. Paper: 2.
  double c1 = 2.0;
  double c2 = 2.0;        ///< sharpness of γ12 (A.9) (dimensionless), > 0. Paper: 2.
  double gamma21 = 0.05;  ///< γ21, the constant of §A.1.2 (dimensionless), > 0. Paper: 0.05.
  double alpha1Scale = 0.4;  ///< α1 = alpha1Scale (1 − α2) (A.11) (dimensionless), > 0. Paper: 0.4.
  /// (A.10) as printed sums D_i over every obstacle, so an obstacle beside or behind the agent
  /// switches the target off as surely as one ahead; in a crowd, with neighbours at arm's
  /// length on every side, every target goes off and the crowd disperses. When true (default)
  /// α2 = tanh(Σ_i W_i D_i): each obstacle counts through its window, i.e. only where it lies
  /// within 2Δψ_i + δ of the heading. False gives (A.10) as printed; then the walls of maze_a's
  /// 4 m corridors keep every target off and 33 % of its walkers arrive (100 % windowed).
  bool windowedAlpha2 = true;
  /// Rate multiplier of (4) in WeightMode::Integrated (1/s), > 0: the weights are fast variables.
  double weightRate = 10.0;
  /// Initial weights (w_tar, w_obs) (dimensionless), each in [−2, 2]: the state of
  /// WeightMode::Integrated at t = 0; QuasiStatic reads them only as the first step's previous
  /// weights (hysteresis), DirectSum not at all. w_obs must not start at 0, which is a fixed
  /// point of (4).
  double initialTargetWeight = 1.0;
  double initialObstacleWeight = 0.1;
  /// In WeightMode::Integrated each |w| is kept ≥ this after every step, so that a weight that
  /// decayed while nothing was around can grow again in finite time (the paper relies on
  /// noise for this), in [0, 1) (the scenario reader takes [0, 0.999]).
  double weightFloor = 0.01;

  // --- Noise n of (3) and (4) ---
  /// Standard deviation of the heading noise (rad/√s), ≥ 0. With a fixed step dt one draw is
  /// held over the step as n = σ ξ / √dt (Euler–Maruyama), so the random increment of the
  /// heading (3) over a step, ∫ n dt, has standard deviation σ √dt (rad) whatever the step. The IIR
  /// filter (7) passes a fraction k of it to the heading in that step and the rest over the
  /// following steps (k: the dexterity gain, 0.55 at the defaults). The paper gives no amplitude;
  /// it uses n "to escape from the unstable fixed points created by obstacles" (§4.1.2), which
  /// 0.05 does (two agents head-on part within seconds). It cannot free an agent from a *stable*
  /// stall (a heading at an attractor of Σ f_obs_i with an object in front at d1, v = 0 by (6)):
  /// there the heading's spread is ~σ/√(2k) ≈ 0.03 rad for a well of slope k ≈ 1–3 /s. Larger
  /// amplitudes free such stalls by chance (σ = 0.3: maze_b 100 %, README of the paper's
  /// folder) and were not adopted: that is not the role the paper gives n.
  double headingNoise = 0.05;
  /// Standard deviation of the weight noise n of (4) (1/√s), ≥ 0, scaled like the heading noise.
  /// Drawn and used only in WeightMode::Integrated: QuasiStatic (the default) takes the fixed
  /// points of (4) without it and DirectSum has no weights, so there it does nothing.
  double weightNoise = 0.01;

  // --- Forward speed (6) ---
  /// Time to contact t2c of (6) (s), > 0.
  double timeToContact = 1.0;
  /// An object counts for r_min of (6) when the angle between the heading and the direction to
  /// it, less its half-angle Δψ, is below this (rad), in (0, π]: for a disc, when the heading
  /// ray passes within this angle of the disc grown by the agent's radius. A wall near the agent
  /// is its closest point, as §4.1.1's near case reads it for ψ and Δψ (Δψ = asin(a/d) there),
  /// so a wall counts when the heading is within this + Δψ of the direction to its foot, not
  /// whenever the ray meets it: one approached at a glancing angle does not slow the agent (the
  /// repeller alone turns it away), and in a corridor a heading a little off the walls' line
  /// keeps its speed. The paper: "only obstacles in front of the agent". Small, so that an
  /// agent sliding past an obstacle at its side keeps its speed. With 0 (the subtended angle alone) agents graze walls (a contact in
  /// the theater). Before walls were grouped (groupWalls), the margin decided whether a concave
  /// corner's false gap held an agent at d1 (0.05: 58 of maze_b's 60 walkers arrived over 10
  /// seeds, 0.25: 51); with grouping all 60 arrive at 0.25.
  double frontHalfAngle = 0.25;
  /// Fastest retreat, as a fraction of the agent's maximum speed, in [0, 1]. A retreat also obeys
  /// (6) along its motion: over the objects behind (the same test about the heading turned by
  /// π), it stops at d1 from them. The paper's agent retreats looking at nothing behind; ours
  /// backed into pillars (flock1) and into each other (theater) before.
  double retreatFraction = 0.5;
  /// Arrival: near a point goal the speed is at most arrivalGain × distance to the goal (1/s),
  /// ≥ 0 (0 disables it); near a moving target (a path or an agent), the target's speed plus
  /// that, so that the approach, not the chase, slows down. Not in the paper; it keeps an agent
  /// whose turn rate is bounded from circling a target it cannot turn into (Reynolds' "arrival").
  double arrivalGain = 1.0;

  // --- Personality (§4.4) ---
  /// Courage → d0 (8) (m), ≥ 0: the decay length of D_i (A.6) at courage 0.
  /// The default 8 gives d0 = 2 m at courage 0.5 (prose mapping), so that a repeller is
  /// strong enough, at the distance where (6) starts slowing the agent, to switch the target
  /// off through (A.9)–(A.11) before the agent stalls in front of the obstacle.
  double d0Base = 8.0;
  CourageMapping courageMapping = CourageMapping::Prose;
  /// Courage → d1 (9)(10) (m), ≥ 0: the paper uses d0base here too; it is separate so that the
  /// reach of the repellers and the safety distance of (6) can be set apart. d1 is measured
  /// from the agent's surface to the obstacle's.
  /// The default 0.2 m lets a crowd at arm's length keep walking. (The paper's d1 = d0vel − v0
  /// is d0base at courage ≤ 0.5, 1 in its Fig. 5.) Every stall of the §7 examples rests at
  /// r_min = d1; a concave corner traps an agent of radius a only if d1 > (√2 − 1) a.
  double d1Base = 0.2;
  /// v0 of (9) (m), which the paper never defines.
  double v0 = 0.0;
  /// IIR gains k of (7), per step of `filterStep`, as the affine maps of §4.4.1/§4.4.2:
  /// k = kMin + (kMax − kMin)·dexterity for the turn rate and
  /// k = kMax − (kMax − kMin)·mass for the speed. Both in (0, 1]; kMin > 0 so that k never
  /// reaches 0 (the heading would freeze).
  double dexterityGainMin = 0.1;
  double dexterityGainMax = 1.0;
  double massGainMin = 0.1;
  double massGainMax = 1.0;
  /// The step (s) the gains refer to, > 0. For a step dt the gain used is
  /// 1 − (1 − k)^(dt / filterStep), so a trait means the same time constant at any dt.
  double filterStep = 0.05;

  /// The model as the paper prints it, as far as a switch can give it (the scenario's
  /// `local: {preset: paper}`): α2 = tanh(Σ D_i) of (A.10) over every obstacle
  /// (windowedAlpha2 = false), walls one by one (groupWalls = false), agents as obstacles like
  /// any other (agentDecayFactor = 1), (3) without a time factor (headingRate = 1), no arrival
  /// slow-down (arrivalGain = 0) and a retreat as fast as (6) gives, up to the maximum speed
  /// (retreatFraction = 1). The rest keeps the defaults above: the constants the paper gives
  /// are the defaults already, and those it does not give (d0base in metres, the noise
  /// amplitude) have no printed value to return to. Kept on purpose, though a switch exists:
  /// - (8) in its prose form (courageMapping = Prose), ARCHITECTURE.md §3's correction; Printed
  ///   gives the printed k = 2 ln(d0base + 1);
  /// - d1Base apart from d0Base: (9)(10) make d1 = d0base at courage ≤ 0.5, which at our d0Base
  ///   would stop an agent 8 m from anything ahead (the paper's one value, d0base = 1 in Fig. 5,
  ///   has no unit); give d1_base equal to d0_base for the printed d1;
  /// - frontHalfAngle 0.25 rad: "only obstacles in front of the agent" (§4.2) as a margin round
  ///   the heading; π/2 reads it as the half-plane ahead;
  /// - filterStep 0.05 s: the gains k of (7) are per step of 0.05 s whatever dt; filterStep = dt
  ///   gives (7) per integration step, as printed.
  /// What no switch undoes (configuration-space angles, the cap on Σ W_i in (A.8), convex
  /// solids as one obstacle, the retreat held by (6) behind the agent, the forward speed capped
  /// at the cruising speed, the retreat at the maximum speed) is listed in
  /// papers/goldenstein2001/README.md.
  static GoldensteinParameters asPrinted();

  bool operator==(const GoldensteinParameters&) const = default;
};

/// Throws std::invalid_argument naming the first parameter outside its documented range.
void validate(const GoldensteinParameters& parameters);

}  // namespace steer::local
