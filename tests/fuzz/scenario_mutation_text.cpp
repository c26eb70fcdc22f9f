// Line- and byte-level mutations, and the choice among all of them for one mutant.
#include <algorithm>

#include "fuzz/scenario_mutation.hpp"

namespace steer::fuzz {

namespace {

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start + 1));
    start = end + 1;
  }
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l;
  return text;
}

// Bytes that mean something to one of the formats, and a few that mean nothing.
const std::string kSpecial = ":-[]{},&*!|>'\"#%@`<>/=?\t\r\n \\0.e+~";

}  // namespace

void mutateText(std::string& text, bool xml, MutationRandom& random, std::vector<std::string>& steps) {
  if (text.empty()) text = xml ? "<" : "a:";
  const std::size_t at = random.below(text.size());
  auto lines = linesOf(text);
  const std::size_t line = random.below(lines.size());
  switch (random.below(11)) {
    case 0:
      text.resize(at);
      steps.push_back("text: truncated at byte " + std::to_string(at));
      break;
    case 1:
      text[at] = static_cast<char>(text[at] ^ (1u << random.below(8)));
      steps.push_back("text: bit flipped at byte " + std::to_string(at));
      break;
    case 2: {
      const char c = random.chance(90) ? kSpecial[random.below(kSpecial.size())] : static_cast<char>(random.below(256));
      text.insert(at, 1, c);
      steps.push_back("text: byte " + std::to_string(static_cast<unsigned char>(c)) + " inserted at " + std::to_string(at));
      break;
    }
    case 3: {
      const std::size_t n = 1 + random.below(std::min<std::size_t>(64, text.size() - at));
      text.erase(at, n);
      steps.push_back("text: " + std::to_string(n) + " bytes deleted at " + std::to_string(at));
      break;
    }
    case 4:  // a YAML key given twice, an XML element repeated, both by their line
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(line), lines[line]);
      text = joined(lines);
      steps.push_back("text: line " + std::to_string(line + 1) + " duplicated");
      break;
    case 5:
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(line));
      text = joined(lines);
      steps.push_back("text: line " + std::to_string(line + 1) + " deleted");
      break;
    case 6: {
      const std::size_t other = random.below(lines.size());
      std::swap(lines[line], lines[other]);
      text = joined(lines);
      steps.push_back("text: lines " + std::to_string(line + 1) + " and " + std::to_string(other + 1) + " swapped");
      break;
    }
    case 7: {  // indentation changed: a key moves into or out of its map
      if (random.chance(50)) lines[line].insert(0, random.chance(50) ? "  " : "\t");
      else lines[line].erase(0, std::min<std::size_t>(2, lines[line].find_first_not_of(' ')));
      text = joined(lines);
      steps.push_back("text: line " + std::to_string(line + 1) + " re-indented");
      break;
    }
    case 8: {  // brackets or tags opened deep and never, or all, closed
      const std::size_t depth = random.pick(std::vector<std::size_t>{100, 10000, 200000});
      std::string open, close;
      for (std::size_t k = 0; k < depth; ++k) {
        open += xml ? "<x>" : "[";
        if (random.chance(50) || k == 0) close += xml ? "</x>" : "]";
      }
      text.insert(at, open + (random.chance(50) ? close : std::string()));
      steps.push_back("text: " + std::to_string(depth) + " levels opened at byte " + std::to_string(at));
      break;
    }
    case 9: {  // a tag or a flow collection broken: a delimiter deleted or its match changed
      const std::string delimiters = xml ? "<>/\"" : "[]{}:,\"";
      const std::size_t found = text.find_first_of(delimiters, at);
      if (found == std::string::npos) {
        text.insert(at, xml ? "</" : "]");
      } else if (random.chance(50)) {
        text.erase(found, 1);
      } else {
        text[found] = delimiters[random.below(delimiters.size())];
      }
      steps.push_back("text: a delimiter broken near byte " + std::to_string(at));
      break;
    }
    default: {  // YAML's own devices: an anchor and its aliases, a tag, a document marker
      static const std::vector<std::string> yamlBits = {"&a ", "*a ", "!!str ", "!!map ", "--- ", "...\n", "? ", "<<: *a\n",
                                                        "!<tag:x> ", "%YAML 1.2\n"};
      static const std::vector<std::string> xmlBits = {"<!DOCTYPE x [<!ENTITY e \"&e;\">]>", "&e;", "<![CDATA[1]]>", "&#0;",
                                                       "&amp;", "<?pi x?>", "<!-- c -->", "\xef\xbb\xbf", "<a b='1' b='2'/>"};
      const std::string& bit = random.pick(xml ? xmlBits : yamlBits);
      text.insert(at, bit);
      steps.push_back("text: '" + bit + "' inserted at byte " + std::to_string(at));
      break;
    }
  }
}

Mutant mutateScenario(const std::string& text, bool xml, std::uint64_t seed) {
  MutationRandom random(seed);
  Mutant mutant{text, {}};
  const std::size_t count = 1 + random.below(3);
  for (std::size_t k = 0; k < count && mutant.text.size() < kLargestMutant; ++k) {
    // Structure first: most findings come from values and shapes the parsers accept.
    if (random.chance(70)) {
      const bool done = xml ? mutateXml(mutant.text, random, mutant.steps) : mutateYaml(mutant.text, random, mutant.steps);
      if (done) continue;
    }
    mutateText(mutant.text, xml, random, mutant.steps);
  }
  return mutant;
}

}  // namespace steer::fuzz
