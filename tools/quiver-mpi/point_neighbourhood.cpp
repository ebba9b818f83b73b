#include "point_neighbourhood.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "cypher/ast/ast_printer.h"
#include "manifest.h"
#include "quiver/error.h"
#include "value_wire.h"

namespace quiver::mpi {
namespace {

Result<Rows> Run(Database& db, const std::string& query, const ValueMap& params) {
  try {
    return db.Connect()->Query(query, params).rows();
  } catch (const QuiverError& e) {
    return Status::InvalidArgument(std::string("quiver-mpi query: the anchor's neighbourhood: ") + e.what());
  }
}

// " SET x.k1 = <source>.k1, x.k2 = …" over every key in order (an absent key reads null,
// which sets nothing), or each key to 0 without a source; "" without keys.
std::string SetInKeyOrder(const std::string& x, const std::string& source, const std::vector<std::string>& keys) {
  std::string out;
  for (size_t i = 0; i < keys.size(); ++i) {
    out += (i == 0 ? " SET " : ", ") + x + "." + keys[i] + " = " + (source.empty() ? "0" : source + "." + keys[i]);
  }
  return out;
}

// A vertex of the neighbourhood: its labels and properties (`id` among them).
struct Vertex {
  Value labels;
  Value properties;
};

// The anchor's rows (one per relationship, or one without when it has none): the
// anchor, the relationship and the far end as the partition holds them.
constexpr const char* kAnchorQuery =
    "MATCH (a) WHERE a.id = $anchor AND NOT a:QuiverGhost "
    "OPTIONAL MATCH (a)-[r]-(b) "
    "RETURN labels(a), properties(a), id(r), type(r), properties(r), startNode(r).id, endNode(r).id, b.id, "
    "b:QuiverGhost, labels(b), properties(b)";

// The vertices a rank owns among `ids`: id, labels, properties.
constexpr const char* kOwnedQuery =
    "MATCH (n) WHERE n.id IN $ids AND NOT n:QuiverGhost RETURN n.id, labels(n), properties(n)";

// ":`L1`:`L2`" for a labels list.
std::string LabelText(const Value& labels) {
  std::string out;
  for (const Value& l : labels.AsList()) out.append(":").append(cypher::QuoteSchemaName(l.AsString()));
  return out;
}

// The partition's tokens in id order (labels, relationship types, property keys): the
// neighbourhood registers them first, in that order, and sets every entity's properties
// in key order, so that keys() and labels() list them as the partition, and one
// machine, do (an in-memory database lists keys in the order they were set).
constexpr const char* kTokenQueries[] = {"CALL db.labels() YIELD label RETURN label",
                                         "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType",
                                         "CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey"};

struct Tokens {
  std::string register_statement;  // one node of every label, a loop of every type, every key set; then deleted
  std::vector<std::string> keys;   // quoted, in id order
};

Result<Tokens> PartitionTokens(Database& partition) {
  std::vector<std::string> names[3];
  for (int k = 0; k < 3; ++k) {
    QUIVER_ASSIGN_OR_RETURN(Rows rows, Run(partition, kTokenQueries[k], {}));
    for (const auto& row : rows) names[k].push_back(cypher::QuoteSchemaName(row[0].AsString()));
  }
  Tokens t;
  t.register_statement = "CREATE (t";
  for (const std::string& label : names[0]) t.register_statement += ":" + label;
  t.register_statement += ")";
  for (const std::string& type : names[1]) t.register_statement += " CREATE (t)-[:" + type + "]->(t)";
  t.register_statement += SetInKeyOrder("t", "", names[2]) + " WITH t DETACH DELETE t";
  t.keys = std::move(names[2]);
  return t;
}

// The in-memory database of the vertices and relationships: the partition's tokens
// registered in order, vertices created a label set at a time under a temporary label
// indexed on `id`, relationships a type at a time between them, then the temporary
// label removed.
Result<std::unique_ptr<Database>> Build(const Tokens& tokens, const std::map<int64_t, Vertex>& vertices,
                                        const std::map<int64_t, std::vector<Value>>& relationships) {
  auto db = Database::OpenInMemory();
  try {
    auto c = db->Connect();
    c->Query(tokens.register_statement);
    c->Query("CREATE INDEX quiver_neighbourhood_id FOR (n:QuiverNeighbourhood) ON (n.id)");
    std::map<std::string, std::vector<Value>> by_labels;
    for (const auto& [id, v] : vertices) by_labels[LabelText(v.labels)].push_back(v.properties);
    for (auto& [labels, rows] : by_labels) {
      ValueMap p;
      p.Set("rows", Value::List(std::move(rows)));
      c->Query("UNWIND $rows AS row CREATE (n:QuiverNeighbourhood" + labels + ")" + SetInKeyOrder("n", "row", tokens.keys),
               p);
    }
    std::map<std::string, std::vector<Value>> by_type;
    for (const auto& [id, r] : relationships) by_type[std::string(r[0].AsString())].push_back(Value::List(r));
    for (auto& [type, rows] : by_type) {
      ValueMap p;
      p.Set("rows", Value::List(std::move(rows)));
      c->Query("UNWIND $rows AS row MATCH (s:QuiverNeighbourhood {id: row[2]}) MATCH (e:QuiverNeighbourhood {id: "
               "row[3]}) CREATE (s)-[r:" + cypher::QuoteSchemaName(type) + "]->(e)" +
                   SetInKeyOrder("r", "row[1]", tokens.keys),
               p);
    }
    c->Query("MATCH (n:QuiverNeighbourhood) REMOVE n:QuiverNeighbourhood");
  } catch (const QuiverError& e) {
    return Status::Aborted(std::string("quiver-mpi query: building the anchor's neighbourhood: ") + e.what());
  }
  return db;
}

}  // namespace

Result<std::unique_ptr<Database>> GatherNeighbourhood(Database& partition, int64_t anchor, int owner,
                                                     const Comm& comm) {
  const auto ranks = static_cast<uint32_t>(comm.size());
  const bool is_owner = comm.rank() == owner;
  std::map<int64_t, Vertex> vertices;
  std::map<int64_t, std::vector<Value>> relationships;  // id(r) -> [type, properties, start id, end id]
  std::vector<std::vector<int64_t>> asks(ranks);         // ghosts' ids, by owner
  Status local;
  if (is_owner) {
    ValueMap p;
    p.Set("anchor", Value::Int(anchor));
    auto rows = Run(partition, kAnchorQuery, p);
    if (rows.ok()) {
      std::set<int64_t> asked;
      for (const auto& row : *rows) {
        vertices[anchor] = {row[0], row[1]};
        if (row[2].IsNull()) continue;  // no relationship
        relationships[row[2].AsInt()] = {row[3], row[4], row[5], row[6]};
        const int64_t far = row[7].AsInt();
        if (!row[8].AsBool()) {
          vertices[far] = {row[9], row[10]};
        } else if (asked.insert(far).second) {
          asks[OwnerOf(static_cast<uint64_t>(far), ranks)].push_back(far);
        }
      }
    }
    local = rows.status();
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(local, "the anchor's neighbourhood was not read"));
  QUIVER_ASSIGN_OR_RETURN(std::vector<int64_t> asked, comm.AllToAll(asks));
  // Every rank answers what it was asked; only the owner asked, so the answers go to it.
  std::string answer;
  if (!asked.empty()) {
    std::vector<Value> ids;
    for (int64_t id : asked) ids.push_back(Value::Int(id));
    ValueMap p;
    p.Set("ids", Value::List(std::move(ids)));
    auto rows = Run(partition, kOwnedQuery, p);
    auto bytes = rows.ok() ? EncodeRows(*rows) : Result<std::string>(rows.status());
    if (bytes.ok()) answer = std::move(*bytes);
    local = bytes.status();
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(local, "the far ends' owners did not answer"));
  std::vector<std::string_view> send(ranks);
  send[static_cast<size_t>(owner)] = answer;
  QUIVER_ASSIGN_OR_RETURN(std::string answers, comm.AllToAllBytes(send));
  if (!is_owner) return std::unique_ptr<Database>();
  Rows rows;
  QUIVER_RETURN_IF_ERROR(DecodeRows(answers, &rows));
  for (const auto& row : rows) vertices[row[0].AsInt()] = {row[1], row[2]};
  QUIVER_ASSIGN_OR_RETURN(const Tokens tokens, PartitionTokens(partition));
  return Build(tokens, vertices, relationships);
}

}  // namespace quiver::mpi
