#include "shell/shell.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "shell/interrupts.h"
#include "index_progress.h"
#include "shell/line_editor.h"
#include "statements.h"

namespace quiver::cli::shell {

namespace {

using Clock = std::chrono::steady_clock;

std::string Trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string Elapsed(Clock::duration d) {
  const double ms = std::chrono::duration<double, std::milli>(d).count();
  std::ostringstream out;
  out << std::fixed << std::setprecision(ms < 10 ? 3 : ms < 1000 ? 1 : 0) << ms << " ms";
  return out.str();
}

std::string HistoryPath(const std::string& given) {
  if (!given.empty()) return given;
  const char* home = std::getenv("HOME");
  return std::string(home != nullptr ? home : ".") + "/.quiver_history";
}

}  // namespace

Shell::Shell(ShellOptions options) : options_(std::move(options)), stdout_(&std::cout) {
  interactive_ = options_.commands.empty() && ::isatty(STDIN_FILENO) != 0;
  terminal_out_ = ::isatty(STDOUT_FILENO) != 0;
  timing_ = interactive_;
  render_.mode = terminal_out_ ? Mode::kBox : Mode::kTable;
  if (const char* lang = std::getenv("LANG"); terminal_out_ && (lang == nullptr || !std::strstr(lang, "UTF-8"))) {
    render_.mode = Mode::kTable;  // a terminal without UTF-8: ASCII lines
  }
}

Shell::~Shell() = default;

size_t Shell::Width() const {
  if (width_override_) return *width_override_;
  if (!terminal_out_) return 0;  // not a terminal: never cut
  winsize ws{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

void Shell::Error(const std::string& message) {
  ++errors_;
  std::cerr << message << "\n";
}

int Shell::Run() {
  try {
    DatabaseOptions o;
    o.import_directory = options_.import_dir;
    if (options_.db.empty()) {
      db_ = Database::OpenInMemory(o);
    } else {
      o.read_only = options_.read_only;
      o.create_if_missing = options_.create;
      o.index_build_progress = IndexBuildProgressOnStderr();
      db_ = Database::Open(options_.db, o);
    }
  } catch (const QuiverError& e) {
    std::cerr << "quiver shell: " << e.what()
              << (e.detail() == "NotFound" ? "; to make a new database there, add --create" : "") << "\n";
    return 1;
  }
  conn_ = db_->Connect();
  if (interactive_) return Interactive();
  std::string script;
  if (!options_.commands.empty()) {
    for (const auto& c : options_.commands) script += c + "\n;\n";
  } else {
    std::ostringstream in;
    in << std::cin.rdbuf();
    script = in.str();
  }
  const bool ok = RunScript(script);
  if (conn_->InTransaction()) {
    conn_->Rollback();
    std::cerr << "an open transaction was rolled back at the end of the input\n";
  }
  return ok && errors_ == 0 ? 0 : 1;
}

bool Shell::RunScript(const std::string& text) {
  // Colon commands are lines of their own (where no statement is pending); everything
  // else is Cypher, run as each `;` completes a statement.
  std::string pending;
  std::istringstream lines(text);
  std::string line;
  auto run = [&](const std::vector<std::string>& statements) {
    for (const std::string& statement : statements) {
      if (!RunInput(statement) && !options_.keep_going) return false;
      if (quit_) return true;
    }
    return true;
  };
  while (std::getline(lines, line)) {
    if (Trim(pending).empty() && !Trim(line).empty() && Trim(line)[0] == ':') {
      pending.clear();
      if (!RunCommand(Trim(line)) && !options_.keep_going) return false;
      if (quit_) return true;
      continue;
    }
    pending += line + "\n";
    std::vector<std::string> complete;
    TakeCompleteStatements(pending, complete);
    if (!run(complete)) return false;
    if (quit_) return true;
  }
  return run(SplitStatements(pending));  // the last statement needs no `;`
}

int Shell::Interactive() {
  Interrupts interrupts;
  LineEditor editor(HistoryPath(options_.history_path), interrupts);
  std::cout << "Quiver shell — " << (options_.db.empty() ? "an in-memory database" : options_.db)
            << (options_.read_only ? " (read-only)" : "")
            << ". Statements end with ';'. :help for commands, Ctrl-D to leave.\n";
  std::string buffer;
  bool interrupted_at_empty = false;
  auto refresh_names = [&] {
    std::vector<std::string> names = {":help", ":schema", ":timing", ":mode", ":output", ":read", ":param",
                                      ":params", ":explain", ":profile", ":maxrows", ":width", ":quit"};
    try {
      // The names in use, from what the store keeps: no pass over the graph.
      for (const char* q : {"CALL db.labels()", "CALL db.relationshipTypes()", "CALL db.propertyKeys()"}) {
        QueryResult result = conn_->Query(q);  // the rows live as long as their result
        for (const auto& row : result.rows()) {
          if (row[0].IsString()) names.emplace_back(row[0].AsString());
        }
      }
    } catch (const QuiverError&) {
      // Completion is a convenience: a failure to list names is no failure of the shell.
    }
    editor.SetNames(std::move(names));
  };
  refresh_names();
  while (!quit_) {
    std::string line;
    const LineEditor::Outcome outcome = editor.Read(Prompt(!buffer.empty()), line);
    if (outcome == LineEditor::Outcome::kEnd) {
      std::cout << "\n";
      break;
    }
    if (outcome == LineEditor::Outcome::kInterrupted) {
      if (buffer.empty() && interrupted_at_empty) break;  // a second Ctrl-C at an empty prompt
      interrupted_at_empty = buffer.empty();
      buffer.clear();
      continue;
    }
    interrupted_at_empty = false;
    if (buffer.empty() && !Trim(line).empty() && Trim(line)[0] == ':') {
      editor.Remember(line);
      RunCommand(Trim(line));
      continue;
    }
    buffer += line + "\n";
    std::vector<std::string> complete;
    const std::string typed = buffer;
    TakeCompleteStatements(buffer, complete);
    if (complete.empty()) continue;
    if (Trim(buffer).empty()) buffer.clear();  // only the line's end after the `;`
    editor.Remember(Trim(typed.substr(0, typed.size() - buffer.size())));
    for (const std::string& statement : complete) {
      interrupts.Watch([this] { conn_->Cancel(); });
      RunInput(statement);
      interrupts.StopWatching();
      if (quit_) break;
    }
    refresh_names();
  }
  if (conn_->InTransaction()) {
    conn_->Rollback();
    std::cout << "The open transaction was rolled back.\n";
  }
  return 0;
}

std::string Shell::Prompt(bool continuation) const {
  if (continuation) return "   ...> ";
  return conn_ && conn_->InTransaction() ? "quiver(tx)> " : "quiver> ";
}

bool Shell::RunInput(const std::string& text) {
  const std::string t = Trim(text);
  if (t.empty()) return true;
  if (t[0] == ':') return RunCommand(t);
  return RunStatement(t);
}

bool Shell::Transaction(const std::string& word) {
  try {
    if (word == "BEGIN") {
      conn_->Begin(options_.read_only ? TransactionMode::kReadOnly : TransactionMode::kReadWrite);
      out() << "Transaction open: statements see their own writes; COMMIT or ROLLBACK ends it.\n";
    } else if (word == "COMMIT") {
      conn_->Commit();
      out() << "Committed.\n";
    } else {
      conn_->Rollback();
      out() << "Rolled back.\n";
    }
    return true;
  } catch (const QuiverError& e) {
    Error(std::string("error: ") + e.what());
    return false;
  }
}

bool Shell::RunStatement(std::string text) {
  const std::string word = Upper(text);
  if (word == "BEGIN" || word == "BEGIN TRANSACTION" || word == "COMMIT" || word == "ROLLBACK") {
    return Transaction(word.substr(0, word.find(' ')));
  }
  last_statement_ = text;
  const Clock::time_point started = Clock::now();
  try {
    QueryResult result = conn_->Query(text, params_);
    PrintResult(result, Clock::now() - started);
    return true;
  } catch (const QuiverError& e) {
    Error(std::string("error: ") + e.what());
    return false;
  }
}

void Shell::PrintResult(QueryResult& result, Clock::duration until_first) {
  const Clock::time_point started = Clock::now();
  std::vector<std::vector<Value>> rows;
  uint64_t more = 0;
  while (result.Next()) {
    if (rows.size() < max_rows_) {
      rows.push_back(result.row());
    } else {
      ++more;  // counted, not kept: a big result costs no memory here
    }
  }
  const QuerySummary& summary = result.summary();
  for (const Notification& n : summary.notifications) std::cerr << FormatNotification(n) << "\n";
  // EXPLAIN: the plan alone (it has no rows). PROFILE: its rows, then the plan.
  const bool explain = summary.plan != nullptr && !summary.plan->profiled;
  if (!explain && !result.columns().empty()) {
    RenderOptions options = render_;
    options.width = Width();
    Render(result.columns(), rows, more, options, out());
  }
  if (summary.plan != nullptr) out() << FormatPlan(*summary.plan);
  std::string note;
  if (summary.counters.ContainsUpdates()) note = summary.counters.ToString();
  if (timing_) note += (note.empty() ? "" : ", ") + Elapsed(until_first + (Clock::now() - started));
  if (!note.empty()) (interactive_ ? std::cout : std::cerr) << "(" << note << ")\n";
  out().flush();
}

}  // namespace quiver::cli::shell
