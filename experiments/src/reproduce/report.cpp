#include "report.hpp"

#include <sys/utsname.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace steer::experiments::reproduce {

namespace {

std::string twoDecimals(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

// A table cell: '|' would end the cell and a newline the row; a trailing "; " of a list goes.
std::string cell(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == ';')) text.pop_back();
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  return "unknown CPU";
}

}  // namespace

RunConditions describeMachine() {
  RunConditions c;
  std::ostringstream m;
  m << cpuModel() << ", " << std::thread::hardware_concurrency() << " logical cores";
  utsname u{};
  if (uname(&u) == 0) m << ", " << u.sysname << " " << u.release << " " << u.machine;
  c.machine = m.str();
  double load[1] = {0.0};
  if (getloadavg(load, 1) == 1) c.loadAverage = load[0];
#if defined(STEER_SANITIZED)
  // scripts/test.sh's sanitizer build keeps the libraries' assertions on as well.
#ifdef NDEBUG
  c.build = "sanitizers on: timings are not representative";
#else
  c.build = "sanitizers and assertions on: timings are not representative";
#endif
#elif defined(NDEBUG)
  c.build = "optimised (NDEBUG)";
#else
  c.build = "debug (assertions on): timings are not representative";
#endif
  return c;
}

std::string reportMarkdown(const RunConditions& c, const std::vector<Claim>& claims) {
  std::ostringstream o;
  o << "# " << c.title << ": regenerated report\n\n"
    << "Written by `" << c.command << "`. Every number in the table below was measured by that run; "
    << "nothing is copied from an earlier one. "
    << (c.readme == "README.md" ? "The hand-written [README.md](README.md) of this folder explains the rows.\n\n"
        : !c.readme.empty()     ? "The hand-written [README.md](" + c.readme + ") of papers/" + c.paper + " explains the rows.\n\n"
                                : "The hand-written README.md of the repository's papers/" + c.paper + " explains the rows.\n\n")
    << "- started: " << c.startedUtc << " (UTC), took " << static_cast<long>(c.seconds + 0.5) << " s\n"
    << "- machine: " << c.machine << "; load average " << twoDecimals(c.loadAverage) << " at the start\n"
    << "- build: " << c.build << "\n"
    << "- budget: " << (c.quick ? "**--quick** (reduced: fewer seeds, smaller N, fewer repetitions)" : "full") << "\n\n";
  static_assert(static_cast<int>(Verdict::Reported) == 3, "counts[] below follows the Verdict enum");
  int counts[4] = {0, 0, 0, 0};
  for (const auto& claim : claims) ++counts[static_cast<int>(claim.verdict)];
  o << counts[0] << " reproduced, " << counts[1] << " differ, " << counts[3] << " reported (not judged), " << counts[2]
    << " not testable.\n\n";
  o << "| claim or figure | section | checked by | what we measured | status | why |\n"
    << "|---|---|---|---|---|---|\n";
  for (const auto& claim : claims)
    o << "| " << cell(claim.claim) << " | " << cell(claim.section) << " | " << cell(claim.checkedBy) << " | "
      << cell(claim.measured) << " | " << verdictName(claim.verdict) << " | " << cell(claim.why) << " |\n";
  return o.str();
}

nlohmann::json reportJson(const RunConditions& c, const std::vector<Claim>& claims) {
  nlohmann::json rows = nlohmann::json::array();
  const auto trimmed = [](std::string t) {
    while (!t.empty() && (t.back() == ' ' || t.back() == ';')) t.pop_back();
    return t;
  };
  for (const auto& claim : claims)
    rows.push_back({{"claim", claim.claim},
                    {"section", claim.section},
                    {"checked_by", claim.checkedBy},
                    {"measured", trimmed(claim.measured)},
                    {"status", verdictName(claim.verdict)},
                    {"why", claim.why}});
  return {{"paper", c.paper},   {"title", c.title},     {"command", c.command},
          {"started_utc", c.startedUtc}, {"machine", c.machine}, {"load_average", c.loadAverage},
          {"build", c.build},   {"quick", c.quick},     {"seconds", c.seconds},
          {"claims", rows}};
}

}  // namespace steer::experiments::reproduce
