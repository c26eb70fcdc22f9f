#include "progress_bar.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace steer::experiments {

bool stderrIsTerminal() { return isatty(fileno(stderr)) != 0; }

double secondsLeft(double fraction, double stepsSeconds) {
  if (!(fraction >= 0.01) || !(stepsSeconds >= 2.0)) return -1.0;
  return stepsSeconds * (1.0 - std::min(1.0, fraction)) / fraction;
}

std::string leftText(double seconds) {
  if (seconds < 0.0) return {};
  char text[48];
  if (seconds < 90.0) std::snprintf(text, sizeof text, "about %.0f s left", std::ceil(seconds));
  else if (seconds < 5400.0) std::snprintf(text, sizeof text, "about %.0f min left", std::round(seconds / 60.0));
  else std::snprintf(text, sizeof text, "about %.1f h left", seconds / 3600.0);
  return text;
}

ProgressBar::ProgressBar(std::string label, bool enabled)
    : label_(std::move(label)),
      enabled_(enabled),
      terminal_(stderrIsTerminal()),
      start_(std::chrono::steady_clock::now()),
      last_(start_),
      stepsStart_(start_) {}

ProgressBar::~ProgressBar() { done(); }

void ProgressBar::stopSetUpWatch() {
  if (!setUpWatch_.joinable()) return;
  setUpWatch_.request_stop();
  setUpWatch_.join();
}

void ProgressBar::update(double fraction) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (fraction < 0.0) {
    // A fine harmonic grid can take minutes before the first step: say so rather than sit silent.
    if (terminal_) {
      std::fprintf(stderr, "\r%s: setting up (the planner's fields, the environment) ...\033[K", label_.c_str());
      std::fflush(stderr);
      drawn_ = true;
    } else if (!setUpWatch_.joinable()) {
      setUpWatch_ = std::jthread([this](std::stop_token stop) {
        std::unique_lock lock(setUpMutex_);
        for (int minutes = 1;; ++minutes) {
          if (setUpWait_.wait_for(lock, stop, std::chrono::minutes(1), [&stop] { return stop.stop_requested(); })) return;
          std::fprintf(stderr, "%s: setting up (the planner's fields, the environment) after %d min\n", label_.c_str(), minutes);
          std::fflush(stderr);
        }
      });
    }
    return;
  }
  if (!stepping_) {
    stepping_ = true;
    stopSetUpWatch();
    stepsStart_ = now;  // the time left is told from the steps' pace, not the set-up's
  }
  const double stepsSeconds = std::chrono::duration<double>(now - stepsStart_).count();
  const std::string left = fraction < 1.0 ? leftText(secondsLeft(fraction, stepsSeconds)) : std::string();
  if (!terminal_) {
    if (now - last_ < std::chrono::minutes(1)) return;
    last_ = now;
    std::fprintf(stderr, "%s: %d%% after %.0f s%s%s\n", label_.c_str(), static_cast<int>(fraction * 100),
                 std::chrono::duration<double>(now - start_).count(), left.empty() ? "" : ", ", left.c_str());
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
  std::fprintf(stderr, "\r%s [%s] %3d%%  %.1f s%s%s\033[K", label_.c_str(), bar.c_str(), static_cast<int>(fraction * 100),
               elapsed, left.empty() ? "" : ", ", left.c_str());
  std::fflush(stderr);
}

void ProgressBar::status(const std::string& text) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (!terminal_) {
    if (now - last_ < std::chrono::minutes(1)) return;
    last_ = now;
    std::fprintf(stderr, "%s: %s after %.0f s\n", label_.c_str(), text.c_str(), elapsed);
    std::fflush(stderr);
    return;
  }
  // A new text is drawn at once (throttled, "solving field 2 of 3" was lost behind the picture
  // of field 1); the same text at most ten times a second.
  if (drawn_ && text == statusText_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  drawn_ = true;
  statusText_ = text;
  std::fprintf(stderr, "\r%s: %s  %.1f s\033[K", label_.c_str(), text.c_str(), elapsed);
  std::fflush(stderr);
}

void ProgressBar::done() {
  stopSetUpWatch();
  if (enabled_ && terminal_ && drawn_) std::fprintf(stderr, "\n");
  drawn_ = false;
  enabled_ = false;
}

}  // namespace steer::experiments
