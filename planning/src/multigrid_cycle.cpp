// The kernels of the V-cycle (see multigrid_hierarchy.hpp): red–black Gauss–Seidel on the
// 5-point finest level and the 9-point coarse levels, residuals, restriction Pᵀ and
// interpolation P. Every loop runs along a row at unit stride (the transfers at stride 2 on
// the fine side) so that GCC vectorises it; the row functions are cloned for AVX2 and the
// baseline x86-64 and picked at load time. Not FMA: contracting a·b + c would make the
// rounding depend on the machine.
#include <cstddef>
#include <utility>

#include "multigrid_hierarchy.hpp"

namespace steer::planning::detail::mg {

namespace {

using Index = std::ptrdiff_t;

// A half-sweep updates node i of a row (i ∈ [1, n]) when (i & 1) == parity. A node of the
// colour has its west and east neighbours in the other colour, so the new values of a row
// depend only on values this row does not change: the row's candidate values are computed
// for every node into `t` (one vectorised loop; GCC does not vectorise a loop that reads
// x[i ± 1] and writes x[i]), then the colour's nodes take theirs. Exactly the sequential update.
__attribute__((target_clones("avx2", "default")))
void candidatesRow5(Real* __restrict t, const Real* __restrict x, const Real* __restrict b, const Real* __restrict q,
                    Index S, int n) {
  for (int i = 1; i <= n; ++i) t[i] = q[i] * (b[i] + ((x[i - 1] + x[i + 1]) + (x[i - S] + x[i + S])));
}

__attribute__((target_clones("avx2", "default")))
void candidatesRow9(Real* __restrict t, const Real* __restrict x, const Real* __restrict b, const Real* __restrict d,
                    const Real* __restrict w, const Real* __restrict s, const Real* __restrict sw,
                    const Real* __restrict se, Index S, int n) {
  for (int i = 1; i <= n; ++i) {
    const Real off = (w[i] * x[i - 1] + w[i + 1] * x[i + 1]) + (s[i] * x[i - S] + s[i + S] * x[i + S]) +
                     ((sw[i] * x[i - S - 1] + sw[i + S + 1] * x[i + S + 1]) +
                      (se[i] * x[i - S + 1] + se[i + S - 1] * x[i + S - 1]));
    t[i] = (b[i] - off) / d[i];
  }
}

// x[i] ← t[i] where (i & 1) == parity. The blend is arithmetic, with weights 0 and 1, so it
// is exact.
__attribute__((target_clones("avx2", "default")))
void takeColour(Real* __restrict x, const Real* __restrict t, int n, int parity) {
  for (int i = 1; i <= n; ++i) {
    const Real keep = static_cast<Real>((i + parity) & 1);  // 1 on the other colour
    x[i] = (Real(1) - keep) * t[i] + keep * x[i];
  }
}

__attribute__((target_clones("avx2", "default")))
void residualRow9(Real* __restrict r, const Real* __restrict x, const Real* __restrict b, const Real* __restrict d,
                  const Real* __restrict w, const Real* __restrict s, const Real* __restrict sw,
                  const Real* __restrict se, Index S, int n) {
  for (int i = 1; i <= n; ++i) {
    const Real off = (w[i] * x[i - 1] + w[i + 1] * x[i + 1]) + (s[i] * x[i - S] + s[i + S] * x[i + S]) +
                     ((sw[i] * x[i - S - 1] + sw[i + S + 1] * x[i + S + 1]) +
                      (se[i] * x[i - S + 1] + se[i + S - 1] * x[i + S - 1]));
    r[i] = b[i] - d[i] * x[i] - off;
  }
}

// Coarse row J: b_c(I) = Σ P(f, (I, J)) r_f over the 3 × 3 fine nodes around (2I, 2J).
// `r0` is fine row 2J at column 0, rS and rN the rows below and above; weights of blocks
// (I, J) at `p`, of (I, J−1) at `pS` (same arrays, one coarse row down).
__attribute__((target_clones("avx2", "default")))
void restrictRow(Real* __restrict bc, const Real* __restrict rS, const Real* __restrict r0, const Real* __restrict rN,
                 const Real* __restrict pc, const Real* __restrict xw, const Real* __restrict xe,
                 const Real* __restrict ys, const Real* __restrict yn, const Real* __restrict sw,
                 const Real* __restrict se, const Real* __restrict nw, const Real* __restrict ne, Index CS, int NX) {
  for (int I = 1; I <= NX; ++I) {
    const int i = 2 * I;
    const Real middle = pc[I] * r0[i] + (xw[I] * r0[i + 1] + xe[I - 1] * r0[i - 1]);
    const Real vertical = ys[I] * rN[i] + yn[I - CS] * rS[i];
    const Real corners = (sw[I] * rN[i + 1] + se[I - 1] * rN[i - 1]) + (nw[I - CS] * rS[i + 1] + ne[I - CS - 1] * rS[i - 1]);
    bc[I] = middle + vertical + corners;
  }
}

// Block row J: fine rows 2J (`x0`) and 2J+1 (`x1`) += P × coarse rows J (`e`) and J+1 (`eN`).
__attribute__((target_clones("avx2", "default")))
void prolongRow(Real* __restrict x0, Real* __restrict x1, const Real* __restrict e, const Real* __restrict eN,
                const Real* __restrict pc, const Real* __restrict xw, const Real* __restrict xe,
                const Real* __restrict ys, const Real* __restrict yn, const Real* __restrict sw,
                const Real* __restrict se, const Real* __restrict nw, const Real* __restrict ne, int NX) {
  for (int I = 0; I <= NX; ++I) {
    const int i = 2 * I;
    x0[i] += pc[I] * e[I];
    x0[i + 1] += xw[I] * e[I] + xe[I] * e[I + 1];
    x1[i] += ys[I] * e[I] + yn[I] * eN[I];
    x1[i + 1] += (sw[I] * e[I] + se[I] * e[I + 1]) + (nw[I] * eN[I] + ne[I] * eN[I + 1]);
  }
}

// The finest level's residual b − A x at a node (0 on fixed nodes: 4·quarter is 1 or 0).
inline Real finestResidual(const Real* x, const Real* b, const Real* q, Index k, Index S) {
  return (Real(4) * q[k]) * (b[k] - (Real(4) * x[k] - ((x[k - 1] + x[k + 1]) + (x[k - S] + x[k + S]))));
}

// Finest block row J': the residuals of the centre nodes (2I+1, 2J'+1), I ∈ [0, NX], times
// their four weights (finestCentreWeight()); `x`, `b`, `q` point at fine row 2J'+1, `ys`..`xe`
// at block row J', `xwN`, `xeN` at block row J'+1.
__attribute__((target_clones("avx2", "default")))
void centreResidualsRow(Real* __restrict toSW, Real* __restrict toSE, Real* __restrict toNW, Real* __restrict toNE,
                        const Real* __restrict x, const Real* __restrict b, const Real* __restrict q,
                        const Real* __restrict xw, const Real* __restrict xe, const Real* __restrict ys,
                        const Real* __restrict yn, const Real* __restrict xwN, const Real* __restrict xeN, Index S,
                        int NX) {
  for (int I = 0; I <= NX; ++I) {
    const Index k = 2 * I + 1;
    const Real r = finestResidual(x, b, q, k, S);
    toSW[I] = finestCentreWeight(q[k], ys[I], xw[I]) * r;
    toSE[I] = finestCentreWeight(q[k], ys[I + 1], xe[I]) * r;
    toNW[I] = finestCentreWeight(q[k], yn[I], xwN[I]) * r;
    toNE[I] = finestCentreWeight(q[k], yn[I + 1], xeN[I]) * r;
  }
}

// Finest coarse row J: b_c(I) = r(2I, 2J) + the weighted centre residuals around it
// (block rows J and J−1). `x`, `b`, `q` point at fine row 2J.
__attribute__((target_clones("avx2", "default")))
void cPointsRow(Real* __restrict bc, const Real* __restrict x, const Real* __restrict b, const Real* __restrict q,
                const Real* __restrict toSW, const Real* __restrict toSE, const Real* __restrict toNWBelow,
                const Real* __restrict toNEBelow, Index S, int NX) {
  for (int I = 1; I <= NX; ++I) {
    const Real r = finestResidual(x, b, q, 2 * I, S);
    bc[I] = r + ((toSW[I] + toSE[I - 1]) + (toNWBelow[I] + toNEBelow[I - 1]));
  }
}

// Finest block row J: fine rows 2J (`x0`, `q0`) and 2J+1 (`x1`, `q1`) += P × coarse rows J
// (`e`) and J+1 (`eN`); `xwN`, `xeN`: edge weights of block row J+1.
__attribute__((target_clones("avx2", "default")))
void prolongRowFinest(Real* __restrict x0, Real* __restrict x1, const Real* __restrict q0, const Real* __restrict q1,
                      const Real* __restrict e, const Real* __restrict eN, const Real* __restrict xw,
                      const Real* __restrict xe, const Real* __restrict ys, const Real* __restrict yn,
                      const Real* __restrict xwN, const Real* __restrict xeN, int NX) {
  for (int I = 0; I <= NX; ++I) {
    const int i = 2 * I;
    const Real q = q1[i + 1];
    x0[i] += (Real(4) * q0[i]) * e[I];
    x0[i + 1] += xw[I] * e[I] + xe[I] * e[I + 1];
    x1[i] += ys[I] * e[I] + yn[I] * eN[I];
    x1[i + 1] += (finestCentreWeight(q, ys[I], xw[I]) * e[I] + finestCentreWeight(q, ys[I + 1], xe[I]) * e[I + 1]) +
                 (finestCentreWeight(q, yn[I], xwN[I]) * eN[I] + finestCentreWeight(q, yn[I + 1], xeN[I]) * eN[I + 1]);
  }
}

}  // namespace

void relaxSweep(Level& L, int first, bool upward) {
  const Index S = L.stride;
  Real* t = L.scratch.data();
  auto relaxRow = [&](int j, int colour) {
    const std::size_t row = L.at(0, j);
    if (L.finest) {
      candidatesRow5(t, L.x.data() + row, L.b.data() + row, L.quarter.data() + row, S, L.nx);
    } else {
      candidatesRow9(t, L.x.data() + row, L.b.data() + row, L.diag.data() + row, L.w.data() + row,
                     L.s.data() + row, L.sw.data() + row, L.se.data() + row, S, L.nx);
    }
    takeColour(L.x.data() + row, t, L.nx, (colour + j) & 1);
  };
  for (int step = 0; step <= L.ny; ++step) {
    const int lead = upward ? 1 + step : L.ny - step;
    if (step < L.ny) relaxRow(lead, first);
    if (step > 0) relaxRow(upward ? lead - 1 : lead + 1, 1 - first);
  }
}

namespace {

// Coarse levels: r ← b − A x, then b_c ← Pᵀ r row by row.
void restrictCoarse(Level& F, Level& C) {
  const Index S = F.stride;
  for (int j = 1; j <= F.ny; ++j) {
    const std::size_t row = F.at(0, j);
    residualRow9(F.r.data() + row, F.x.data() + row, F.b.data() + row, F.diag.data() + row, F.w.data() + row,
                 F.s.data() + row, F.sw.data() + row, F.se.data() + row, S, F.nx);
  }
  const Interpolation& P = F.fromCoarse;
  const Index CS = C.stride;
  for (int J = 1; J <= C.ny; ++J) {
    const std::size_t c = C.at(0, J);
    const std::size_t f = F.at(0, 2 * J);
    restrictRow(C.b.data() + c, F.r.data() + f - F.stride, F.r.data() + f, F.r.data() + f + F.stride,
                P.pc.data() + c, P.xw.data() + c, P.xe.data() + c, P.ys.data() + c, P.yn.data() + c, P.sw.data() + c,
                P.se.data() + c, P.nw.data() + c, P.ne.data() + c, CS, C.nx);
  }
}

// The finest level right after the pre-smoothing's black half-sweep: a black node's equation
// involves only red neighbours, which that half-sweep did not change, so it holds exactly and
// its residual is 0. Only the red nodes, C-points and centres, have a residual, and it is
// formed here as the restriction needs it, without a residual array.
void restrictFinest(Level& F, Level& C) {
  const Interpolation& P = F.fromCoarse;
  const Index S = F.stride, CS = C.stride;
  const std::size_t n = static_cast<std::size_t>(S);
  // Weighted centre residuals of the current block row (towards SW, SE and, for the next row,
  // NW, NE) and of the one below (NW, NE).
  Real* sw = F.scratch.data();
  Real* se = sw + n;
  Real* nwNext = se + n;
  Real* neNext = nwNext + n;
  Real* nwBelow = neNext + n;
  Real* neBelow = nwBelow + n;
  auto centres = [&](int J) {
    const std::size_t f = F.at(0, 2 * J + 1), c = C.at(0, J);
    centreResidualsRow(sw, se, nwNext, neNext, F.x.data() + f, F.b.data() + f, F.quarter.data() + f, P.xw.data() + c,
                       P.xe.data() + c, P.ys.data() + c, P.yn.data() + c, P.xw.data() + c + CS, P.xe.data() + c + CS,
                       S, C.nx);
    std::swap(nwNext, nwBelow);
    std::swap(neNext, neBelow);
  };
  centres(0);
  for (int J = 1; J <= C.ny; ++J) {
    // After centres(J), the "below" buffers are row J's and the "next" ones row J−1's.
    centres(J);
    const std::size_t f = F.at(0, 2 * J), c = C.at(0, J);
    cPointsRow(C.b.data() + c, F.x.data() + f, F.b.data() + f, F.quarter.data() + f, sw, se, nwNext, neNext, S, C.nx);
  }
}

}  // namespace

void restrictResidual(Level& F, Level& C) {
  if (F.finest) restrictFinest(F, C);
  else restrictCoarse(F, C);
}

void prolongAdd(Level& F, const Level& C) {
  const Interpolation& P = F.fromCoarse;
  const Index CS = C.stride;
  for (int J = 0; J <= C.ny; ++J) {
    const std::size_t c = C.at(0, J);
    const std::size_t f = F.at(0, 2 * J);
    if (F.finest) {
      prolongRowFinest(F.x.data() + f, F.x.data() + f + F.stride, F.quarter.data() + f, F.quarter.data() + f + F.stride,
                       C.x.data() + c, C.x.data() + c + CS, P.xw.data() + c, P.xe.data() + c, P.ys.data() + c,
                       P.yn.data() + c, P.xw.data() + c + CS, P.xe.data() + c + CS, C.nx);
    } else {
      prolongRow(F.x.data() + f, F.x.data() + f + F.stride, C.x.data() + c, C.x.data() + c + CS, P.pc.data() + c,
                 P.xw.data() + c, P.xe.data() + c, P.ys.data() + c, P.yn.data() + c, P.sw.data() + c, P.se.data() + c,
                 P.nw.data() + c, P.ne.data() + c, C.nx);
    }
  }
}

}  // namespace steer::planning::detail::mg
