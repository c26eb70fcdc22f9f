#include "plot_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cli_checks.hpp"
#include "output_folder.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/local/attractor.hpp"
#include "steer/local/parameters.hpp"
#include "steer/local/personality.hpp"
#include "steer/local/repeller.hpp"
#include "steer/local/weights.hpp"
#include "steer/viz/colour.hpp"

namespace steer::experiments {

namespace {

constexpr int kSamples = 721;

std::vector<double> linspace(double a, double b, int n) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = a + (b - a) * i / (n - 1);
  return v;
}

viz::ChartSeries curve(std::string name, const std::vector<double>& x, auto&& f, std::size_t colour) {
  viz::ChartSeries s;
  s.name = std::move(name);
  s.x = x;
  s.y.reserve(x.size());
  for (double v : x) s.y.push_back(f(v));
  s.colour = viz::paletteColour(colour);
  return s;
}

// A parameter's value in a title: "%g" (the first four characters of std::to_string gave
// "a = 0.00" for 0.004 and "a = 123." for 123).
std::string shortNumber(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

viz::LineChart fig2a(const PlotOptions& o) {
  viz::LineChart c;
  c.title = "Fig. 2(a): target attractor f_tar = -a sin(phi - psi), a = " + shortNumber(o.a);
  c.xLabel = "phi - psi (rad)";
  c.yLabel = "dphi/dt (rad/s)";
  const auto x = linspace(-std::numbers::pi, std::numbers::pi, kSamples);
  c.series.push_back(curve("f_tar", x, [&](double v) { return local::targetAttractor(v, o.a); }, 0));
  c.xRange = std::make_pair(-std::numbers::pi, std::numbers::pi);
  return c;
}

viz::LineChart fig2b(const PlotOptions& o) {
  viz::LineChart c;
  c.title = "Fig. 2(b): obstacle repeller f_obs = R W D (A.2)-(A.6)";
  c.xLabel = "phi - psi (rad)";
  c.yLabel = "value";
  const auto x = linspace(-std::numbers::pi, std::numbers::pi, kSamples);
  const local::GoldensteinParameters defaults;
  const local::Window w = local::makeWindow(o.halfAngle, o.delta, defaults.windowEdgeGap);
  const double d = local::distanceFactor(o.distance, o.d0);
  c.series.push_back(curve("R (A.3)", x, [&](double v) { return local::repellerShape(v, o.halfAngle); }, 1));
  c.series.push_back(curve("W (A.4)", x, [&](double v) { return local::windowValue(w, std::cos(v)); }, 2));
  c.series.push_back(curve("f_obs", x, [&](double v) { return local::obstacleRepeller(v, o.halfAngle, d, w).value; }, 0));
  c.xRange = std::make_pair(-std::numbers::pi, std::numbers::pi);
  c.yRange = std::make_pair(-1.1, 1.1);
  return c;
}

viz::LineChart fig5(const PlotOptions& o) {
  viz::LineChart c;
  c.title = "Fig. 5: d0 (8), d1 (9)(10), d0base = " + shortNumber(o.d0Base) + " m, d1base = " + shortNumber(o.d1Base) + " m";
  c.xLabel = "courage";
  c.yLabel = "distance (m)";
  const auto x = linspace(0.0, 1.0, 201);
  c.series.push_back(curve("d0 (8), prose", x, [&](double co) {
    return local::courageToD0(co, o.d0Base, local::CourageMapping::Prose); }, 0));
  c.series.push_back(curve("d1 (9)(10), v0 = 0", x, [&](double co) { return local::courageToD1(co, o.d1Base, 0.0); }, 1));
  if (o.printed)
    c.series.push_back(curve("d0 (8), printed", x, [&](double co) {
      return local::courageToD0(co, o.d0Base, local::CourageMapping::Printed); }, 2));
  c.xRange = std::make_pair(0.0, 1.0);
  // Room above the curves' flat tops (d1 = d1base for courage < 0.5 ran along the frame).
  double top = 0.0;
  for (const auto& s : c.series) top = std::max(top, *std::max_element(s.y.begin(), s.y.end()));
  if (top > 0.0) c.yRange = std::make_pair(0.0, 1.1 * top);
  return c;
}

// The weights' phase portrait: trajectories of (4) from a ring of starting points, integrated
// with Odeint's RK4, and the fixed points of (5) marked stable / unstable by Table A.1.
viz::LineChart weights(const PlotOptions& o) {
  namespace odeint = boost::numeric::odeint;
  local::Competition comp{o.alpha1, o.alpha2, o.gamma12, o.gamma21};
  viz::LineChart c;
  char title[160];
  std::snprintf(title, sizeof title, "Weights (4): a1=%.3g a2=%.3g g12=%.3g g21=%.3g", o.alpha1, o.alpha2,
                o.gamma12, o.gamma21);
  c.title = title;
  c.xLabel = "w_tar";
  c.yLabel = "w_obs";
  using State = std::array<double, 2>;
  auto rhs = [&](const State& s, State& ds, double) {
    const local::Weights r = local::competitionRate({s[0], s[1]}, comp);
    ds = {r.target, r.obstacle};
  };
  // RK4's step within its stability bound for the fastest rate (|λ dt| < 2.78): at a fixed 0.05 s,
  // α1 = 60 already sent every trajectory to ±∞ and NaN, and the plot was drawn without them,
  // silently. With a shorter step the time shown is capped at 200,000 steps: the fast rates have
  // settled long before.
  const double rate = std::max({std::abs(o.alpha1), std::abs(o.alpha2), std::abs(o.gamma12), std::abs(o.gamma21), 1e-9});
  const double dt = std::min(0.05, 0.5 / rate);
  const double span = std::min(80.0, 200000.0 * dt);
  int diverged = 0;
  constexpr int kRing = 24;
  for (int k = 0; k < kRing; ++k) {
    // Starting points on the border of [0, 1.2]²'s first quadrant, avoiding the invariant axes.
    const double t = (k + 0.5) / kRing;
    State s = t < 0.5 ? State{1.2 * (2 * t), 1.2} : State{1.2, 1.2 * (2 - 2 * t)};
    if (k % 2 == 1) s = {0.05 + s[0] * 0.1, 0.05 + s[1] * 0.1};  // and some near the origin
    viz::ChartSeries path;
    path.name = "trajectory";
    path.inLegend = false;
    path.width = 1.5f;
    path.colour = viz::paletteColour(4);
    bool finite = true;
    odeint::integrate_const(odeint::runge_kutta4<State>(), rhs, s, 0.0, span, dt, [&](const State& x, double) {
      finite = finite && std::isfinite(x[0]) && std::isfinite(x[1]);
      if (!finite) return;  // the series ends at its last finite point
      path.x.push_back(x[0]);
      path.y.push_back(x[1]);
    });
    diverged += finite ? 0 : 1;
    c.series.push_back(std::move(path));
  }
  if (diverged > 0)
    std::cerr << "steer plot: note: " << diverged << " of " << kRing
              << " trajectories left the finite numbers and are drawn up to their last finite point\n";
  if (span < 80.0)
    std::cerr << "steer plot: note: rates up to " << rate << " /s: trajectories drawn for their first " << span
              << " s (steps of " << dt << " s)\n";
  viz::ChartSeries stable, unstable;
  stable.name = "stable fixed point";
  unstable.name = "unstable fixed point";
  stable.points = unstable.points = true;
  stable.width = unstable.width = 10.0f;  // marker diameter (px)
  stable.colour = viz::paletteColour(1);
  unstable.colour = viz::paletteColour(2);
  for (auto kind : {local::FixedPoint::Off, local::FixedPoint::ObstacleOnly, local::FixedPoint::TargetOnly,
                    local::FixedPoint::Averaging}) {
    local::Weights w;
    if (!local::fixedPoint(kind, comp, w)) continue;
    auto& s = local::tableStable(kind, comp) ? stable : unstable;
    s.x.push_back(w.target);
    s.y.push_back(w.obstacle);
  }
  for (auto* s : {&stable, &unstable})
    if (!s->x.empty()) c.series.push_back(std::move(*s));
  // Below 0 too: the fixed points on the axes, (0, 0), (1, 0) and (0, 1), were cut in half.
  c.xRange = std::make_pair(-0.05, 1.25);
  c.yRange = std::make_pair(-0.05, 1.25);
  return c;
}

}  // namespace

void addPlotOptions(CLI::App& app, PlotOptions& o) {
  app.add_option("FIGURE", o.figure, "fig2a | fig2b | fig5 | weights")
      ->required()
      ->check(oneOf({"fig2a", "fig2b", "fig5", "weights"}));
  app.add_option("--out", o.out, "output folder (default: plots)")->check(nonEmptyPath());
  app.add_option("--width", o.width, "picture width (pixels)")->capture_default_str()->check(CLI::Range(64, 8192));
  app.add_option("--height", o.height, "picture height (pixels)")->capture_default_str()->check(CLI::Range(64, 8192));
  app.add_option("--a", o.a, "fig2a: attractor strength a (1/s)")->group("fig2a")->capture_default_str()->check(finiteBetween(0, 1e6, true));
  app.add_option("--half-angle", o.halfAngle, "fig2b: obstacle half-angle dpsi (rad)")->group("fig2b")->capture_default_str()->check(finiteBetween(0, std::numbers::pi, true));
  app.add_option("--distance", o.distance, "fig2b: obstacle distance r (m)")->group("fig2b")->capture_default_str()->check(finiteBetween(0, 1e6, false));
  app.add_option("--d0", o.d0, "fig2b: decay length d0 (m)")->group("fig2b")->capture_default_str()->check(finiteBetween(0, 1e6, false));
  app.add_option("--delta", o.delta, "fig2b: safety margin delta (rad)")->group("fig2b")->capture_default_str()->check(finiteBetween(0, std::numbers::pi, true));
  app.add_option("--d0base", o.d0Base, "fig5: d0base (m; default 1, the paper's Fig. 5; the model's d0_base is 8)")->group("fig5")->check(finiteBetween(0, 1e6, false));
  app.add_option("--d1base", o.d1Base, "fig5: d1base (m; default 1)")->group("fig5")->check(finiteBetween(0, 1e6, false));
  app.add_flag("--printed", o.printed, "fig5: also the printed form of (8), k = 2 ln(d0base + 1)")->group("fig5");
  app.add_option("--alpha1", o.alpha1, "weights: alpha1")->group("weights")->capture_default_str()->check(finiteBetween(0, 1e6, true));
  app.add_option("--alpha2", o.alpha2, "weights: alpha2")->group("weights")->capture_default_str()->check(finiteBetween(0, 1e6, true));
  app.add_option("--gamma12", o.gamma12, "weights: gamma12")->group("weights")->capture_default_str()->check(finiteBetween(0, 1e6, false));
  app.add_option("--gamma21", o.gamma21, "weights: gamma21")->group("weights")->capture_default_str()->check(finiteBetween(0, 1e6, false));
  app.add_flag("--quiet,-q", o.quiet, "no summary line");
  // A figure's options are in its help group. An option of another figure changes nothing in
  // this one: `plot fig2a --d0 2` drew fig2a as if --d0 were not there.
  app.callback([&app, &o] {
    for (const CLI::Option* option : app.get_options()) {
      const std::string& figure = option->get_group();
      if (option->count() > 0 && (figure == "fig2a" || figure == "fig2b" || figure == "fig5" || figure == "weights") &&
          figure != o.figure)
        throw CLI::ValidationError(option->get_name(), "is an option of " + figure + ", not of " + o.figure);
    }
  });
}

viz::LineChart plotChart(const PlotOptions& o) {
  viz::LineChart c;
  if (o.figure == "fig2a") c = fig2a(o);
  else if (o.figure == "fig2b") c = fig2b(o);
  else if (o.figure == "fig5") c = fig5(o);
  else if (o.figure == "weights") c = weights(o);
  else throw std::invalid_argument("unknown figure '" + o.figure + "' (fig2a, fig2b, fig5, weights)");
  c.width = o.width;
  c.height = o.height;
  return c;
}

int plotCommand(const PlotOptions& o) {
  viz::LineChart chart;
  try {
    chart = plotChart(o);
    makeOutputFolder(o.out);
  } catch (const std::invalid_argument& e) {
    std::cerr << "steer plot: " << e.what() << "\n";
    return 2;
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  try {
    const std::string path = (std::filesystem::path(o.out) / (o.figure + ".png")).string();
    viz::writeLineChart(path, chart);
    if (!o.quiet) std::cout << path << "\n";
  } catch (const std::exception& e) {
    std::cerr << "steer plot: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

bool ensureDisplay(char** argv) {
  const char* display = std::getenv("DISPLAY");
  if (display != nullptr && *display != '\0') return true;
  // Guard against a loop: xvfb-run sets DISPLAY, so reaching here twice means it failed.
  if (std::getenv("STEER_UNDER_XVFB") == nullptr && std::system("command -v xvfb-run >/dev/null 2>&1") == 0) {
    setenv("STEER_UNDER_XVFB", "1", 1);
    std::vector<char*> args;
    static char xvfb[] = "xvfb-run", autoServer[] = "-a", screen[] = "-s", screenArgs[] = "-screen 0 1280x1024x24 -noreset";
    args.insert(args.end(), {xvfb, autoServer, screen, screenArgs});
    // This very executable, wherever argv[0] pointed.
    std::error_code ec;
    static std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    args.push_back(ec || self.empty() ? argv[0] : self.data());
    for (char** a = argv + 1; *a != nullptr; ++a) args.push_back(*a);
    args.push_back(nullptr);
    execvp("xvfb-run", args.data());
    std::cerr << "steer: could not start xvfb-run\n";
  }
  std::cerr << "steer: rendering needs an X display; none is set (DISPLAY) and xvfb-run is not available.\n"
               "Run it under a virtual display: xvfb-run -a -s \"-screen 0 1280x1024x24 -noreset\" " << argv[0]
            << " ...  (apt-get install xvfb)\n";
  return false;
}

}  // namespace steer::experiments
