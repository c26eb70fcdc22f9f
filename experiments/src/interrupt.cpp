#include "interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <iomanip>
#include <sstream>
#include <string>

namespace steer::experiments {

namespace {
std::atomic<int> requested{0};
std::atomic<int> listening{0};         // ListeningForInterrupts alive: code that stops cleanly
std::atomic<std::int64_t> firstAt{0};  // ns on the monotonic clock
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<std::int64_t>::is_always_lock_free,
              "read and written in a signal handler");

void endAtOnce(int signal) {  // as the shell would: the default action
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

std::int64_t nowNs() {  // clock_gettime is async-signal-safe
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

extern "C" void onInterrupt(int signal) {
  const int savedErrno = errno;  // the interrupted code may be about to read it (a failed write)
  // Nothing that stops cleanly is running (a paper's own loops, charts, set-up between runs):
  // the default action, as before there was a handler (it stopped nothing and said it would).
  if (listening.load() == 0) endAtOnce(signal);
  const std::int64_t now = nowNs();
  std::int64_t first = 0;
  if (!firstAt.compare_exchange_strong(first, now)) {
    // One request often arrives twice at once, in two threads at the same moment: `timeout` and
    // a terminal's Ctrl-C signal the whole process group, and wrappers (xvfb-run, mpirun) pass it
    // on. Only a second one half a second later is the user's "now".
    if (now - first >= 500000000) endAtOnce(signal);
    errno = savedErrno;
    return;
  }
  requested.store(signal);
  // write(2) is async-signal-safe; a stream is not.
  const char message[] = "\nsteer: stopping at the end of the step or solver iteration (again to stop at once)\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
  errno = savedErrno;
}

const char* signalName(int signal) { return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal"; }
}  // namespace

void installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // reads and writes in progress go on
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interruptSignal() { return requested.load(std::memory_order_relaxed); }

ListeningForInterrupts::ListeningForInterrupts() { ++listening; }
ListeningForInterrupts::~ListeningForInterrupts() { --listening; }

namespace {
// The simulated time reached, to 10 significant digits: a sum of steps of 0.1 s read
// 72.60000000000001 in its shortest exact form.
std::string timeText(double time) {
  std::ostringstream out;
  out << std::setprecision(10) << time;
  return out.str();
}
}  // namespace

Interrupted::Interrupted(int signal, double time)
    : Interrupted(signal, "at t = " + timeText(time) + " s; what the run wrote was removed") {}

Interrupted::Interrupted(int signal, const std::string& when)
    : std::runtime_error(std::string("interrupted (") + signalName(signal) + ") " + when), signal(signal), when(when) {}

void throwIfInterrupted(double time) {
  if (const int signal = interruptSignal()) throw Interrupted(signal, time);
}

void throwIfInterruptedInSetUp() {
  if (const int signal = interruptSignal())
    throw Interrupted(signal, "while a harmonic field was solved; nothing of it was kept");
}

}  // namespace steer::experiments
