#pragma once
// CSV files to their partitions (docs/scale-out.md, "Construction"): each rank reads the
// byte range [r·size/P, (r+1)·size/P) of every file, from the first row that starts in
// it (the header is the file's first line, read by every rank), and sends each row as
// text, in bounded rounds, to the owner of its node (node files) or to the owners of
// both its ends (relationship files). Received rows are spooled as CSV files with the
// original header, so the partition is built by the ordinary CSV import
// (ingest::ImportCsv) — with every value type, label and property it supports — plus a
// file of ghosts, whose existence on their owners is checked first.
//
// What the byte-range cut needs: rows without newlines inside quoted fields, plain (not
// gzip) files, and integer ids in the one default ID space (the global vertex id is the
// id). Each is a named error.

#include <cstdint>
#include <string>
#include <vector>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
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
  struct Header {
    ingest::CsvHeader parsed;
    std::string id_field;  // the header text of a node file's ID column
    uint64_t bytes = 0;    // the header row with its newline
    std::string text;      // the header row with its newline
  };
  Result<Header> ReadHeader(const RandomAccessFile& file, ingest::FileKind kind) const;
  // The first row start at or after pos (pos itself when a row starts there).
  Result<uint64_t> AlignToRow(const RandomAccessFile& file, uint64_t pos, const Header& h) const;
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
