#pragma once
// The multigrid hierarchy behind solveMultigrid() (multigrid.cpp): black-box multigrid after
// Dendy (1982), "Black box multigrid", J. Comput. Phys. 48, with Galerkin coarse operators.
//
// Grids. Every level is an nx × ny block of nodes inside a frame of inactive nodes (one ring
// on the left and bottom, three on the right and top, so that the transfers' index arithmetic
// never leaves the arrays); node (i, j), i ∈ [1, nx], j ∈ [1, ny], sits at j·stride + i. The
// coarse node (I, J) lies on the fine node (2I, 2J): a fine node with both indices even is a
// C-point, the others are F-points (x-edge: i odd, j even; y-edge: i even, j odd; centre: both
// odd).
//
// Operators. The finest level is the masked 5-point Laplacian of (A.14): 4 on an unknown
// node, −1 between two unknown nodes; fixed nodes (walls, target, outside) are not unknowns,
// their values are in the right-hand side. Coarse levels hold the Galerkin product
// A_c = Pᵀ A P, a symmetric 9-point stencil.
//
// Interpolation P (operator-dependent, Dendy's): a C-point takes its coarse node's value; an
// x-edge node is the average of its two C-neighbours weighted by the fine operator's stencil
// collapsed along y (and a y-edge node along x); a centre node solves its own equation given
// its eight neighbours' interpolated values. Where a wall separates two nodes the fine
// operator couples them by 0, so the weight across the wall is 0: a coarse correction never
// leaks through a wall one cell thin, on any level. (Bilinear interpolation masked by the
// walls would from the second coarse level on, where a wall is no longer a row of fixed nodes
// but missing couplings; the piecewise-constant aggregation this replaced kept walls but
// interpolated smooth errors only to first order, and its iteration count grew with n.)
// A coarse node exists only where its C-point is an unknown of the fine level: its column of P
// then has a 1 at that C-point and no other column touches it, so P has full rank and every
// coarse operator is symmetric positive definite.
//
// Smoothing: red–black Gauss–Seidel (colour = parity of i + j). On a 9-point level a colour's
// nodes are coupled diagonally, so the rows are visited in order and each row's nodes of the
// colour are updated together (they are not coupled to one another): still Gauss–Seidel, in
// the order "rows of red, then rows of black". Pre-smoothing runs red then black, rows upward;
// post-smoothing runs the exact reverse, so the V-cycle is a symmetric positive definite
// operator and can precondition conjugate gradients. The coarsest level (≤ kCoarsestNodes nodes,
// or a strip one node wide) is solved exactly by Eigen's sparse LDLᵀ.
//
// Arithmetic: single precision (Real). The V-cycle is only the preconditioner of a CG that
// runs in double (multigrid.cpp), whose residual and iterate decide the accuracy of the
// solution; rounding the preconditioner to 1e-7 costs no iterations (measured, see
// docs/benchmarks.md) and halves the memory traffic.
#include <Eigen/SparseCholesky>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace steer::planning::detail::mg {

using Real = float;

/// The interpolation from a coarse level to the fine level below it, one entry per coarse block
/// (I, J) ∈ [0, NX] × [0, NY], stored with the coarse level's stride: the fine C-point (2I, 2J)
/// takes `pc` × coarse (I, J) (1, or 0 where the C-point is fixed); the x-edge node (2I+1, 2J)
/// xw × (I, J) + xe × (I+1, J); the y-edge node (2I, 2J+1) ys × (I, J) + yn × (I, J+1); the
/// centre (2I+1, 2J+1) sw × (I, J) + se × (I+1, J) + nw × (I, J+1) + ne × (I+1, J+1).
/// Restriction is the transpose.
struct Interpolation {
  std::vector<Real> pc, xw, xe, ys, yn, sw, se, nw, ne;
};

struct Level {
  int nx = 0, ny = 0;
  std::ptrdiff_t stride = 0;
  std::size_t size = 0;  ///< nodes including the frame
  bool finest = false;
  std::vector<std::uint8_t> active;  ///< 1 on the level's unknowns
  /// Finest level: ¼ on unknown nodes, 0 on fixed ones; the 5-point operator needs nothing else.
  std::vector<Real> quarter;
  /// Coarse levels: the symmetric 9-point operator A(k, k) = diag, A(k, k−1) = w,
  /// A(k, k−stride) = s, A(k, k−stride−1) = sw, A(k, k−stride+1) = se; the other four entries are
  /// their neighbours' by symmetry. Inactive nodes have diag = 1 and no couplings, so that the
  /// kernels need no mask: their right-hand side is 0 and so is their value.
  std::vector<Real> diag, w, s, sw, se;
  std::vector<Real> x, b;  ///< correction, right-hand side
  std::vector<Real> r;     ///< residual (coarse levels; the finest forms it inside the restriction)
  std::vector<Real> scratch;  ///< row buffers
  /// From level + 1 (empty on the coarsest). On the finest level only xw, xe, ys, yn are kept:
  /// pc is 4·quarter of the C-point and the centre weights follow from the edge weights
  /// (finestCentreWeight()), which the kernels recompute instead of reading 5 more arrays.
  Interpolation fromCoarse;

  Level(int nx_, int ny_, bool finest_);
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(j) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(i); }
};

/// On the finest level a centre node's equation, 4 e = Σ of its four edge neighbours' values
/// (its diagonal neighbours are not coupled), gives its weight for one coarse node as ¼ × the
/// sum of the two edge weights towards that node, here in the exact form both the setup and
/// the kernels use: quarter (¼ or 0) × (edge weight + edge weight), in float.
inline Real finestCentreWeight(Real quarter, Real edgeA, Real edgeB) { return quarter * (edgeA + edgeB); }

/// Coarsening stops at this many nodes (the coarsest level is factorised once).
constexpr int kCoarsestNodes = 256;

class Hierarchy {
 public:
  /// `unknown` flags the finest level's unknown nodes, row by row (nx × ny, index j·nx + i).
  Hierarchy(int nx, int ny, const std::vector<std::uint8_t>& unknown);

  Level& finest() { return levels_.front(); }
  std::size_t depth() const { return levels_.size(); }
  /// finest().x ← M⁻¹ finest().b: one symmetric V-cycle from a zero guess.
  void vcycle() { cycle(0); }

 private:
  void cycle(std::size_t l);
  void factorCoarsest();
  void solveCoarsest();

  std::vector<Level> levels_;
  std::vector<std::size_t> coarseNodes_;
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> coarseSolver_;
  Eigen::VectorXd coarseRhs_;
};

// Setup (multigrid_setup.cpp).
/// P from `fine` to a coarse grid of NX × NY nodes.
Interpolation buildInterpolation(const Level& fine, int NX, int NY, std::ptrdiff_t coarseStride);
/// The Galerkin operator Pᵀ A P of `fine` into `coarse` (whose grid is set).
void galerkinProduct(const Level& fine, Level& coarse);

// Cycle kernels (multigrid_cycle.cpp).
/// One red–black Gauss–Seidel sweep: the half-sweep of colour `first` (0: i + j even), then the
/// other's, over the rows upward or downward; the reverse of relaxSweep(L, c, true) is
/// relaxSweep(L, 1 − c, false). Both half-sweeps share one pass over the grid, the second
/// trailing the first by one row: a row of the second colour is then relaxed right after the
/// last value it depends on became final and before any value that must still be old
/// changes, so the result is bit for bit that of two separate half-sweeps.
void relaxSweep(Level& L, int first, bool upward);
/// coarse.b ← Pᵀ (fine.b − A fine.x); on a coarse fine level through fine.r.
void restrictResidual(Level& fine, Level& coarse);
/// fine.x += P coarse.x.
void prolongAdd(Level& fine, const Level& coarse);

}  // namespace steer::planning::detail::mg
