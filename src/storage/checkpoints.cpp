#include "storage/checkpoints.h"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>

#include "common/file/checksum.h"
#include "storage/section_file.h"

namespace quiver::storage {
namespace {

std::string ChecksumLine(std::string_view body) {
  char line[40];
  std::snprintf(line, sizeof line, "checksum %016" PRIx64 "\n", Checksum64(body));
  return line;
}

}  // namespace

Status CheckCheckpointName(std::string_view name) {
  const bool ok = !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  });
  if (ok) return Status::OK();
  return Status::InvalidArgument("checkpoint name '" + std::string(name) +
                                 "': use 1 to 64 letters, digits, '.', '_' or '-'");
}

Result<std::vector<Checkpoint>> ReadCheckpoints(Env* env, const std::string& db_path) {
  const std::string path = JoinPath(db_path, kCheckpointsFileName);
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(path));
  std::vector<Checkpoint> out;
  if (!exists) return out;
  QUIVER_ASSIGN_OR_RETURN(std::string text, ReadFileToString(env, path));
  const size_t last = text.rfind("checksum ");
  if (last == std::string::npos || (last != 0 && text[last - 1] != '\n') ||
      text.substr(last) != ChecksumLine(std::string_view(text).substr(0, last))) {
    return CorruptionAt(kCheckpointsFileName, last == std::string::npos ? 0 : last, "checksum mismatch");
  }
  size_t at = 0;
  while (at < last) {
    const size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    Checkpoint c;
    char name[65] = {};
    unsigned long long generation = 0;
    long long created = 0;
    if (std::sscanf(line.c_str(), "%llu %lld %64s", &generation, &created, name) != 3) {
      return CorruptionAt(kCheckpointsFileName, at, "a line that is not 'generation time name'");
    }
    c.generation = generation;
    c.created_unix_seconds = created;
    c.name = name;
    out.push_back(std::move(c));
    at = end + 1;
  }
  return out;
}

Status WriteCheckpoints(Env* env, const std::string& db_path, const std::vector<Checkpoint>& checkpoints) {
  const std::string path = JoinPath(db_path, kCheckpointsFileName);
  if (checkpoints.empty()) {
    QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(path));
    if (!exists) return Status::OK();
    QUIVER_RETURN_IF_ERROR(env->RemoveFile(path));
    return env->SyncDir(db_path);
  }
  std::string body;
  for (const Checkpoint& c : checkpoints) {
    QUIVER_RETURN_IF_ERROR(CheckCheckpointName(c.name));
    char line[128];
    std::snprintf(line, sizeof line, "%012" PRIu64 " %" PRId64 " %s\n", c.generation, c.created_unix_seconds,
                  c.name.c_str());
    body += line;
  }
  return WriteFileAtomically(env, path, body + ChecksumLine(body));
}

Result<Checkpoint> FindCheckpoint(Env* env, const std::string& db_path, std::string_view name) {
  QUIVER_ASSIGN_OR_RETURN(auto all, ReadCheckpoints(env, db_path));
  std::string names;
  for (const Checkpoint& c : all) {
    if (c.name == name) return c;
    names += (names.empty() ? "" : ", ") + c.name;
  }
  return Status::NotFound("no checkpoint named '" + std::string(name) + "' in " + db_path +
                          (names.empty() ? " (it has none)" : " (it has: " + names + ")"));
}

}  // namespace quiver::storage
