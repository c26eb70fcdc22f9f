#include "batch_mpi.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "batch_row_json.hpp"
#include "interrupt.hpp"

#ifdef STEER_HAVE_MPI
// The C API only: OpenMPI's and MPICH's deprecated C++ bindings would need their C++ library.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace steer::experiments {

namespace {

// The number of ranks mpirun started, from its environment, without initialising MPI: a
// plain `steer sweep` must not pay for (or depend on) MPI's start-up.
int launcherSize() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char* v = std::getenv(name)) return std::max(1, std::atoi(v));
  return 1;
}

}  // namespace

int launcherRank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (const char* v = std::getenv(name)) return std::max(0, std::atoi(v));
  return 0;
}

bool builtWithMpi() {
#ifdef STEER_HAVE_MPI
  return true;
#else
  return false;
#endif
}

MpiBatchSession::MpiBatchSession() {
  const int launched = launcherSize();
#ifdef STEER_HAVE_MPI
  if (launched > 1) {
    MPI_Init(nullptr, nullptr);
    initialised_ = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
#else
  if (launched > 1)
    throw std::runtime_error("started by mpirun with " + std::to_string(launched) +
                             " ranks, but this steer was built without MPI (cmake -DSTEER_WITH_MPI=ON)");
#endif
}

MpiBatchSession::~MpiBatchSession() {
#ifdef STEER_HAVE_MPI
  if (initialised_) MPI_Finalize();
#endif
}

int MpiBatchSession::agreeOnStatus(int status) const {
#ifdef STEER_HAVE_MPI
  if (size_ > 1) {
    int all = status;
    MPI_Allreduce(&status, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return all;
  }
#endif
  return status;
}

std::vector<BatchRow> MpiBatchSession::run(const std::vector<BatchJob>& jobs, const BatchOptions& options) const {
  if (size_ == 1) return runBatch(jobs, options);
#ifdef STEER_HAVE_MPI
  std::vector<BatchJob> mine;
  std::vector<std::size_t> index;
  for (std::size_t i = static_cast<std::size_t>(rank_); i < jobs.size(); i += static_cast<std::size_t>(size_)) {
    mine.push_back(jobs[i]);
    index.push_back(i);
  }
  // Run this share; a failure is carried to the gather so that every rank takes part in it.
  std::string payload;
  int failed = 0, signal = 0;  // signal: a rank stopped by Ctrl-C or kill (interrupt.hpp)
  try {
    std::vector<BatchRow> rows = mine.empty() ? std::vector<BatchRow>{} : runBatch(mine, options);
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t k = 0; k < rows.size(); ++k) {
      rows[k].job = index[rows[k].job];  // back to the whole batch's numbering
      out.push_back(batchRowToJson(rows[k]));
    }
    payload = out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (const std::exception& e) {
    failed = 1;
    if (const auto* stopped = dynamic_cast<const Interrupted*>(&e)) signal = stopped->signal;
    payload = std::string("rank ") + std::to_string(rank_) + ": " + e.what();
  }
  int anyFailed = 0, anySignal = 0;
  MPI_Allreduce(&failed, &anyFailed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&signal, &anySignal, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

  // Gather every rank's payload (its rows, or its error) on rank 0.
  const int length = static_cast<int>(payload.size());
  std::vector<int> lengths(static_cast<std::size_t>(size_)), offsets(static_cast<std::size_t>(size_));
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (rank_ == 0) {
    int total = 0;
    for (int r = 0; r < size_; ++r) offsets[static_cast<std::size_t>(r)] = total, total += lengths[static_cast<std::size_t>(r)];
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(payload.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (anyFailed) {
    // A stopped batch exits with the signal's status on every rank (it exited 1).
    if (rank_ != 0) {
      if (anySignal != 0) throw Interrupted(anySignal, "(rank 0 reports it)");
      throw std::runtime_error("another rank failed (rank 0 reports it)");
    }
    std::string errors;
    for (int r = 0; r < size_; ++r) {
      const std::string part = all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                                          static_cast<std::size_t>(lengths[static_cast<std::size_t>(r)]));
      if (part.rfind("rank ", 0) == 0) errors += (errors.empty() ? "" : "; ") + part;
    }
    if (anySignal != 0) throw Interrupted(anySignal, "(" + errors + ")");
    throw std::runtime_error(errors);
  }
  if (rank_ != 0) return {};
  std::vector<BatchRow> rows(jobs.size());
  std::vector<bool> seen(jobs.size(), false);
  for (int r = 0; r < size_; ++r) {
    const auto part = nlohmann::json::parse(all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                                                       static_cast<std::size_t>(lengths[static_cast<std::size_t>(r)])));
    for (const auto& j : part) {
      BatchRow row = batchRowFromJson(j);
      if (row.job >= rows.size() || seen[row.job]) throw std::runtime_error("gathered rows: bad or repeated job index");
      seen[row.job] = true;
      rows[row.job] = std::move(row);
    }
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) throw std::runtime_error("gathered rows: job " + std::to_string(i) + " is missing");
  return rows;
#else
  return runBatch(jobs, options);
#endif
}

}  // namespace steer::experiments
