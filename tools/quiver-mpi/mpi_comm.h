#pragma once
// The few MPI collectives quiver-mpi uses, behind one small class: MPI's C API takes
// int counts and raw buffers; this keeps the casts, the 64-bit element types and the
// agreement rule (docs/scale-out.md, "Agree, then publish") in one place.
//
// Every collective must be entered by every rank in the same order. A rank that fails
// locally therefore keeps taking part and reports its failure at the next Agree, so the
// others stop with it instead of waiting forever.

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "quiver/status.h"

namespace quiver::mpi {

// MPI_Init / MPI_Finalize for the life of main().
class MpiRuntime {
 public:
  MpiRuntime(int* argc, char*** argv);
  ~MpiRuntime();
  MpiRuntime(const MpiRuntime&) = delete;
  MpiRuntime& operator=(const MpiRuntime&) = delete;
};

class Comm {
 public:
  explicit Comm(MPI_Comm comm = MPI_COMM_WORLD);

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ranks sharing this machine (MPI_COMM_TYPE_SHARED): the machine's cores and memory
  // are split among them by default.
  int local_size() const { return local_size_; }

  // Every rank's local status in, one answer out: OK when all are OK; this rank's own
  // error when it failed; otherwise Aborted "rank N failed; <consequence>" naming the
  // lowest failing rank.
  Status Agree(const Status& local, std::string_view consequence) const;
  void Barrier() const { MPI_Barrier(comm_); }
  uint64_t MaxU64(uint64_t v) const;
  uint64_t SumU64(uint64_t v) const;
  // Elementwise sum over the ranks, in place (the same length on every rank): several
  // counts in one Allreduce.
  void SumU64s(std::vector<uint64_t>& v) const;
  double MaxDouble(double v) const;
  // Elementwise maximum over the ranks, in place (the same length on every rank).
  void MaxBytes(std::vector<uint8_t>& v) const;
  double SumDouble(double v) const;
  void BroadcastBytes(void* data, size_t bytes, int root) const;
  // Rank root receives every rank's data (of any size), concatenated in rank order.
  std::string GatherText(std::string_view data, int root) const;
  // Rank root receives every rank's `bytes` bytes, in rank order.
  std::vector<uint8_t> GatherBytes(const void* data, size_t bytes, int root) const;
  // send[r] goes to rank r; returns what every rank sent here, concatenated in rank
  // order. One MPI_Alltoall of byte counts, an Allreduce checking they fit MPI's int
  // counts (ResourceExhausted on every rank when not), then one MPI_Alltoallv.
  Result<std::string> AllToAllBytes(const std::vector<std::string_view>& send) const;
  template <typename T>
  Result<std::vector<T>> AllToAll(const std::vector<std::vector<T>>& send) const {
    static_assert(std::is_trivially_copyable_v<T>);
    std::vector<std::string_view> views;
    for (const auto& s : send)
      views.emplace_back(reinterpret_cast<const char*>(s.data()), s.size() * sizeof(T));
    QUIVER_ASSIGN_OR_RETURN(std::string bytes, AllToAllBytes(views));
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
  }

 private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
  int local_size_ = 1;
};

}  // namespace quiver::mpi
