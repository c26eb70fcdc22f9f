// The command line as comparison.md and REPORT.md quote it ("Made by ..."): pasted back into a
// shell, each word reads back as it was given. The shell itself is the oracle.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "command_line_text.hpp"

namespace steer::experiments {
namespace {

// What /bin/sh makes of `text` as one printf argument.
std::string throughTheShell(const std::string& text) {
  const std::string command = "printf '%s' " + text;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "<popen failed>";
  std::string out;
  char buffer[256];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  ::pclose(pipe);
  return out;
}

TEST(CommandLineText, EachWordReadsBackThroughTheShell) {
  for (const std::string word : {"runs/out dir", "it's", "agents.a.name=a|b,c", "$HOME", "a;b", "*.yaml", "\"q\"",
                                 "back\\slash", "tab\there", "x`date`", "(", "#", "~", "!", "", "plain/path-1.yaml",
                                 "--param", "local.t2c=1.5", "[-12, 1]"}) {
    SCOPED_TRACE(word);
    EXPECT_EQ(throughTheShell(shellWord(word)), word);
  }
}

TEST(CommandLineText, PlainWordsStayUnquoted) {
  EXPECT_EQ(shellWord("experiments/scenarios/u_trap.yaml"), "experiments/scenarios/u_trap.yaml");
  EXPECT_EQ(shellWord("--param"), "--param");
  EXPECT_EQ(shellWord("local.courage=0:1:5"), "local.courage=0:1:5");
  const char* argv[] = {"/usr/bin/steer", "compare", "my runs/a.yaml", "--seeds", "3"};
  EXPECT_EQ(commandLineText(5, argv), "steer compare 'my runs/a.yaml' --seeds 3");
}

}  // namespace
}  // namespace steer::experiments
