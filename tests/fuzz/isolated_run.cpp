#include "fuzz/isolated_run.hpp"

#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <chrono>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace steer::fuzz {

namespace {
// The CPU time (user + system, s) the process has used so far, from /proc; −1 if unknown.
double cpuSecondsOf(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields 14 and 15 (utime, stime) come after the name, which is in parentheses and may hold
  // spaces: count from the last ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return -1.0;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  long long utime = 0, stime = 0;
  for (int k = 3; k <= 15 && fields >> field; ++k) {
    if (k == 14) utime = std::stoll(field);
    if (k == 15) stime = std::stoll(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}
}  // namespace

Outcome runIsolated(const std::function<Outcome()>& work, unsigned timeoutSeconds) {
  int pipeEnds[2];
  if (pipe(pipeEnds) != 0) return {Verdict::Crashed, -1, std::string("pipe: ") + std::strerror(errno)};
  std::fflush(nullptr);  // the child must not write the parent's buffered output again
  const pid_t pid = fork();
  if (pid < 0) {
    close(pipeEnds[0]);
    close(pipeEnds[1]);
    return {Verdict::Crashed, -1, std::string("fork: ") + std::strerror(errno)};
  }
  if (pid == 0) {
    close(pipeEnds[0]);
    const rlimit cpu{timeoutSeconds, timeoutSeconds + 1};  // SIGXCPU at the soft limit
    setrlimit(RLIMIT_CPU, &cpu);
    Outcome outcome;
    try {
      outcome = work();
    } catch (const std::exception& e) {
      outcome = {Verdict::ProviderThrew, -1, std::string("uncaught: ") + e.what()};
    }
    const std::string text = std::to_string(static_cast<int>(outcome.verdict)) + " " +
                             std::to_string(outcome.step) + " " + outcome.message;
    for (std::size_t sent = 0; sent < text.size();) {
      const ssize_t n = write(pipeEnds[1], text.data() + sent, text.size() - sent);
      if (n <= 0) break;
      sent += static_cast<std::size_t>(n);
    }
    close(pipeEnds[1]);
    _exit(0);  // no destructors or atexit handlers of the parent's state in the child
  }
  close(pipeEnds[1]);
  // The CPU limit catches a child that computes forever. One that blocks uses no CPU: after
  // 4 × timeoutSeconds of wall time, a child whose CPU time has not moved for the last
  // timeoutSeconds is killed. One that is merely starved (a niced run beside builds on every
  // core) still gets some CPU and is waited for: a fixed wall-clock alarm killed such a case
  // (2.4 s alone) after 80 s, as a "hang".
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  auto lastProgress = started;
  double lastCpu = 0.0;
  bool blocked = false;
  std::string text;
  char chunk[4096];
  for (;;) {
    pollfd readable{pipeEnds[0], POLLIN, 0};
    const int ready = poll(&readable, 1, 1000);
    if (ready > 0) {
      const ssize_t n = read(pipeEnds[0], chunk, sizeof chunk);
      if (n <= 0) break;  // the child closed its end: done (or dead)
      text.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (ready < 0 && errno != EINTR) break;
    const auto now = Clock::now();
    if (const double cpu = cpuSecondsOf(pid); cpu > lastCpu + 0.01) {
      lastCpu = cpu;
      lastProgress = now;
    }
    const double wall = std::chrono::duration<double>(now - started).count();
    const double still = std::chrono::duration<double>(now - lastProgress).count();
    if (wall >= 4.0 * timeoutSeconds && still >= timeoutSeconds) {
      kill(pid, SIGKILL);
      blocked = true;
      break;
    }
  }
  close(pipeEnds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (blocked)
    return {Verdict::TimedOut, -1,
            "blocked: no CPU used for " + std::to_string(timeoutSeconds) + " s, no answer within " +
                std::to_string(4 * timeoutSeconds) + " s of wall time"};
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    if (signal == SIGXCPU) return {Verdict::TimedOut, -1, "used more than " + std::to_string(timeoutSeconds) + " s of CPU"};
    return {Verdict::Crashed, -1, std::string("signal ") + strsignal(signal)};
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || text.empty())
    return {Verdict::Crashed, -1, "exit status " + std::to_string(WEXITSTATUS(status))};
  Outcome outcome;
  std::istringstream in(text);
  int verdict = 0;
  in >> verdict >> outcome.step;
  outcome.verdict = static_cast<Verdict>(verdict);
  in >> std::ws;
  outcome.message.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return outcome;
}

}  // namespace steer::fuzz
