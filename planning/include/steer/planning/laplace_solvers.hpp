#pragma once
/// @file Solvers of the discrete Laplace equation with Dirichlet conditions, Goldenstein
/// Appendix A.2, (A.13)–(A.16): every unknown node is the average of its four neighbours
/// (A.14); fixed nodes keep their value (A.16).
///
/// - Gauss–Seidel, the paper's method, in lexicographic order. (A.15) as printed takes all four
///   neighbours from iterate m − 1, which is Jacobi's method; the text names Gauss–Seidel, which
///   uses the neighbours already updated in this sweep. Both have the same fixed point.
/// - SOR, the over-relaxed Gauss–Seidel the paper mentions, by default with Young's optimal
///   factor ω* = 2 / (1 + √(1 − ρ_J²)) where ρ_J is the spectral radius of the Jacobi iteration
///   of the actual masked grid, estimated by Lanczos (estimateJacobiSpectralRadius()). The
///   rectangle's ρ_J = ½(cos(π/(nx+1)) + cos(π/(ny+1))) is right for an open room but, on a maze
///   whose long corridors are w cells wide, 1 − ρ_J ≈ π²/(4w²) (the narrow side's term) rather
///   than an n × n room's π²/(2n²), and the rectangle's ω over-relaxes (several times more sweeps).
///   Two orderings (SorOrdering): lexicographic, the paper's Gauss–Seidel order, and red–black
///   (chequerboard by the parity of i + j, all of one colour then all of the other), whose
///   colour-split rows vectorise. Both are consistently ordered, so ω* and the asymptotic rate
///   are the same; SolverSettings (the planners, `steer field --solver sor`) uses red–black.
/// - Multigrid-preconditioned conjugate gradients (`multigrid`): one symmetric V-cycle of
///   black-box multigrid (Dendy 1982) as the preconditioner of CG. The interpolation is built
///   from the operator's own stencil, so a coarse correction never crosses a wall one cell
///   thin, on any level; coarse operators are the Galerkin products Pᵀ A P; red–black
///   Gauss–Seidel smooths; the coarsest grid is solved exactly. The V-cycle runs in float, CG
///   (iterate, residual, step) in double, so the float only shapes the preconditioner, not the
///   answer. O(N) work per iteration and an iteration count independent of N (15 on the
///   benchmark maze from 128² to 1024²), against O(N) sweeps for Gauss–Seidel and O(√N) for
///   SOR. Eigen has no multigrid, and its sparse LDLᵀ of the 1024² maze (27.7 M nonzeros in L)
///   takes 1.7 s, hence this one (docs/benchmarks.md).
///
/// All three stop on the same criterion, the paper's: the largest change of a nodal value in
/// one iteration (sweep, or CG step) is below `tolerance` (the paper prints "10e^{-15}": we read
/// 1e-15). That is a stopping rule, not an error bound: a loose tolerance can stop a slow solver
/// (Gauss–Seidel at 1e-6 on a maze) far from the solution and still report it converged, with
/// local minima `steer field` then counts.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace steer::planning {

/// The problem on an nx × ny block of nodes, surrounded by a ring of fixed nodes of value 0.
/// `value` holds the Dirichlet value of fixed nodes and the initial guess of unknown ones; it
/// receives the solution.
struct LaplaceProblem {
  int nx = 0;
  int ny = 0;
  std::vector<std::uint8_t> unknown;  ///< nx·ny flags, row by row (index j·nx + i)
  std::vector<double> value;          ///< nx·ny values

  LaplaceProblem() = default;
  LaplaceProblem(int nx_, int ny_)
      : nx(nx_), ny(ny_), unknown(static_cast<std::size_t>(nx_) * ny_, 0), value(static_cast<std::size_t>(nx_) * ny_, 0.0) {}
  std::size_t index(int i, int j) const { return static_cast<std::size_t>(j) * nx + i; }
};

enum class LaplaceSolver { GaussSeidel, Sor, Multigrid };

/// Order in which SOR visits the nodes within a sweep.
enum class SorOrdering {
  Lexicographic,  ///< row by row, i increasing (bit for bit the plain loop)
  RedBlack,       ///< nodes with i + j even, then odd; vectorised, same ω*, same fixed point;
                  ///< the stopping test runs every 4 sweeps: counts are multiples of 4 (or the cap)
};

/// "gs", "sor", "multigrid".
const char* solverName(LaplaceSolver solver);
/// Parses a solver name; returns false when unknown.
bool parseSolver(const std::string& name, LaplaceSolver& out);

struct SolverSettings {
  LaplaceSolver solver = LaplaceSolver::Multigrid;
  double tolerance = 1e-15;        ///< stop when the largest update is below this, > 0
  std::int64_t maxIterations = 2'000'000;  ///< sweeps (GS, SOR) or CG iterations, cap
  double omega = 0.0;              ///< SOR factor in (0, 2); ≤ 0 means ω* of the grid (estimated)
  /// SOR only. Red–black by default: the same fixed point as lexicographic SOR to 1e-11 on the
  /// test maze, with the same ω*, and about three times faster at 1024² (docs/benchmarks.md).
  SorOrdering sorOrdering = SorOrdering::RedBlack;
  /// Called between iterations (every sweep of Gauss–Seidel, every 4 of red–black SOR, every CG
  /// iteration, every step of SOR's estimate of ω*); it may throw to abandon the solve, and the exception leaves the solver with
  /// the problem's values unspecified. `steer run` throws there when Ctrl-C asks to stop: a
  /// fine field solved by Gauss–Seidel takes minutes, and the request waited for its end. Not a
  /// setting of the field (the field cache's key leaves it out).
  std::function<void()> checkpoint;
};

struct SolveStats {
  std::int64_t iterations = 0;  ///< sweeps (GS, SOR) or CG iterations (multigrid)
  double finalUpdate = 0.0;     ///< largest nodal change in the last iteration
  bool converged = false;       ///< finalUpdate < tolerance before the cap
};

/// ω* of an nx × ny rectangle with Dirichlet boundary.
double optimalSorOmega(int nx, int ny);
/// ρ_J ∈ [0, 1) of the problem's Jacobi iteration (¼ × adjacency of its unknown nodes), by
/// Lanczos from the all-ones vector: a lower bound that settles to ~1 % of 1 − ρ_J.
double estimateJacobiSpectralRadius(const LaplaceProblem& problem, const std::function<void()>& checkpoint = {});
/// Young's ω* = 2 / (1 + √(1 − ρ_J²)) for a consistently ordered matrix (the 5-point
/// Laplacian in lexicographic order is one).
double sorOmegaFromJacobi(double rhoJacobi);

/// `checkpoint` (may be empty), in every solver below: as SolverSettings::checkpoint.
SolveStats solveGaussSeidel(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps,
                            const std::function<void()>& checkpoint = {});
/// `omega` ≤ 0 or ≥ 2: ω* of this problem, sorOmegaFromJacobi(estimateJacobiSpectralRadius()).
SolveStats solveSor(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega,
                    SorOrdering ordering = SorOrdering::Lexicographic, const std::function<void()>& checkpoint = {});
/// SOR in red–black order (sor_red_black.cpp); `omega` as for solveSor(). Fixed nodes keep
/// their values exactly. The update criterion is checked on the last sweep of every 4 (they
/// share a pass over the grid), so up to 3 sweeps more than a check per sweep would run.
SolveStats solveSorRedBlack(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega,
                            const std::function<void()>& checkpoint = {});
SolveStats solveMultigrid(LaplaceProblem& problem, double tolerance, std::int64_t maxIterations,
                          const std::function<void()>& checkpoint = {});
/// Dispatches on settings.solver.
SolveStats solveLaplace(LaplaceProblem& problem, const SolverSettings& settings);

/// Largest |λ_i − ¼ Σ neighbours| over unknown nodes: the residual of (A.14); NaN when a node it
/// reads is NaN, +∞ when one is infinite.
double maxAveragingResidual(const LaplaceProblem& problem);

}  // namespace steer::planning
