#include "mpi_comm.h"

#include <limits>

namespace quiver::mpi {

MpiRuntime::MpiRuntime(int* argc, char*** argv) {
  MPI_Init(argc, argv);
}
MpiRuntime::~MpiRuntime() {
  MPI_Finalize();
}

Comm::Comm(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(comm_, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_free(&local);
}

Status Comm::Agree(const Status& local, std::string_view consequence) const {
  // The lowest failing rank, or size_ when none failed.
  int mine = local.ok() ? size_ : rank_;
  int first = size_;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm_);
  if (!local.ok()) return local;
  if (first == size_) return Status::OK();
  return Status::Aborted("rank " + std::to_string(first) + " failed; " + std::string(consequence));
}

uint64_t Comm::MaxU64(uint64_t v) const {
  uint64_t out = 0;
  MPI_Allreduce(&v, &out, 1, MPI_UINT64_T, MPI_MAX, comm_);
  return out;
}

uint64_t Comm::SumU64(uint64_t v) const {
  uint64_t out = 0;
  MPI_Allreduce(&v, &out, 1, MPI_UINT64_T, MPI_SUM, comm_);
  return out;
}

void Comm::SumU64s(std::vector<uint64_t>& v) const {
  MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_UINT64_T, MPI_SUM, comm_);
}

double Comm::MaxDouble(double v) const {
  double out = 0;
  MPI_Allreduce(&v, &out, 1, MPI_DOUBLE, MPI_MAX, comm_);
  return out;
}

void Comm::MaxBytes(std::vector<uint8_t>& v) const {
  MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_UINT8_T, MPI_MAX, comm_);
}

double Comm::SumDouble(double v) const {
  double out = 0;
  MPI_Allreduce(&v, &out, 1, MPI_DOUBLE, MPI_SUM, comm_);
  return out;
}

void Comm::BroadcastBytes(void* data, size_t bytes, int root) const {
  MPI_Bcast(data, static_cast<int>(bytes), MPI_BYTE, root, comm_);
}

std::vector<uint8_t> Comm::GatherBytes(const void* data, size_t bytes, int root) const {
  std::vector<uint8_t> out(rank_ == root ? bytes * size_ : 0);
  MPI_Gather(data, static_cast<int>(bytes), MPI_BYTE, out.data(), static_cast<int>(bytes), MPI_BYTE, root,
             comm_);
  return out;
}

std::string Comm::GatherText(std::string_view data, int root) const {
  const int size = static_cast<int>(data.size());
  std::vector<int> sizes(rank_ == root ? size_ : 0), displs(sizes.size());
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, root, comm_);
  int64_t total = 0;
  for (size_t r = 0; r < sizes.size(); ++r) {
    displs[r] = static_cast<int>(total);
    total += sizes[r];
  }
  std::string out(static_cast<size_t>(total), '\0');
  MPI_Gatherv(data.data(), size, MPI_BYTE, out.data(), sizes.data(), displs.data(), MPI_BYTE, root, comm_);
  return out;
}

Result<std::string> Comm::AllToAllBytes(const std::vector<std::string_view>& send) const {
  std::vector<int> send_counts(size_), recv_counts(size_), send_displs(size_), recv_displs(size_);
  std::string flat;
  for (int r = 0; r < size_; ++r) {
    send_counts[r] = static_cast<int>(send[r].size());
    send_displs[r] = static_cast<int>(flat.size());
    flat.append(send[r]);
  }
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm_);
  int64_t received = 0;
  for (int r = 0; r < size_; ++r) {
    recv_displs[r] = static_cast<int>(received);
    received += recv_counts[r];
  }
  // MPI counts and displacements are ints. Senders bound a round; what one rank receives
  // is bounded only by the hash spreading rows evenly, so check it, on every rank alike.
  if (MaxU64(static_cast<uint64_t>(received)) > static_cast<uint64_t>(std::numeric_limits<int>::max())) {
    return Status::ResourceExhausted(
        "a shuffle round sends one rank more than 2 GiB; lower --shuffle-budget");
  }
  std::string out(static_cast<size_t>(received), '\0');
  MPI_Alltoallv(flat.data(), send_counts.data(), send_displs.data(), MPI_BYTE, out.data(), recv_counts.data(),
                recv_displs.data(), MPI_BYTE, comm_);
  return out;
}

}  // namespace quiver::mpi
