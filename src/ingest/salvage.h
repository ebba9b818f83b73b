#pragma once
// SalvageDatabase: `quiver check DB --repair OUT`. Reads a damaged database as far as it
// can be read — the generation with the files that open (storage OpenOptions::salvage),
// every intact block of the rest, the write log up to its first damage — and builds what
// it reads into a new database at OUT through a construction session, in compaction
// order. Every fact it had to leave out is in the result's losses, counted and listed:
// a repair never loses anything silently. The damaged database is only read.
//
// What cannot be salvaged: a database whose MANIFEST, dictionary or labels file cannot
// be opened (nothing could be named); that is the error returned.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/file/env.h"
#include "ingest/construction_session.h"
#include "storage/txn/recovery.h"
#include "storage/txn/salvage_losses.h"

namespace quiver::ingest {

struct SalvageResult {
  std::unique_ptr<storage::SalvageLosses> losses = std::make_unique<storage::SalvageLosses>();
  storage::RecoveryReport log;      // how far the write log replayed
  uint64_t source_generation = 0;   // the damaged database's
  uint64_t nodes = 0;               // written to OUT
  uint64_t relationships = 0;
  uint64_t generation = 0;          // OUT's
};

// OUT must not exist (or be an empty directory).
Result<SalvageResult> SalvageDatabase(Env* env, const std::string& damaged, const std::string& out,
                                      SessionOptions options);

}  // namespace quiver::ingest
