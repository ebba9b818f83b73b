// quiver.exportDatabase(dbPath, directory, options) and quiver.importExported(dbPath,
// directory, options): quiver::ExportDatabase and quiver::ImportExported
// (quiver/data_export.h) on a thread of their own (docs/node.md, "Export").
#include "data_export.h"

#include "import_csv.h"
#include "jobs.h"
#include "quiver/data_export.h"
#include "values.h"

namespace quiver::node {
namespace {

// The (dbPath, directory, options?) every call takes; options {} when absent.
Napi::Object Arguments(const Napi::CallbackInfo& info, const char* name, std::string* db, std::string* dir) {
  Napi::Env env = info.Env();
  if (!info[0].IsString() || !info[1].IsString()) {
    throw Napi::TypeError::New(env, std::string(name) + ": the database path and the directory must be strings");
  }
  *db = info[0].As<Napi::String>().Utf8Value();
  *dir = info[1].As<Napi::String>().Utf8Value();
  if (info[2].IsUndefined() || info[2].IsNull()) return Napi::Object::New(env);
  if (!info[2].IsObject()) throw Napi::TypeError::New(env, std::string(name) + ": the options must be an object");
  return info[2].As<Napi::Object>();
}

uint32_t Threads(Napi::Env env, Napi::Object options) {
  Napi::Value threads = options.Get("threads");
  if (threads.IsUndefined() || threads.IsNull()) return 0;
  return static_cast<uint32_t>(ToInteger(env, threads, "threads", 0, 1024));
}

std::string StringOption(Napi::Object options, const char* name, std::string absent) {
  Napi::Value value = options.Get(name);
  return value.IsUndefined() || value.IsNull() ? absent : value.ToString().Utf8Value();
}

}  // namespace

Napi::Value ExportDatabaseFunction(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string db, dir;
  Napi::Object given = Arguments(info, "exportDatabase", &db, &dir);
  ExportOptions options;
  options.format = StringOption(given, "format", "csv");
  options.codec = StringOption(given, "codec", "zstd");
  options.at_checkpoint = StringOption(given, "atCheckpoint", "");
  options.threads = Threads(env, given);
  auto summary = std::make_shared<ExportSummary>();
  auto work = [db, dir, options, summary] { *summary = ExportDatabase(db, dir, options); };
  auto result = [summary](Napi::Env env) -> Napi::Value {
    Napi::Object out = Napi::Object::New(env);
    out.Set("nodes", UnsignedToJs(env, summary->nodes));
    out.Set("relationships", UnsignedToJs(env, summary->relationships));
    out.Set("generation", UnsignedToJs(env, summary->generation));
    out.Set("sequence", UnsignedToJs(env, summary->sequence));
    out.Set("bytes", UnsignedToJs(env, summary->bytes));
    Napi::Array files = Napi::Array::New(env, summary->files.size());
    for (uint32_t i = 0; i < summary->files.size(); ++i) files.Set(i, Napi::String::New(env, summary->files[i]));
    out.Set("files", files);
    out.Set("seconds", Napi::Number::New(env, summary->seconds));
    return out;
  };
  return RunDetached(env, std::make_unique<FunctionJob>(env, std::move(work), std::move(result)));
}

Napi::Value ImportExportedFunction(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string db, dir;
  Napi::Object given = Arguments(info, "importExported", &db, &dir);
  ImportOptions options;
  options.skip_bad_rows = given.Get("skipBadRows").ToBoolean();
  options.report_path = StringOption(given, "reportPath", "");
  options.threads = Threads(env, given);
  auto summary = std::make_shared<ImportSummary>();
  auto work = [db, dir, options, summary] { *summary = ImportExported(db, dir, options); };
  auto result = [summary](Napi::Env env) -> Napi::Value { return ImportSummaryObject(env, *summary); };
  return RunDetached(env, std::make_unique<FunctionJob>(env, std::move(work), std::move(result)));
}

}  // namespace quiver::node
