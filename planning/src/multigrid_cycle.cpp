// The kernels of the V-cycle (see multigrid_hierarchy.hpp): red–black Gauss–Seidel on the
// 5-point finest level and the 9-point coarse levels, residuals, restriction Pᵀ and
// interpolation P. Every loop runs along a row at unit stride (the transfers at stride 2 on
// the fine side) so that GCC vectorises it; the row functions are cloned for AVX2 and the
// baseline x86-64 and picked at load time. Not FMA: contracting a·b + c would make the
// rounding depend on the machine.
#include <cstddef>

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
void candidatesRow9(Real* __restrict t, const Real* __restrict x, const Real* __restrict b, const Real* __restrict inv,
                    const Real* __restrict w, const Real* __restrict s, const Real* __restrict sw,
                    const Real* __restrict se, Index S, int n) {
  for (int i = 1; i <= n; ++i) {
    const Real off = (w[i] * x[i - 1] + w[i + 1] * x[i + 1]) + (s[i] * x[i - S] + s[i + S] * x[i + S]) +
                     ((sw[i] * x[i - S - 1] + sw[i + S + 1] * x[i + S + 1]) +
                      (se[i] * x[i - S + 1] + se[i + S - 1] * x[i + S - 1]));
    t[i] = inv[i] * (b[i] - off);
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
void residualRow5(Real* __restrict r, const Real* __restrict x, const Real* __restrict b, const Real* __restrict u,
                  Index S, int n) {
  for (int i = 1; i <= n; ++i)
    r[i] = u[i] * (b[i] - (Real(4) * x[i] - ((x[i - 1] + x[i + 1]) + (x[i - S] + x[i + S]))));
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

}  // namespace

void relaxColour(Level& L, int colour, bool upward) {
  const Index S = L.stride;
  Real* t = L.scratch.data();
  for (int step = 0; step < L.ny; ++step) {
    const int j = upward ? 1 + step : L.ny - step;
    const std::size_t row = L.at(0, j);
    if (L.finest) {
      candidatesRow5(t, L.x.data() + row, L.b.data() + row, L.invDiag.data() + row, S, L.nx);
    } else {
      candidatesRow9(t, L.x.data() + row, L.b.data() + row, L.invDiag.data() + row, L.w.data() + row,
                     L.s.data() + row, L.sw.data() + row, L.se.data() + row, S, L.nx);
    }
    takeColour(L.x.data() + row, t, L.nx, (colour + j) & 1);
  }
}

void residual(Level& L) {
  const Index S = L.stride;
  for (int j = 1; j <= L.ny; ++j) {
    const std::size_t row = L.at(0, j);
    if (L.finest) {
      residualRow5(L.r.data() + row, L.x.data() + row, L.b.data() + row, L.unknown.data() + row, S, L.nx);
    } else {
      residualRow9(L.r.data() + row, L.x.data() + row, L.b.data() + row, L.diag.data() + row, L.w.data() + row,
                   L.s.data() + row, L.sw.data() + row, L.se.data() + row, S, L.nx);
    }
  }
}

void restrictResidual(const Level& F, Level& C) {
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

void prolongAdd(Level& F, const Level& C) {
  const Interpolation& P = F.fromCoarse;
  for (int J = 0; J <= C.ny; ++J) {
    const std::size_t c = C.at(0, J);
    const std::size_t f = F.at(0, 2 * J);
    prolongRow(F.x.data() + f, F.x.data() + f + F.stride, C.x.data() + c, C.x.data() + c + C.stride, P.pc.data() + c,
               P.xw.data() + c, P.xe.data() + c, P.ys.data() + c, P.yn.data() + c, P.sw.data() + c, P.se.data() + c,
               P.nw.data() + c, P.ne.data() + c, C.nx);
  }
}

}  // namespace steer::planning::detail::mg
