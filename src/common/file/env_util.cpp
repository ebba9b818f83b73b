// Helpers built on any Env, so they behave the same under fault injection.
#include "common/file/env.h"

namespace quiver {

Status WritableFile::WriteAt(uint64_t, std::string_view) {
  return Status::NotSupported("positioned writes to " + path());
}

Status WritableFile::Allocate(uint64_t) {
  return Status::NotSupported("preallocation of " + path());
}

Status WritableFile::StartWriteback(uint64_t, uint64_t) { return Status::OK(); }

Status Env::LinkFile(const std::string& from, const std::string& to) {
  return Status::NotSupported("this Env has no hard links ('" + from + "' -> '" + to + "')");
}

Result<std::string> ReadFileToString(Env* env, const std::string& path) {
  QUIVER_ASSIGN_OR_RETURN(auto file, env->NewRandomAccessFile(path));
  std::string data(file->Size(), '\0');
  QUIVER_ASSIGN_OR_RETURN(size_t n, file->ReadAt(0, data.size(), data.data()));
  data.resize(n);
  return data;
}

Status WriteFileAtomically(Env* env, const std::string& path, std::string_view data) {
  const std::string tmp = path + ".tmp";
  {
    QUIVER_ASSIGN_OR_RETURN(auto file, env->NewWritableFile(tmp));
    QUIVER_RETURN_IF_ERROR(file->Append(data));
    QUIVER_RETURN_IF_ERROR(file->Sync());
    QUIVER_RETURN_IF_ERROR(file->Close());
  }
  QUIVER_RETURN_IF_ERROR(env->RenameFile(tmp, path));
  return env->SyncDir(ParentDir(path));
}

std::string JoinPath(std::string_view dir, std::string_view name) {
  std::string out(dir);
  if (!out.empty() && out.back() != '/') out.push_back('/');
  out.append(name);
  return out;
}

std::string ParentDir(std::string_view path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

}  // namespace quiver
