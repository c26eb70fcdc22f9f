// Setup of the multigrid hierarchy (see multigrid_hierarchy.hpp): Dendy's operator-dependent
// interpolation, the Galerkin coarse operators Pᵀ A P, and the factorisation of the coarsest.
#include <Eigen/SparseCore>

#include <algorithm>
#include <array>
#include <vector>

#include "multigrid_hierarchy.hpp"

namespace steer::planning::detail::mg {

namespace {

// Offsets of the 9-point stencil, and where each entry A(k, k + d) of a coarse level lives in
// the symmetric storage: an array and an index offset from k.
struct Direction {
  int di, dj;
};
constexpr std::array<Direction, 9> kDirections{{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {1, -1}, {-1, 1}}};

const std::vector<Real>& coefficientArray(const Level& L, Direction d) {
  if (d.di == 0 && d.dj == 0) return L.diag;
  if (d.dj == 0) return L.w;
  if (d.di == 0) return L.s;
  return d.di == d.dj ? L.sw : L.se;
}
std::ptrdiff_t coefficientOffset(const Level& L, Direction d) {
  // A(k, k+1) = w[k+1], A(k, k+S) = s[k+S], A(k, k+S+1) = sw[k+S+1], A(k, k+S−1) = se[k+S−1].
  if (d.di == 0 && d.dj == 0) return 0;
  if (d.dj == 0) return d.di > 0 ? 1 : 0;
  if (d.di == 0) return d.dj > 0 ? L.stride : 0;
  if (d.di == d.dj) return d.di > 0 ? L.stride + 1 : 0;
  return d.dj > 0 ? L.stride - 1 : 0;
}

// The nine interpolation weights of a block, in Interpolation's order.
enum Weight { kPc, kXw, kXe, kYs, kYn, kSw, kSe, kNw, kNe };

std::vector<Real>& weightArray(Interpolation& P, int id) {
  std::vector<Real>* all[] = {&P.pc, &P.xw, &P.xe, &P.ys, &P.yn, &P.sw, &P.se, &P.nw, &P.ne};
  return *all[id];
}
const std::vector<Real>& weightArray(const Interpolation& P, int id) {
  return weightArray(const_cast<Interpolation&>(P), id);
}

// The weight with which the fine node at offset (a, b) from C-point (2I, 2J) interpolates the
// coarse node at offset (u, v) from (I, J): the weight's id, or −1 when it is not a parent.
// The weight is stored with block (I + (a >> 1), J + (b >> 1)).
int parentWeight(int a, int b, int u, int v) {
  const int du = u - (a >> 1), dv = v - (b >> 1);
  if (du < 0 || du > 1 || dv < 0 || dv > 1) return -1;
  const bool oddA = (a & 1) != 0, oddB = (b & 1) != 0;
  if (!oddA && !oddB) return du == 0 && dv == 0 ? kPc : -1;
  if (oddA && !oddB) return dv == 0 ? (du == 0 ? kXw : kXe) : -1;
  if (!oddA && oddB) return du == 0 ? (dv == 0 ? kYs : kYn) : -1;
  return kSw + du + 2 * dv;
}

// One term P(f, c) · A(f, g) · P(g, c + o) of a coarse entry, with f at offset (a, b) from
// the C-point of c and g = f + direction.
struct Term {
  int entry;      // 0 diag, 1 w, 2 s, 3 sw, 4 se
  int wf, fbx, fby;
  int a, b;
  Direction dir;
  int wg, gbx, gby;
};

// Every term of the five stored entries of A_c: f runs over c's 3 × 3 support, g over f's
// stencil (5 points on the finest level, 9 above), kept when g interpolates c + o.
std::vector<Term> galerkinTerms(bool fivePoint) {
  constexpr int kEntryOffsets[5][2] = {{0, 0}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}};
  std::vector<Term> terms;
  for (int e = 0; e < 5; ++e)
    for (int b = -1; b <= 1; ++b)
      for (int a = -1; a <= 1; ++a) {
        const int wf = parentWeight(a, b, 0, 0);
        if (wf < 0) continue;
        for (const Direction d : kDirections) {
          if (fivePoint && d.di != 0 && d.dj != 0) continue;
          const int ga = a + d.di, gb = b + d.dj;
          const int wg = parentWeight(ga, gb, kEntryOffsets[e][0], kEntryOffsets[e][1]);
          if (wg < 0) continue;
          terms.push_back({e, wf, a >> 1, b >> 1, a, b, d, wg, ga >> 1, gb >> 1});
        }
      }
  return terms;
}

double ratio(double num, double den) { return den > 0.0 ? num / den : 0.0; }

}  // namespace

Level::Level(int nx_, int ny_, bool finest_)
    : nx(nx_), ny(ny_), stride(nx_ + 4), size(static_cast<std::size_t>(nx_ + 4) * static_cast<std::size_t>(ny_ + 4)), finest(finest_) {
  active.assign(size, 0);
  if (finest) {
    quarter.assign(size, 0);
  } else {
    diag.assign(size, 1);
    for (auto* v : {&w, &s, &sw, &se, &r}) v->assign(size, 0);
  }
  for (auto* v : {&x, &b}) v->assign(size, 0);
  scratch.assign(6 * static_cast<std::size_t>(stride), 0);
}

Interpolation buildInterpolation(const Level& F, int NX, int NY, std::ptrdiff_t CS) {
  Interpolation P;
  const std::size_t coarseSize = static_cast<std::size_t>(CS) * static_cast<std::size_t>(NY + 4);
  for (int id = 0; id < 9; ++id) weightArray(P, id).assign(coarseSize, 0);
  const std::ptrdiff_t S = F.stride;
  auto blk = [&](int I, int J) { return static_cast<std::size_t>(J) * static_cast<std::size_t>(CS) + static_cast<std::size_t>(I); };
  auto act = [&](std::size_t k) -> double { return F.active[k]; };
  // C-points and edges first: the centres need their neighbours' edge weights.
  for (int J = 0; J <= NY; ++J)
    for (int I = 0; I <= NX; ++I) {
      const std::size_t c = blk(I, J);
      const std::size_t kc = F.at(2 * I, 2 * J);
      P.pc[c] = static_cast<Real>(act(kc));
      const std::size_t fx = kc + 1, fy = kc + static_cast<std::size_t>(S);
      // The C-points on either side: a coarse node exists only where its C-point is active.
      const double pcW = act(kc), pcE = act(kc + 2), pcS = act(kc), pcN = act(kc + 2 * static_cast<std::size_t>(S));
      if (F.active[fx]) {
        if (F.finest) {
          const double d = 4.0 - act(fx - S) - act(fx + S);
          P.xw[c] = static_cast<Real>(pcW / d), P.xe[c] = static_cast<Real>(pcE / d);
        } else {
          // The stencil collapsed along y: west and east columns against the middle one.
          const double aw = -(double(F.w[fx]) + F.sw[fx] + F.se[fx + S - 1]);
          const double ae = -(double(F.w[fx + 1]) + F.se[fx] + F.sw[fx + S + 1]);
          const double d = double(F.diag[fx]) + F.s[fx] + F.s[fx + S];
          P.xw[c] = static_cast<Real>(pcW * ratio(aw, d)), P.xe[c] = static_cast<Real>(pcE * ratio(ae, d));
        }
      }
      if (F.active[fy]) {
        if (F.finest) {
          const double d = 4.0 - act(fy - 1) - act(fy + 1);
          P.ys[c] = static_cast<Real>(pcS / d), P.yn[c] = static_cast<Real>(pcN / d);
        } else {
          const double as = -(double(F.s[fy]) + F.sw[fy] + F.se[fy]);
          const double an = -(double(F.s[fy + S]) + F.se[fy + S - 1] + F.sw[fy + S + 1]);
          const double d = double(F.diag[fy]) + F.w[fy] + F.w[fy + 1];
          P.ys[c] = static_cast<Real>(pcS * ratio(as, d)), P.yn[c] = static_cast<Real>(pcN * ratio(an, d));
        }
      }
    }
  // Centres: A(f, f)·e_f + Σ A(f, g)·e_g = 0 with the eight neighbours g interpolated.
  for (int J = 0; J <= NY; ++J)
    for (int I = 0; I <= NX; ++I) {
      const std::size_t c = blk(I, J), cE = blk(I + 1, J), cN = blk(I, J + 1), cNE = blk(I + 1, J + 1);
      const std::size_t f = F.at(2 * I + 1, 2 * J + 1);
      if (!F.active[f]) continue;
      if (F.finest) {
        const Real q = F.quarter[f];
        P.sw[c] = finestCentreWeight(q, P.ys[c], P.xw[c]);
        P.se[c] = finestCentreWeight(q, P.ys[cE], P.xe[c]);
        P.nw[c] = finestCentreWeight(q, P.yn[c], P.xw[cN]);
        P.ne[c] = finestCentreWeight(q, P.yn[cE], P.xe[cN]);
        continue;
      }
      const double aW = F.w[f], aE = F.w[f + 1], aS = F.s[f], aN = F.s[f + S];
      const double aSW = F.sw[f], aSE = F.se[f], aNW = F.se[f + S - 1], aNE = F.sw[f + S + 1], d = F.diag[f];
      P.sw[c] = static_cast<Real>(-(aW * P.ys[c] + aS * P.xw[c] + aSW * P.pc[c]) / d);
      P.se[c] = static_cast<Real>(-(aE * P.ys[cE] + aS * P.xe[c] + aSE * P.pc[cE]) / d);
      P.nw[c] = static_cast<Real>(-(aW * P.yn[c] + aN * P.xw[cN] + aNW * P.pc[cN]) / d);
      P.ne[c] = static_cast<Real>(-(aE * P.yn[cE] + aN * P.xe[cN] + aNE * P.pc[cNE]) / d);
    }
  return P;
}

void galerkinProduct(const Level& F, Level& C) {
  static const std::vector<Term> kFivePointTerms = galerkinTerms(true);
  static const std::vector<Term> kNinePointTerms = galerkinTerms(false);
  const std::vector<Term>& terms = F.finest ? kFivePointTerms : kNinePointTerms;
  const Interpolation& P = F.fromCoarse;
  const std::ptrdiff_t CS = C.stride, S = F.stride;
  const int NX = C.nx;
  std::vector<double> acc(5 * static_cast<std::size_t>(NX + 2));
  for (int J = 1; J <= C.ny; ++J) {
    std::fill(acc.begin(), acc.end(), 0.0);
    for (const Term& t : terms) {
      double* out = acc.data() + static_cast<std::size_t>(t.entry) * (NX + 2);
      const Real* wf = weightArray(P, t.wf).data() + (J + t.fby) * CS + t.fbx;
      const Real* wg = weightArray(P, t.wg).data() + (J + t.gby) * CS + t.gbx;
      if (F.finest) {
        // 4 on the diagonal, −1 to the four neighbours; P vanishes on fixed nodes, so the
        // mask needs no test here.
        const double a = t.dir.di == 0 && t.dir.dj == 0 ? 4.0 : -1.0;
        for (int I = 1; I <= NX; ++I) out[I] += a * (double(wf[I]) * double(wg[I]));
      } else {
        const Real* coef = coefficientArray(F, t.dir).data() + (2 * J + t.b) * S + t.a + coefficientOffset(F, t.dir);
        for (int I = 1; I <= NX; ++I) out[I] += double(wf[I]) * double(coef[2 * I]) * double(wg[I]);
      }
    }
    for (int I = 1; I <= NX; ++I) {
      const std::size_t k = C.at(I, J);
      // A coarse node exists where its C-point is active; its diagonal, xᵀ A x for the
      // nonzero column x of P, is then positive.
      if (P.pc[k] == 0 || !(acc[I] > 0.0)) continue;
      C.active[k] = 1;
      C.diag[k] = static_cast<Real>(acc[I]);
      C.w[k] = static_cast<Real>(acc[(NX + 2) + I]);
      C.s[k] = static_cast<Real>(acc[2 * (NX + 2) + I]);
      C.sw[k] = static_cast<Real>(acc[3 * (NX + 2) + I]);
      C.se[k] = static_cast<Real>(acc[4 * (NX + 2) + I]);
    }
  }
}

Hierarchy::Hierarchy(int nx, int ny, const std::vector<std::uint8_t>& unknown) {
  levels_.emplace_back(nx, ny, true);
  {
    Level& F = levels_.front();
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        if (unknown[static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) + static_cast<std::size_t>(i)]) {
          F.active[F.at(i + 1, j + 1)] = 1;
          F.quarter[F.at(i + 1, j + 1)] = 0.25f;
        }
  }
  while (levels_.back().nx >= 2 && levels_.back().ny >= 2 &&
         static_cast<long>(levels_.back().nx) * levels_.back().ny > kCoarsestNodes) {
    const std::size_t l = levels_.size() - 1;
    Level coarse(levels_[l].nx / 2, levels_[l].ny / 2, false);
    levels_[l].fromCoarse = buildInterpolation(levels_[l], coarse.nx, coarse.ny, coarse.stride);
    galerkinProduct(levels_[l], coarse);
    if (levels_[l].finest) {
      // The kernels recompute these (see Level::fromCoarse).
      Interpolation& P = levels_[l].fromCoarse;
      for (auto* v : {&P.pc, &P.sw, &P.se, &P.nw, &P.ne}) std::vector<Real>().swap(*v);
    }
    levels_.push_back(std::move(coarse));
  }
  factorCoarsest();
}

void Hierarchy::factorCoarsest() {
  const Level& L = levels_.back();
  std::vector<int> slot(L.size, -1);
  for (int j = 1; j <= L.ny; ++j)
    for (int i = 1; i <= L.nx; ++i)
      if (L.active[L.at(i, j)]) {
        slot[L.at(i, j)] = static_cast<int>(coarseNodes_.size());
        coarseNodes_.push_back(L.at(i, j));
      }
  const auto m = static_cast<Eigen::Index>(coarseNodes_.size());
  coarseRhs_.resize(m);
  if (m == 0) return;
  std::vector<Eigen::Triplet<double>> triplets;
  for (Eigen::Index row = 0; row < m; ++row) {
    const std::size_t k = coarseNodes_[static_cast<std::size_t>(row)];
    for (const Direction d : kDirections) {
      const std::size_t n = k + static_cast<std::size_t>(d.di + d.dj * L.stride);
      if (slot[n] < 0) continue;
      double a = 0.0;
      if (L.finest) a = d.di == 0 && d.dj == 0 ? 4.0 : (d.di != 0 && d.dj != 0 ? 0.0 : -1.0);
      else a = coefficientArray(L, d)[k + static_cast<std::size_t>(coefficientOffset(L, d))];
      if (a != 0.0) triplets.emplace_back(row, slot[n], a);
    }
  }
  Eigen::SparseMatrix<double> A(m, m);
  A.setFromTriplets(triplets.begin(), triplets.end());
  coarseSolver_.compute(A);
}

void Hierarchy::solveCoarsest() {
  Level& L = levels_.back();
  if (coarseNodes_.empty()) return;
  for (std::size_t n = 0; n < coarseNodes_.size(); ++n) coarseRhs_[static_cast<Eigen::Index>(n)] = L.b[coarseNodes_[n]];
  const Eigen::VectorXd solution = coarseSolver_.solve(coarseRhs_);
  for (std::size_t n = 0; n < coarseNodes_.size(); ++n) L.x[coarseNodes_[n]] = static_cast<Real>(solution[static_cast<Eigen::Index>(n)]);
}

void Hierarchy::cycle(std::size_t l) {
  Level& L = levels_[l];
  std::fill(L.x.begin(), L.x.end(), Real(0));
  if (l + 1 == levels_.size()) {
    solveCoarsest();
    return;
  }
  Level& C = levels_[l + 1];
  relaxSweep(L, 0, true);
  restrictResidual(L, C);
  cycle(l + 1);
  prolongAdd(L, C);
  relaxSweep(L, 1, false);
}

}  // namespace steer::planning::detail::mg
