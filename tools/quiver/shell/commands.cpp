// The shell's colon commands (:help lists them).

#include <fstream>
#include <iostream>
#include <sstream>

#include "shell/shell.h"

namespace quiver::cli::shell {

namespace {

// The first word of `line` after the colon, and the rest.
void SplitCommand(const std::string& line, std::string& name, std::string& rest) {
  const size_t space = line.find_first_of(" \t");
  name = line.substr(1, space == std::string::npos ? std::string::npos : space - 1);
  rest = space == std::string::npos ? "" : line.substr(line.find_first_not_of(" \t", space));
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == ';' || rest.back() == '\t')) rest.pop_back();
}

}  // namespace

void Shell::Help() {
  out() << "Statements end with ';' and may span lines. BEGIN, COMMIT and ROLLBACK open and end a\n"
           "transaction (the prompt shows quiver(tx)>). Ctrl-C cancels the running statement or the\n"
           "line being typed; Ctrl-D (or a second Ctrl-C at an empty prompt) leaves.\n\n"
           "  :help                   this text\n"
           "  :schema                 labels, relationship types and property keys, with counts\n"
           "  :mode NAME              output: " << kModeNames << "\n"
           "  :timing on|off          the time (and what changed) after each statement\n"
           "  :maxrows N              show at most N rows of a result (the rest are counted)\n"
           "  :width N|auto           the width tables fit (auto: the terminal's)\n"
           "  :output [FILE]          write results to FILE (append); no FILE: back to the screen\n"
           "  :read FILE              run the statements and commands of FILE\n"
           "  :param NAME => EXPR     set parameter $NAME to the value of a Cypher expression\n"
           "  :params [clear]         list (or clear) the parameters\n"
           "  :explain [STATEMENT]    the plan of STATEMENT (or the last one), without running it\n"
           "  :profile [STATEMENT]    run STATEMENT (or the last one): its result, then the plan with rows,\n"
           "                          time and db hits per operator\n"
           "  :quit                   leave (also :exit)\n";
}

namespace {

// `name` as a Cypher identifier in backticks (a backtick in it doubled).
std::string Quoted(std::string_view name) {
  std::string out = "`";
  for (char c : name) {
    if (c == '`') out += '`';
    out += c;
  }
  return out + "`";
}

}  // namespace

// Labels and relationship types come from the names in use (db.labels(), …) and the
// counts the store keeps, so they cost nothing on any graph; the property keys' counts
// need a pass over every node and relationship, which :schema says it takes.
void Shell::Schema() {
  RenderOptions options = render_;
  options.width = Width();
  if (options.mode == Mode::kJson || options.mode == Mode::kJsonl || options.mode == Mode::kCsv) {
    options.mode = Mode::kTable;
  }
  struct Counted {
    const char* title;
    const char* names;  // one column of names, sorted
    const char* column;
    std::string (*count)(std::string_view name);
  };
  const Counted counted[] = {
      {"Labels", "CALL db.labels() YIELD label RETURN label ORDER BY label", "nodes",
       [](std::string_view l) { return "MATCH (n:" + Quoted(l) + ") RETURN count(n)"; }},
      {"Relationship types", "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType",
       "relationships", [](std::string_view t) { return "MATCH ()-[r:" + Quoted(t) + "]->() RETURN count(r)"; }},
  };
  struct Scanned {
    const char* title;
    const char* query;
  };
  const Scanned scanned[] = {
      {"Node property keys (a pass over the nodes)",
       "MATCH (n) UNWIND keys(n) AS key RETURN key, count(*) AS nodes ORDER BY key"},
      {"Relationship property keys (a pass over the relationships)",
       "MATCH ()-[r]->() UNWIND keys(r) AS key RETURN key, count(*) AS relationships ORDER BY key"},
  };
  try {
    for (const Counted& part : counted) {
      out() << part.title << ":\n";
      QueryResult names = conn_->Query(part.names);
      std::vector<std::vector<Value>> rows;
      for (const auto& row : names.rows()) {
        QueryResult count = conn_->Query(part.count(row[0].AsString()));
        rows.push_back({row[0], count.rows().at(0).at(0)});
      }
      Render({names.columns().at(0), part.column}, rows, 0, options, out());
    }
    for (const Scanned& part : scanned) {
      out() << part.title << ":\n";
      QueryResult r = conn_->Query(part.query);
      Render(r.columns(), r.rows(), 0, options, out());
    }
  } catch (const QuiverError& e) {
    Error(std::string("error: ") + e.what());
  }
}

bool Shell::RunCommand(const std::string& line) {
  std::string name, rest;
  SplitCommand(line, name, rest);
  if (name == "help" || name == "h" || name == "?") {
    Help();
  } else if (name == "quit" || name == "exit" || name == "q") {
    quit_ = true;
  } else if (name == "schema") {
    Schema();
  } else if (name == "timing") {
    if (rest != "on" && rest != "off") {
      Error(":timing takes on or off");
      return false;
    }
    timing_ = rest == "on";
  } else if (name == "mode") {
    const std::optional<Mode> mode = ParseMode(rest);
    if (!mode) {
      Error(":mode takes one of " + std::string(kModeNames) + " (now " + std::string(ModeName(render_.mode)) + ")");
      return false;
    }
    render_.mode = *mode;
  } else if (name == "maxrows") {
    try {
      max_rows_ = std::stoull(rest);
    } catch (const std::exception&) {
      Error(":maxrows takes a number of rows");
      return false;
    }
  } else if (name == "width") {
    if (rest == "auto" || rest.empty()) {
      width_override_.reset();
    } else {
      try {
        width_override_ = std::stoull(rest);
      } catch (const std::exception&) {
        Error(":width takes a number of columns or auto");
        return false;
      }
    }
  } else if (name == "output") {
    if (rest.empty()) {
      output_file_.reset();
    } else {
      auto file = std::make_unique<std::ofstream>(rest, std::ios::app);
      if (!*file) {
        Error(":output: cannot write " + rest);
        return false;
      }
      output_file_ = std::move(file);
    }
  } else if (name == "read") {
    std::ifstream in(rest);
    if (!in) {
      Error(":read: cannot read " + rest);
      return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return RunScript(text.str());
  } else if (name == "param") {
    const size_t arrow = rest.find("=>");
    const size_t split = arrow != std::string::npos ? arrow : rest.find_first_of(" \t");
    if (split == std::string::npos || split == 0) {
      Error(":param takes NAME => EXPRESSION (e.g. :param limit => 10)");
      return false;
    }
    std::string key = rest.substr(0, split);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    if (!key.empty() && key[0] == '$') key.erase(0, 1);
    const std::string expression = rest.substr(split + (arrow != std::string::npos ? 2 : 1));
    try {
      QueryResult r = conn_->Query("RETURN " + expression, params_);
      params_.Set(key, r.rows().at(0).at(0));
    } catch (const QuiverError& e) {
      Error(std::string("error: ") + e.what());
      return false;
    }
  } else if (name == "params") {
    if (rest == "clear") {
      params_ = ValueMap();
    } else {
      for (const auto& [key, value] : params_) out() << "$" << key << " => " << CellText(value) << "\n";
    }
  } else if (name == "explain" || name == "profile") {
    const std::string statement = rest.empty() ? last_statement_ : rest;
    if (statement.empty()) {
      Error(":" + name + " needs a statement (none has run yet)");
      return false;
    }
    const std::string saved = last_statement_;
    const bool ok = RunStatement((name == "explain" ? "EXPLAIN " : "PROFILE ") + statement);
    last_statement_ = saved;
    return ok;
  } else {
    Error("unknown command :" + name + " (:help lists them)");
    return false;
  }
  return true;
}

}  // namespace quiver::cli::shell
