#include "main/prepared_plan.h"

#include <cctype>

#include "common/utf8.h"
#include "common/value/value_utf8.h"
#include "cypher/parser.h"
#include "main/catalog.h"
#include "main/store_statistics.h"
#include "planner/binder.h"
#include "planner/cardinality.h"
#include "planner/optimizer.h"
#include "storage/schema_catalog.h"

namespace quiver::main {

namespace {

// Strips a leading EXPLAIN or PROFILE keyword (the parser knows neither).
StatementMode TakeMode(std::string_view& text) {
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  for (auto [word, mode] : {std::pair{std::string_view("EXPLAIN"), StatementMode::kExplain},
                            std::pair{std::string_view("PROFILE"), StatementMode::kProfile}}) {
    if (text.size() < i + word.size() + 1) continue;
    bool match = true;
    for (size_t k = 0; k < word.size(); ++k) {
      if (std::toupper(static_cast<unsigned char>(text[i + k])) != word[k]) match = false;
    }
    if (match && std::isspace(static_cast<unsigned char>(text[i + word.size()]))) {
      text.remove_prefix(i + word.size());
      return mode;
    }
  }
  return StatementMode::kRun;
}

// The token names of the graph a statement is compiled on.
class GraphTokens final : public planner::KnownTokens {
 public:
  explicit GraphTokens(const GraphReader& graph) : graph_(graph) {}
  bool HasLabel(std::string_view name) const override { return graph_.FindLabel(name).has_value(); }
  bool HasRelType(std::string_view name) const override { return graph_.FindRelType(name).has_value(); }
  bool HasPropertyKey(std::string_view name) const override { return graph_.FindPropertyKey(name).has_value(); }

 private:
  const GraphReader& graph_;
};

}  // namespace

std::vector<Notification> PreparedPlan::notifications() const {
  std::vector<Notification> out;
  for (const auto& token : unknown_tokens) out.push_back(token.warning);
  return out;
}

void CheckParameterText(const ValueMap& parameters) {
  for (const auto& [name, value] : parameters) {
    if (size_t bad = FindInvalidUtf8(name); bad != std::string_view::npos) {
      throw ArgumentError("InvalidEncoding",
                          "a parameter name is not valid UTF-8: " + DescribeInvalidUtf8Byte(name, bad) +
                              " at byte " + std::to_string(bad),
                          ErrorPhase::kCompileTime);
    }
    if (auto bad = FindInvalidUtf8Text(value)) {
      throw ArgumentError("InvalidEncoding",
                          "parameter $" + name + bad->path + " is not valid UTF-8: " + bad->byte + " at byte " +
                              std::to_string(bad->offset),
                          ErrorPhase::kCompileTime);
    }
  }
}

ColumnType ToColumnType(planner::StaticType type) {
  switch (type) {
    case planner::StaticType::kNull: return ColumnType::kNull;
    case planner::StaticType::kBool: return ColumnType::kBoolean;
    case planner::StaticType::kInt: return ColumnType::kInteger;
    case planner::StaticType::kFloat: return ColumnType::kFloat;
    case planner::StaticType::kString: return ColumnType::kString;
    case planner::StaticType::kList:
    case planner::StaticType::kRelationshipList: return ColumnType::kList;
    case planner::StaticType::kMap: return ColumnType::kMap;
    case planner::StaticType::kNode: return ColumnType::kNode;
    case planner::StaticType::kRelationship: return ColumnType::kRelationship;
    case planner::StaticType::kPath: return ColumnType::kPath;
    case planner::StaticType::kAny: break;
  }
  return ColumnType::kAny;
}

namespace {

std::vector<std::string> OnlineIndexNames(const GraphReader& graph) {
  std::vector<std::string> out;
  for (const storage::IndexDefinition& index : graph.Schema().indexes()) {
    if (index.kind != storage::IndexKind::kLookup && graph.IndexOnline(index)) out.push_back(index.name);
  }
  return out;
}

}  // namespace

bool PreparedPlan::Fits(const ValueMap& parameters, const GraphReader& graph) const {
  for (const auto& [name, type] : parameter_types) {
    const Value* value = parameters.Find(name);
    // A missing parameter is reported by binding again, with the binder's error.
    if (value == nullptr || planner::StaticTypeOf(*value) != type) return false;
  }
  // The counts the plan was made from are not checked: they chose only where patterns
  // start (and EXPLAIN's estimates), a speed choice, so a plan made when the graph was
  // smaller or shaped otherwise still computes the right rows. Seeks are different: a
  // NodeSeek needs its index to exist.
  for (const std::string& key : plan.seek_keys) {
    auto id = graph.FindPropertyKey(key);
    if (!id || !graph.HasNodeKeyIndex(*id)) return false;
  }
  if (OnlineIndexNames(graph) != online_indexes) return false;
  const GraphTokens tokens(graph);
  for (const auto& token : unknown_tokens) {
    if (planner::IsKnown(tokens, token.kind, token.name)) return false;
  }
  return true;
}

void CheckUseDatabase(const PreparedPlan& plan, std::string_view database) {
  const std::string& used = plan.statement->use_database;
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  if (used.empty() || lower(used) == lower(database)) return;
  throw ClientError("DatabaseNotFound", "Database does not exist. Database name: '" + used +
                                            "' (this session's database is '" + std::string(database) + "')");
}

std::shared_ptr<const PreparedPlan> CompilePlan(std::string_view text, const ValueMap& parameters,
                                               const exec::ProcedureTable& procedures, const GraphReader* graph) {
  auto prepared = std::make_shared<PreparedPlan>();
  const std::string_view given = text;
  prepared->mode = TakeMode(text);
  prepared->text = std::string(text);
  // The AST and the plan keep views of the text: both refer to prepared->text.
  prepared->statement = cypher::ParseStatement(prepared->text);
  CheckParameterText(parameters);
  EngineCatalog catalog(procedures);
  auto statistics = StatisticsOf(graph);
  prepared->plan = planner::Bind(*prepared->statement, prepared->text, catalog, parameters, *statistics);
  planner::Optimize(prepared->plan, catalog, graph);
  planner::EstimateRows(prepared->plan, *statistics);
  for (const auto& [name, value] : parameters) prepared->parameter_types.emplace_back(name, planner::StaticTypeOf(value));
  const auto& root = prepared->plan.root->As<planner::LogicalProduceResults>();
  prepared->columns = root.columns;
  for (planner::StaticType t : root.column_types) prepared->column_types.push_back(ToColumnType(t));
  prepared->column_types.resize(prepared->columns.size(), ColumnType::kAny);
  if (graph != nullptr) {
    prepared->online_indexes = OnlineIndexNames(*graph);
    // Found in the text without EXPLAIN/PROFILE; positioned in the text as given.
    prepared->unknown_tokens = planner::FindUnknownTokens(*prepared->statement, given, GraphTokens(*graph),
                                                          static_cast<uint32_t>(given.size() - text.size()));
  }
  return prepared;
}

}  // namespace quiver::main
