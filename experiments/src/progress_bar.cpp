#include "progress_bar.hpp"

#include <unistd.h>

#include <cstdio>

namespace steer::experiments {

bool stderrIsTerminal() { return isatty(fileno(stderr)) != 0; }

ProgressBar::ProgressBar(std::string label, bool enabled)
    : label_(std::move(label)),
      enabled_(enabled),
      terminal_(stderrIsTerminal()),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

ProgressBar::~ProgressBar() { done(); }

void ProgressBar::update(double fraction) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (fraction < 0.0) {
    // A fine harmonic grid can take minutes before the first step: say so rather than sit silent.
    if (!terminal_) return;
    std::fprintf(stderr, "\r%s: setting up (the planner's fields, the environment) ...\033[K", label_.c_str());
    std::fflush(stderr);
    drawn_ = true;
    return;
  }
  if (!terminal_) {
    if (now - last_ < std::chrono::minutes(1)) return;
    last_ = now;
    std::fprintf(stderr, "%s: %d%% after %.0f s\n", label_.c_str(), static_cast<int>(fraction * 100),
                 std::chrono::duration<double>(now - start_).count());
    std::fflush(stderr);
    return;
  }
  if (drawn_ && now - last_ < std::chrono::milliseconds(100) && fraction < 1.0) return;
  last_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(fraction * kWidth);
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(kWidth, ' ');
  // (\033[K: clear what a longer line, such as the set-up's, left to the right.)
  std::fprintf(stderr, "\r%s [%s] %3d%%  %.1f s\033[K", label_.c_str(), bar.c_str(), static_cast<int>(fraction * 100), elapsed);
  std::fflush(stderr);
}

void ProgressBar::done() {
  if (enabled_ && terminal_ && drawn_) std::fprintf(stderr, "\n");
  drawn_ = false;
  enabled_ = false;
}

}  // namespace steer::experiments
