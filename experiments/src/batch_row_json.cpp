#include "batch_row_json.hpp"

namespace steer::experiments {

nlohmann::json batchRowToJson(const BatchRow& r) {
  nlohmann::json metrics = nlohmann::json::array();
  for (const auto& m : r.metrics) metrics.push_back(m ? nlohmann::json(*m) : nlohmann::json(nullptr));
  return {{"job", r.job},
          {"scenario_path", r.scenarioPath},
          {"scenario_name", r.scenarioName},
          {"scenario_folder", r.scenarioFolder},
          {"model", r.model},
          {"planner", r.planner},
          {"integrator", r.integrator},
          {"local_preset", r.localPreset},
          {"seed", r.seed},
          {"factors", r.factors},
          {"metrics", metrics}};
}

BatchRow batchRowFromJson(const nlohmann::json& j) {
  BatchRow r;
  r.job = j.at("job").get<std::size_t>();
  r.scenarioPath = j.at("scenario_path").get<std::string>();
  r.scenarioName = j.at("scenario_name").get<std::string>();
  r.scenarioFolder = j.at("scenario_folder").get<std::string>();
  r.model = j.at("model").get<std::string>();
  r.planner = j.at("planner").get<std::string>();
  r.integrator = j.at("integrator").get<std::string>();
  r.localPreset = j.at("local_preset").get<std::string>();
  r.seed = j.at("seed").get<std::uint64_t>();
  r.factors = j.at("factors").get<std::vector<std::pair<std::string, std::string>>>();
  for (const auto& m : j.at("metrics")) r.metrics.push_back(m.is_null() ? std::nullopt : std::optional<double>(m.get<double>()));
  return r;
}

}  // namespace steer::experiments
