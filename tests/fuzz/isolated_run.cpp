#include "fuzz/isolated_run.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iterator>
#include <sstream>
#include <string>

namespace steer::fuzz {

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
    alarm(4 * timeoutSeconds);
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
  std::string text;
  char chunk[4096];
  for (ssize_t n; (n = read(pipeEnds[0], chunk, sizeof chunk)) > 0;) text.append(chunk, static_cast<std::size_t>(n));
  close(pipeEnds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    if (signal == SIGXCPU) return {Verdict::TimedOut, -1, "used more than " + std::to_string(timeoutSeconds) + " s of CPU"};
    if (signal == SIGALRM)
      return {Verdict::TimedOut, -1, "no answer within " + std::to_string(4 * timeoutSeconds) + " s of wall time"};
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
