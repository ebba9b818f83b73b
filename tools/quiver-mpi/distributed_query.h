#pragma once
// Which read queries `quiver-mpi query` runs over a partitioned database, and how
// (docs/scale-out.md, "Distributed queries"). The query is parsed with the engine's own
// parser and its AST inspected; what is not one of the shapes below is refused by name,
// never answered wrongly.
//
// The ownership rule: a match of the pattern is counted by the rank that owns its
// *anchor*, the pattern's first node. A partition holds every out- and in-edge of the
// vertices it owns, with their properties and the far end's global id (as a ghost when
// remote), so every match whose anchor is owned is found on that rank, whole, and on no
// other: the union over the ranks of the matches with a non-ghost anchor is exactly the
// single-machine set of matches. Either end of a one-hop pattern can be the anchor: a
// query that reads its second node beyond what a far end allows, and its first node no
// more than that, is planned with the pattern written from the other end
// ((a)-[r]->(b) as (b)<-[r]-(a)), so the node it reads is the one its rank owns.
//
// * Scan (every rank): `MATCH (a[:L] [{…}])[-[r[:T] [{…}]]-(b[:L2] [{id: …}])] [WHERE …]
//   RETURN [DISTINCT] items [ORDER BY …] [SKIP s] [LIMIT k]`, each item a grouping key
//   (no aggregate) or exactly count(*), count(x), sum(x), min(x), max(x) or avg(x),
//   each with or without DISTINCT. A match may read the anchor's labels and properties, the
//   relationship's type and properties, and the far end's `id` — its other properties
//   live on its owner and are refused; a label on the far end in the pattern is asked of
//   its owner in one round before the query (far_label_test). Each rank runs `partial`
//   on its partition — the anchor restricted to non-ghosts, each aggregate as its
//   partial (avg as sum and count), a DISTINCT aggregate's argument as one more
//   grouping key — and rank 0 runs `combine` over every rank's rows: the partials
//   summed (counts, sums), min'ed or max'ed per key, the DISTINCT aggregates over the
//   values gathered, then ORDER BY / SKIP / LIMIT.
// * Scan with a WITH: `MATCH … WITH <keys including the anchor or its id, aggregates>
//   [WHERE …] RETURN …`: each WITH group is complete on the anchor's owner, so the WITH
//   runs on each rank as written (any aggregate), and the RETURN is split as above.
// * Point (the owner of one vertex): the anchor pinned by `{id: X}` or `WHERE a.id = X`
//   (X an integer literal or parameter), the same pattern; the far end may be read like
//   the anchor (labels, properties, in the pattern or WHERE). The owner gathers the
//   anchor's one-hop neighbourhood — the anchor, its relationships, and each far end
//   whole, a ghost's labels and properties asked of its owner in one round — into an
//   in-memory database and runs the query unchanged there (point_neighbourhood.h);
//   rank 0 passes its rows on (`combine` only projects them).

#include <optional>
#include <string>
#include <string_view>

#include "quiver/status.h"

namespace quiver::mpi {

struct DistributedQuery {
  enum class Kind { kScan, kPoint };
  Kind kind = Kind::kScan;
  // Run on each rank's partition (kScan: every rank; kPoint: the anchor's owner).
  std::string partial;
  // Run by rank 0 on an empty in-memory database, the ranks' rows in the list parameter
  // kRowsParameter, the user's parameters beside it: the answer.
  std::string combine;
  // kPoint: the anchor's global id, as an integer literal or the parameter's name.
  std::optional<int64_t> anchor_id;
  std::string anchor_parameter;
  // The far end's label test when the pattern has one (`(b:L)`), as written after `n:`.
  // A ghost carries no labels, so before `partial` runs each rank asks the owners of its
  // ghosts which pass it, and passes their ids as kFarIdsParameter; `partial` tests a
  // ghost far end by that list and an owned one by its labels. Empty: no such round.
  std::string far_label_test;
};

inline constexpr std::string_view kFarIdsParameter = "quiver_far_ids";

inline constexpr std::string_view kRowsParameter = "quiver_partial_rows";

// InvalidArgument "quiver-mpi query: this query shape is not supported distributed
// (<why>): supported are …" for any other shape; InvalidArgument with the parser's
// message for a query that does not parse.
Result<DistributedQuery> PlanDistributedQuery(std::string_view query);

}  // namespace quiver::mpi
