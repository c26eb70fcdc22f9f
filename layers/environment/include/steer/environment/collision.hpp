#pragma once
/// @file Continuous collision detection between two steps (Goldenstein §3: the environment
/// layer "is responsible for collision detection, and for notification to the agents
/// involved"; the providers report the contacts through NeighborProvider::contacts(), and the
/// step loop hands them to its observers, StepObserver::onContacts. Ours stops there: no local
/// model is notified, the departure ARCHITECTURE.md §4 names). Within a step,
/// time is a parameter τ ∈ [0, 1] and every body moves linearly from its start to its end
/// position, so each contact distance is a quadratic in τ.
///
/// A contact *begins* at the first τ where the distance between the bodies' centre and the
/// other body's surface or centre falls to `reach` (the sum of the radii), starting from
/// more than `reach` at τ = 0. Bodies that already touch at τ = 0 report nothing: their
/// contact began in an earlier step.
#include <optional>
#include <span>
#include <vector>

#include "steer/geometry/shapes.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment {

/// First τ ∈ [0, 1] at which |d0 + τ (d1 − d0)| = reach, where d is the relative position
/// (m) of two bodies moving linearly; nullopt when it stays above `reach` (m, ≥ 0), or is not
/// above it at τ = 0.
std::optional<double> firstContactRelative(const geometry::Vec3& d0, const geometry::Vec3& d1, double reach);

/// Two discs/spheres with centres moving from p0 to p1 and from q0 to q1: first τ at which
/// the centre distance reaches `reach` = r_p + r_q (m).
std::optional<double> firstContactPoints(const geometry::Vec3& p0, const geometry::Vec3& p1,
                                         const geometry::Vec3& q0, const geometry::Vec3& q1, double reach);

/// A disc of radius `reach` (m) whose centre moves from p0 to p1 (x–y plane) against a
/// segment translating by `shift` (m) over the step (zero for a wall): the first τ at which
/// the centre comes within `reach` of the segment (its interior or its end points).
std::optional<double> firstContactSegment(const geometry::Vec2& p0, const geometry::Vec2& p1,
                                          const geometry::Segment& segment, const geometry::Vec2& shift,
                                          double reach);

/// The first contact of an agent (radius, start and end centre) with an obstacle piece at the
/// start of the step that translates by `shift` (m) over it; nullopt if none begins.
std::optional<double> firstContactPiece(const geometry::Vec3& p0, const geometry::Vec3& p1, double radius,
                                        const sim::ObstaclePiece& pieceAtStart, const geometry::Vec3& shift,
                                        int dimension);

/// How a piece moved over a step, from `before` to `now` (m): pieces translate (a moving obstacle
/// follows its path without turning), so the move of one point is the move of every point.
geometry::Vec3 pieceShift(const sim::ObstaclePiece& before, const sim::ObstaclePiece& now);

/// The contacts that enabled agent p began in the step from `t0` to world.time, appended to `out`:
/// with each enabled agent q > p in `others` (each pair is looked at from its lower index) and
/// with each piece in `pieces`. `previous` holds every agent's position at the start of the step,
/// `piecesBefore` every piece (as in world.pieces()) at the start; an empty `piecesBefore` means
/// that no piece moved. The candidates must hold every agent and piece p could have touched.
void agentContactsInStep(const sim::World& world, std::span<const sim::Vec3> previous,
                         std::span<const sim::ObstaclePiece> piecesBefore, double t0, sim::AgentIndex p,
                         std::span<const sim::AgentIndex> others, std::span<const sim::PieceIndex> pieces,
                         std::vector<sim::Contact>& out);

/// Sorts contacts into the canonical order: by time, then agent, other agent, piece.
void sortContacts(std::span<sim::Contact> contacts);

}  // namespace steer::environment
