#pragma once
// `mpirun -n K steer compare|sweep ...` (issue #8): the batch's jobs split across MPI ranks and
// gathered on rank 0, which alone writes the outputs, the same files a single process writes.
// MPI is optional at build time (CMake option STEER_WITH_MPI); without it, or when the command
// was not started by mpirun, every function here is the single-process path.
#include <vector>

#include "steer/experiments/batch.hpp"

namespace steer::experiments {

/// MPI for the lifetime of a batch command: initialised only when the process was started by
/// mpirun with more than one rank (OMPI_COMM_WORLD_SIZE / PMI_SIZE), finalised on destruction.
class MpiBatchSession {
 public:
  MpiBatchSession();
  ~MpiBatchSession();
  MpiBatchSession(const MpiBatchSession&) = delete;
  MpiBatchSession& operator=(const MpiBatchSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  /// Rank 0 writes the outputs and draws the progress bar; the others only run their share.
  bool writesOutputs() const { return rank_ == 0; }

  /// runBatch over this rank's share of `jobs` (job i runs on rank i mod size), gathered on
  /// rank 0 in job order; the other ranks get an empty list. A failure on any rank makes every
  /// rank throw (std::runtime_error naming the rank), so that no rank waits for ever.
  std::vector<BatchRow> run(const std::vector<BatchJob>& jobs, const BatchOptions& options) const;

  /// The largest of every rank's `status`: so that all ranks exit with the same code.
  int agreeOnStatus(int status) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  bool initialised_ = false;
};

/// True when this `steer` was built with MPI.
bool builtWithMpi();

/// This process's rank as mpirun announced it (OMPI_COMM_WORLD_RANK / PMI_RANK / PMIX_RANK), 0
/// when it was not started by mpirun; read before MPI is initialised, so that messages every
/// rank would print alike (a bad option) are printed once.
int launcherRank();

}  // namespace steer::experiments
