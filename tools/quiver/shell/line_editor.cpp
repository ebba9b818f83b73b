#include "shell/line_editor.h"

#include <editline/readline.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace quiver::cli::shell {

namespace {

// libedit's callbacks take no context: the one editor of the process.
LineEditor* g_editor = nullptr;

const char* const kKeywords[] = {
    "MATCH",   "OPTIONAL", "WHERE",  "RETURN", "WITH",     "UNWIND",  "CREATE",   "MERGE",    "DELETE",
    "DETACH",  "SET",      "REMOVE", "ORDER",  "BY",       "SKIP",    "LIMIT",    "DISTINCT", "AS",
    "AND",     "OR",       "XOR",    "NOT",    "IN",       "IS",      "NULL",     "TRUE",     "FALSE",
    "CALL",    "YIELD",    "UNION",  "ALL",    "EXISTS",   "CASE",    "WHEN",     "THEN",     "ELSE",
    "END",     "ASC",      "DESC",   "STARTS", "ENDS",     "CONTAINS", "EXPLAIN", "PROFILE",  "BEGIN",
    "COMMIT",  "ROLLBACK", "count",  "collect", "shortestPath", "allShortestPaths", "SHORTEST",
    "COUNT",   "COLLECT",  "LOAD",   "CSV",    "HEADERS",  "FROM",    "FIELDTERMINATOR", "TRANSACTIONS",
    "ROWS",    "SHOW",     "TERMINATE", "PROCEDURES", "FUNCTIONS", "DATABASES", "reduce", "btrim", "normalize"};

char* Generate(const char* text, int state) {
  static std::vector<std::string> matches;
  static size_t next = 0;
  if (state == 0) {
    matches = g_editor->Candidates(text);
    next = 0;
  }
  return next < matches.size() ? strdup(matches[next++].c_str()) : nullptr;
}

char** Complete(const char* text, int, int) {
  rl_attempted_completion_over = 1;  // no file names
  return rl_completion_matches(text, Generate);
}

int ReadChar(FILE*) { return g_editor->GetChar(); }

bool StartsWithIgnoringCase(const std::string& s, const std::string& prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

LineEditor::LineEditor(std::string history_path, Interrupts& interrupts)
    : history_path_(std::move(history_path)), interrupts_(interrupts) {
  g_editor = this;
  rl_catch_signals = 0;  // Ctrl-C is the shell's (interrupts.h), not libedit's
  rl_getc_function = ReadChar;
  rl_attempted_completion_function = Complete;
  rl_basic_word_break_characters = " \t\n()[]{},;:.=<>+-*/%^|'\"`$";
  rl_initialize();
  using_history();
  stifle_history(2000);
  read_history(history_path_.c_str());
}

LineEditor::~LineEditor() {
  write_history(history_path_.c_str());
  g_editor = nullptr;
}

std::vector<std::string> LineEditor::Candidates(const std::string& prefix) const {
  std::vector<std::string> out;
  for (const char* k : kKeywords) {
    if (StartsWithIgnoringCase(k, prefix)) out.emplace_back(k);
  }
  for (const auto& n : names_) {
    if (n.compare(0, prefix.size(), prefix) == 0) out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

int LineEditor::GetChar() {
  while (true) {
    pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {interrupts_.fd(), POLLIN, 0}};
    if (poll(fds, 2, -1) < 0) continue;
    if (fds[1].revents != 0 && interrupts_.Drain()) {
      interrupted_ = true;
      return EOF;  // ends the read; Read() tells it from Ctrl-D
    }
    if (fds[0].revents != 0) {
      unsigned char c = 0;
      const ssize_t n = read(STDIN_FILENO, &c, 1);
      if (n == 1) return c;
      if (n == 0) return EOF;
    }
  }
}

LineEditor::Outcome LineEditor::Read(const std::string& prompt, std::string& line) {
  interrupted_ = false;
  char* text = readline(prompt.c_str());
  if (interrupted_) {
    std::free(text);
    std::fputs("^C\n", stdout);
    return Outcome::kInterrupted;
  }
  if (text == nullptr) return Outcome::kEnd;
  line = text;
  std::free(text);
  return Outcome::kLine;
}

void LineEditor::Remember(const std::string& entry) {
  if (entry.find_first_not_of(" \t\n") == std::string::npos) return;
  add_history(entry.c_str());
}

}  // namespace quiver::cli::shell
