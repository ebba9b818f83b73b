// Helpers built on any Env, so they behave the same under fault injection.
#include "common/file/env.h"

#include <algorithm>

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

Result<uint64_t> CopyFile(Env* env, const std::string& from, const std::string& to) {
  QUIVER_ASSIGN_OR_RETURN(auto in, env->NewRandomAccessFile(from));
  QUIVER_ASSIGN_OR_RETURN(auto out, env->NewWritableFile(to));
  constexpr size_t kPiece = size_t{4} << 20;
  std::string buffer(kPiece, '\0');
  const uint64_t size = in->Size();
  for (uint64_t at = 0; at < size;) {
    QUIVER_ASSIGN_OR_RETURN(size_t n, in->ReadAt(at, static_cast<size_t>(std::min<uint64_t>(kPiece, size - at)),
                                                 buffer.data()));
    if (n == 0) return Status::IOError(from + ": shorter than its size while copying");
    QUIVER_RETURN_IF_ERROR(out->Append({buffer.data(), n}));
    at += n;
  }
  QUIVER_RETURN_IF_ERROR(out->Sync());
  QUIVER_RETURN_IF_ERROR(out->Close());
  return size;
}

Result<uint64_t> LinkOrCopyFile(Env* env, const std::string& from, const std::string& to) {
  Status linked = env->LinkFile(from, to);
  if (linked.ok()) return uint64_t{0};
  if (linked.code() != StatusCode::kNotSupported) return linked;
  return CopyFile(env, from, to);
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
