#pragma once
// A batch's result row as JSON, for `mpirun` batches: each rank sends its rows to rank 0, which
// writes the same tables a single process writes. Every field of BatchRow travels: the
// integrator and the Goldenstein preset did not, and comparison.md then left out the notes they
// make (a report that depended on how the batch was split).
#include <nlohmann/json.hpp>

#include "steer/experiments/batch.hpp"

namespace steer::experiments {

nlohmann::json batchRowToJson(const BatchRow& row);
/// Throws nlohmann::json::exception when a field is missing or of the wrong type.
BatchRow batchRowFromJson(const nlohmann::json& json);

}  // namespace steer::experiments
