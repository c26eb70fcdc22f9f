// Structure-aware mutations of our YAML scenarios, made on yaml-cpp's tree and written back with
// its emitter (comments and layout are lost; the file's meaning is what is being mutated).
#include <cmath>
#include <cstdio>
#include <functional>

#include <yaml-cpp/yaml.h>

#include "fuzz/scenario_mutation.hpp"

namespace steer::fuzz {

const std::vector<std::string>& yamlValues() {
  static const std::vector<std::string> values = {
      ".nan", ".inf", "-.inf", "-1", "0", "-0", "1", "1e308", "-1e308", "1e-320", "1e400", "-1e400", "4.9e-324",
      "99999999999999999999999", "-99999999999999999999999", "9223372036854775807", "-9223372036854775808",
      "18446744073709551615", "18446744073709551616", "2147483648", "4294967296", "1000000", "1e7", "0.5", "1.5",
      "0x10", "1_000", "\"\"", "abc", "\"1\"", "true", "~", "[]", "[1, 2]", "[1, 2, 3]", "[.nan, 0]", "[1e308, 1e308]",
      "[0, 0, 0]", "{}", "{a: 1}", "[[1, 2], [3, 4]]", "!!binary aGk=", "\"\\u00e9\"", "\"a\\tb\""};
  return values;
}

namespace {

// Where a value sits: under a key of a map, or at an index of a sequence (the root has neither).
struct Place {
  YAML::Node parent;
  bool inMap = false;
  YAML::Node key;  ///< a map's entry's key
  std::size_t index = 0;  ///< a sequence's element's index
  YAML::Node value;
  std::string path;
};

// Every value under `node`, with its path. False when the tree is too deep or too large to
// mutate: an alias inside its own anchor makes a cycle, aliases of aliases an exponential tree,
// and yaml-cpp's Clone follows both until memory runs out (the text-level mutations take those).
bool collect(const YAML::Node& node, const std::string& path, std::vector<Place>& places, int depth) {
  if (depth > 400 || places.size() > 200'000) return false;
  if (node.IsMap()) {
    for (auto entry : node) {
      const std::string childPath = path + "." + (entry.first.IsScalar() ? entry.first.Scalar() : "?");
      places.push_back({node, true, entry.first, 0, entry.second, childPath});
      if (!collect(entry.second, childPath, places, depth + 1)) return false;
    }
  } else if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      const std::string childPath = path + "[" + std::to_string(i) + "]";
      places.push_back({node, false, YAML::Node(), i, node[i], childPath});
      if (!collect(node[i], childPath, places, depth + 1)) return false;
    }
  }
  return true;
}

// A map rebuilt with `edit` deciding each entry's fate (yaml-cpp cannot replace or reorder a key
// in place): a new node, whose content is then shared into the old one.
void rebuildMap(YAML::Node map, const std::function<void(YAML::Node&, const YAML::Node&, const YAML::Node&)>& edit) {
  YAML::Node fresh(YAML::NodeType::Map);
  for (auto entry : map) edit(fresh, entry.first, entry.second);
  map = fresh;
}

void rebuildSequence(YAML::Node seq, const std::function<void(YAML::Node&, std::size_t, const YAML::Node&)>& edit) {
  YAML::Node fresh(YAML::NodeType::Sequence);
  for (std::size_t i = 0; i < seq.size(); ++i) edit(fresh, i, seq[i]);
  seq = fresh;
}

// The value at `p` replaced by `with` (the parent rebuilt, so that no other reference to the old
// node is touched: an anchor's aliases keep their value).
void replace(const Place& p, const YAML::Node& with) {
  if (p.inMap)
    rebuildMap(p.parent, [&](YAML::Node& fresh, const YAML::Node& k, const YAML::Node& v) {
      fresh.force_insert(k, k.Scalar() == p.key.Scalar() && k.Mark().pos == p.key.Mark().pos ? with : v);
    });
  else
    rebuildSequence(p.parent, [&](YAML::Node& fresh, std::size_t i, const YAML::Node& v) { fresh.push_back(i == p.index ? with : v); });
}

void remove(const Place& p) {
  if (p.inMap)
    rebuildMap(p.parent, [&](YAML::Node& fresh, const YAML::Node& k, const YAML::Node& v) {
      if (!(k.Scalar() == p.key.Scalar() && k.Mark().pos == p.key.Mark().pos)) fresh.force_insert(k, v);
    });
  else
    rebuildSequence(p.parent, [&](YAML::Node& fresh, std::size_t i, const YAML::Node& v) { if (i != p.index) fresh.push_back(v); });
}

// A number scaled, negated or nudged: near the checks' edges rather than far off them.
std::string tweaked(const std::string& scalar, MutationRandom& random) {
  char* end = nullptr;
  const double v = std::strtod(scalar.c_str(), &end);
  if (end == scalar.c_str()) return scalar;
  static const std::vector<double> factors = {-1.0, 0.0, 0.5, 2.0, 10.0, 1e6, 1e-6, 1e-12, 1e150};
  double out = v * random.pick(factors);
  if (random.chance(25)) out = std::nextafter(v, random.chance(50) ? INFINITY : -INFINITY);
  if (random.chance(15)) out = v + 1e-9;
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", out);
  return text;
}

}  // namespace

bool mutateYaml(std::string& text, MutationRandom& random, std::vector<std::string>& steps) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception&) {
    return false;
  }
  std::vector<Place> places;
  if (!collect(root, "", places, 0) || places.empty()) return false;
  const Place& p = random.pick(places);
  std::vector<Place> scalars;
  for (const Place& q : places)
    if (q.value.IsScalar()) scalars.push_back(q);
  switch (random.below(10)) {
    case 0:
    case 1: {  // a scalar replaced by a bad value
      const Place& s = scalars.empty() ? p : random.pick(scalars);
      const std::string& v = random.pick(yamlValues());
      replace(s, YAML::Load(v));
      steps.push_back("yaml: " + s.path + " = " + v);
      break;
    }
    case 2: {  // any value replaced, a list or a map by a scalar too
      const std::string& v = random.pick(yamlValues());
      replace(p, YAML::Load(v));
      steps.push_back("yaml: " + p.path + " (whole value) = " + v);
      break;
    }
    case 3:
      remove(p);
      steps.push_back("yaml: " + p.path + " deleted");
      break;
    case 4: {  // a key given twice (the second with another value), or a list's element repeated
      if (p.inMap) {
        const YAML::Node other = YAML::Load(random.pick(yamlValues()));
        YAML::Node parent = p.parent;
        parent.force_insert(YAML::Clone(p.key), random.chance(50) ? YAML::Clone(p.value) : other);
        steps.push_back("yaml: " + p.path + " given twice");
      } else {
        const std::size_t copies = copiesWithin(random.pick(std::vector<std::size_t>{1, 2, 10, 1000}), text.size());
        YAML::Node parent = p.parent;
        for (std::size_t k = 0; k < copies; ++k) parent.push_back(YAML::Clone(p.value));
        steps.push_back("yaml: " + p.path + " repeated " + std::to_string(copies) + " times");
      }
      break;
    }
    case 5: {  // two values swapped, or one copied over another (the same point twice: degenerate)
      const Place& q = random.pick(places);
      const YAML::Node a = YAML::Clone(p.value), b = YAML::Clone(q.value);
      const bool swap = random.chance(50);
      replace(p, b);
      if (swap) {
        // q's parent may have been p's and rebuilt: find q again by its path.
        std::vector<Place> again;
        (void)collect(root, "", again, 0);
        for (const Place& r : again)
          if (r.path == q.path) {
            replace(r, a);
            break;
          }
      }
      steps.push_back("yaml: " + p.path + (swap ? " swapped with " : " = copy of ") + q.path);
      break;
    }
    case 6: {  // nested deeply
      const int levels = static_cast<int>(random.pick(std::vector<std::uint64_t>{1, 2, 10, 100, 300}));
      YAML::Node inner = YAML::Clone(p.value);
      const bool asMap = random.chance(40);
      for (int k = 0; k < levels; ++k) {
        YAML::Node outer(asMap ? YAML::NodeType::Map : YAML::NodeType::Sequence);
        if (asMap) outer["a"] = inner;
        else outer.push_back(inner);
        inner = outer;
      }
      replace(p, inner);
      steps.push_back("yaml: " + p.path + " nested in " + std::to_string(levels) + (asMap ? " maps" : " lists"));
      break;
    }
    case 7: {  // a number nudged or scaled
      const Place& s = scalars.empty() ? p : random.pick(scalars);
      const std::string v = s.value.IsScalar() ? tweaked(s.value.Scalar(), random) : "0";
      replace(s, YAML::Node(v));
      steps.push_back("yaml: " + s.path + " = " + v);
      break;
    }
    case 8: {  // a key renamed to another key of the file: unknown here, or a duplicate
      if (!p.inMap) {
        remove(p);
        steps.push_back("yaml: " + p.path + " deleted");
        break;
      }
      std::vector<std::string> keys;
      for (const Place& q : places)
        if (q.inMap) keys.push_back(q.key.Scalar());
      const std::string name = random.pick(keys);
      rebuildMap(p.parent, [&](YAML::Node& fresh, const YAML::Node& k, const YAML::Node& v) {
        const bool it = k.Scalar() == p.key.Scalar() && k.Mark().pos == p.key.Mark().pos;
        fresh.force_insert(it ? YAML::Node(name) : k, v);
      });
      steps.push_back("yaml: " + p.path + " renamed " + name);
      break;
    }
    default: {  // a list emptied or a map emptied, or a scalar made a list of itself
      YAML::Node with;
      if (p.value.IsSequence()) with = YAML::Node(YAML::NodeType::Sequence);
      else if (p.value.IsMap()) with = YAML::Node(YAML::NodeType::Map);
      else {
        with = YAML::Node(YAML::NodeType::Sequence);
        with.push_back(YAML::Clone(p.value));
      }
      replace(p, with);
      steps.push_back("yaml: " + p.path + " emptied or wrapped");
      break;
    }
  }
  YAML::Emitter out;
  out << root;
  if (!out.good()) return false;
  text = out.c_str();
  text += "\n";
  return true;
}

}  // namespace steer::fuzz
