// Structure-aware mutations of SteerSuite cases, made on pugixml's tree and written back with it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <pugixml.hpp>

#include "fuzz/scenario_mutation.hpp"

namespace steer::fuzz {

const std::vector<std::string>& xmlValues() {
  static const std::vector<std::string> values = {
      "nan", "NaN", "inf", "-inf", "infinity", "-1", "0", "-0", "1", "1e308", "-1e308", "1e-320", "1e400", "-1e400",
      "4.9e-324", "99999999999999999999999", "9223372036854775807", "18446744073709551616", "2147483648",
      "4294967296", "1000000", "1e7", "0.5", "1.5", "0x10", " 1 ", "1 2", "", "abc", "true", "random", "1,5",
      "+1", ".5", "5.", "1e", "\xc3\xa9", "-"};
  return values;
}

namespace {

// Every element, in document order, and how deep the deepest lies. Without recursion: a mutant
// may nest 100,000 elements.
int collect(const pugi::xml_document& doc, std::vector<pugi::xml_node>& elements) {
  int deepest = 0;
  std::vector<std::pair<pugi::xml_node, int>> pending;
  for (pugi::xml_node child = doc.last_child(); child; child = child.previous_sibling()) pending.push_back({child, 1});
  while (!pending.empty()) {
    const auto [node, depth] = pending.back();
    pending.pop_back();
    if (node.type() != pugi::node_element) continue;
    elements.push_back(node);
    deepest = std::max(deepest, depth);
    for (pugi::xml_node child = node.last_child(); child; child = child.previous_sibling()) pending.push_back({child, depth + 1});
  }
  return deepest;
}

std::string pathOf(pugi::xml_node node) {
  std::vector<std::string> names;
  for (; node && node.type() == pugi::node_element; node = node.parent()) names.emplace_back(node.name());
  std::string path;
  for (auto name = names.rbegin(); name != names.rend(); ++name) path.append("/").append(*name);
  return path;
}

// Removes `node` and everything below it, the deepest first, without recursion: pugixml's
// remove_child frees a subtree by recursion, a stack frame per level, and deleting an element
// above a nest of mutation 7 overflowed the stack and ended the whole run (seed 7308796).
void removeSubtree(pugi::xml_node node) {
  for (pugi::xml_node at = node;;) {
    while (at.first_child()) at = at.first_child();
    if (at == node) break;
    pugi::xml_node parent = at.parent();
    parent.remove_child(at);  // a leaf: nothing below it to free
    at = parent;
  }
  node.parent().remove_child(node);
}

// The element's text replaced (its children too, when it had elements: a value where a
// structure belongs).
void setText(pugi::xml_node element, const std::string& value) {
  while (element.first_child()) removeSubtree(element.first_child());
  if (!value.empty()) element.append_child(pugi::node_pcdata).set_value(value.c_str());
}

std::string tweaked(const char* text, MutationRandom& random) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text) return text;
  static const std::vector<double> factors = {-1.0, 0.0, 0.5, 2.0, 10.0, 1e6, 1e-6, 1e-12, 1e150};
  double out = v * random.pick(factors);
  if (random.chance(25)) out = std::nextafter(v, random.chance(50) ? INFINITY : -INFINITY);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", out);
  return buffer;
}

}  // namespace

bool mutateXml(std::string& text, MutationRandom& random, std::vector<std::string>& steps) {
  pugi::xml_document doc;
  if (!doc.load_string(text.c_str(), pugi::parse_default | pugi::parse_declaration | pugi::parse_comments)) return false;
  std::vector<pugi::xml_node> elements;
  int deepest = collect(doc, elements);
  if (elements.empty()) return false;
  pugi::xml_node e = random.pick(elements);
  std::vector<pugi::xml_node> leaves;  // elements that hold a value
  for (pugi::xml_node x : elements)
    if (x.first_child().type() == pugi::node_pcdata) leaves.push_back(x);
  const std::string where = pathOf(e);
  switch (random.below(10)) {
    case 0:
    case 1: {
      pugi::xml_node leaf = leaves.empty() ? e : random.pick(leaves);
      const std::string& v = random.pick(xmlValues());
      setText(leaf, v);
      steps.push_back("xml: " + pathOf(leaf) + " text = '" + v + "'");
      break;
    }
    case 2: {  // an attribute set, added or removed
      const std::string& v = random.pick(xmlValues());
      if (e.first_attribute() && random.chance(50)) {
        if (random.chance(50)) e.first_attribute().set_value(v.c_str());
        else e.remove_attribute(e.first_attribute());
      } else {
        e.append_attribute(random.chance(50) ? "kind" : "xmlns").set_value(v.c_str());
      }
      steps.push_back("xml: " + where + " attribute set/added/removed ('" + v + "')");
      break;
    }
    case 3:
      removeSubtree(e);
      steps.push_back("xml: " + where + " deleted");
      break;
    case 4: {
      const std::size_t copies = copiesWithin(random.pick(std::vector<std::size_t>{1, 1, 2, 50, 2000}), text.size());
      for (std::size_t k = 0; k < copies; ++k) e.parent().insert_copy_after(e, e);
      steps.push_back("xml: " + where + " repeated " + std::to_string(copies) + " times");
      break;
    }
    case 5: {  // moved into another element, or its name given to another
      pugi::xml_node other = random.pick(elements);
      if (random.chance(50) && other != e && !other.find_node([&](pugi::xml_node n) { return n == e; }) &&
          !e.find_node([&](pugi::xml_node n) { return n == other; })) {
        other.append_copy(e);
        steps.push_back("xml: " + where + " copied into " + pathOf(other));
      } else {
        e.set_name(random.chance(80) ? other.name() : "bogus");
        steps.push_back("xml: " + where + " renamed " + e.name());
      }
      break;
    }
    case 6: {  // two values swapped, or one copied over another
      if (leaves.size() < 2) return false;
      pugi::xml_node a = random.pick(leaves), b = random.pick(leaves);
      const std::string ta = a.child_value(), tb = b.child_value();
      setText(a, tb);
      if (random.chance(50)) setText(b, ta);
      steps.push_back("xml: " + pathOf(a) + " and " + pathOf(b) + " values swapped or copied");
      break;
    }
    case 7: {  // nested deeply
      const int levels = static_cast<int>(random.pick(std::vector<std::uint64_t>{1, 10, 1000, 100000}));
      pugi::xml_node wrapper = e.parent().insert_child_before(random.chance(50) ? e.name() : "position", e);
      pugi::xml_node inner = wrapper;
      for (int k = 1; k < levels; ++k) inner = inner.append_child(random.chance(50) ? "position" : "x");
      inner.append_copy(e);
      removeSubtree(e);
      deepest += levels;
      steps.push_back("xml: " + where + " nested in " + std::to_string(levels) + " elements");
      break;
    }
    case 8: {
      pugi::xml_node leaf = leaves.empty() ? e : random.pick(leaves);
      const std::string v = tweaked(leaf.child_value(), random);
      setText(leaf, v);
      steps.push_back("xml: " + pathOf(leaf) + " text = '" + v + "'");
      break;
    }
    default: {  // children emptied, or text added beside them
      if (random.chance(50)) setText(e, "");
      else e.append_child(pugi::node_pcdata).set_value("7");
      steps.push_back("xml: " + where + " emptied or given text");
      break;
    }
  }
  std::ostringstream out;
  // Indented, so that lines mean something to the line-level mutations; but a deep nest indented
  // grows with the square of its depth.
  doc.save(out, "  ", deepest > 100 ? pugi::format_raw : pugi::format_default);
  text = out.str();
  return true;
}

}  // namespace steer::fuzz
