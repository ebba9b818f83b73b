#pragma once
// Import files to their partitions (docs/scale-out.md, "Construction"): each rank reads
// its share of every file (input_share.h: a byte range of a CSV file, row groups of a
// Parquet file) as CSV rows, and sends each row as text, in bounded rounds, to the owner
// of its node (node files) or to the owners of both its ends (relationship files).
// Received rows are spooled as CSV files with the share's header, so the partition is
// built by the ordinary CSV import (ingest::ImportCsv) — with every value type, label and
// property it supports — plus a file of ghosts, whose existence on their owners is
// checked first. What the shares need of the files is input_share.h's.

#include <cstdint>
#include <string>
#include <vector>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
#include "input_share.h"
#include "partition_build.h"

namespace quiver::mpi {

class CsvShuffle {
 public:
  // Spool files go into spool_dir (created; removed with this object).
  CsvShuffle(const Comm& comm, std::string spool_dir, uint64_t budget);
  ~CsvShuffle();
  CsvShuffle(const CsvShuffle&) = delete;
  CsvShuffle& operator=(const CsvShuffle&) = delete;

  // Collective: every file's rounds, then the ghosts checked on their owners, then the
  // agreement.
  Status Run(const std::vector<std::string>& node_files, const std::vector<std::string>& relationship_files);
  // A PartitionFeed body: the spooled node files, the ghosts, the spooled relationships.
  Status Feed(ingest::ConstructionSession* session, PartitionEntry* entry) const;

  uint64_t rounds() const { return rounds_; }
  uint64_t input_bytes() const { return input_bytes_; }
  uint64_t bytes_sent() const { return bytes_sent_; }

 private:
  using Header = InputShare::Header;
  // One file: its rounds, each rank's received rows appended to spool. A rank whose
  // *local is an error (from here or an earlier file) takes part without sending; an
  // error returned is every rank's (a collective's).
  Status ShuffleFile(const std::string& path, ingest::FileKind kind, const std::string& spool, Status* local);
  // The keys of a received row: node id, or start and end.
  Status RowKeys(std::string_view row, const Header& h, const std::string& path, int64_t* a,
                 int64_t* b) const;
  // Each ghost's id is sent to its owner, which must have a node row with it.
  Status CheckGhosts(Status* local);

  const Comm& comm_;
  std::string spool_dir_;
  uint64_t budget_;
  ingest::CsvDialect dialect_;
  std::vector<std::string> node_spools_, relationship_spools_;
  std::string ghost_file_;
  std::string ghost_id_field_;    // the first node file's ID column, for the ghosts' file
  std::vector<uint64_t> owned_;   // ids of the node rows received
  std::vector<uint64_t> ghosts_;  // remote ends of the relationship rows received
  uint64_t ghosts_unique_ = 0;    // ghosts_'s size when last deduplicated
  uint64_t home_edges_ = 0, stored_edges_ = 0;
  uint64_t rounds_ = 0, input_bytes_ = 0, bytes_sent_ = 0;
};

}  // namespace quiver::mpi
