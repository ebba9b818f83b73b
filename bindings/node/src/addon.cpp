// The quiver.node module: what index.js builds the package on (docs/node.md).
//
//   NativeDatabase, NativeConnection   database.h, connection.h
//   importCsv(dbPath, spec)            import_csv.h
//   exportDatabase, importExported     data_export.h
//   setup({Date, ..., makeError})      index.js's classes, handed over once at load
//   isoString(temporal)                a quiver temporal value's ISO text, as the engine writes it
//   epochMillis(dateTime)              a quiver.DateTime's instant in milliseconds since 1970 (UTC)
#include <napi.h>

#include "addon_data.h"
#include "connection.h"
#include "data_export.h"
#include "database.h"
#include "import_csv.h"
#include "jobs.h"
#include "values.h"

namespace quiver::node {

namespace {

Napi::FunctionReference ClassReference(Napi::Object classes, const char* name) {
  Napi::Value value = classes.Get(name);
  if (!value.IsFunction()) throw Napi::TypeError::New(classes.Env(), std::string("setup: ") + name + " is missing");
  return Napi::Persistent(value.As<Napi::Function>());
}

void Setup(const Napi::CallbackInfo& info) {
  if (!info[0].IsObject()) throw Napi::TypeError::New(info.Env(), "setup: the classes are missing");
  auto classes = info[0].As<Napi::Object>();
  AddonData& data = AddonData::Get(info.Env());
  data.date = ClassReference(classes, "Date");
  data.local_time = ClassReference(classes, "LocalTime");
  data.time = ClassReference(classes, "Time");
  data.local_date_time = ClassReference(classes, "LocalDateTime");
  data.date_time = ClassReference(classes, "DateTime");
  data.duration = ClassReference(classes, "Duration");
  data.make_error = ClassReference(classes, "makeError");
}

Value TemporalArgument(const Napi::CallbackInfo& info) {
  if (!info[0].IsObject() || !IsTemporalObject(info.Env(), info[0].As<Napi::Object>())) {
    throw Napi::TypeError::New(info.Env(), "not a quiver temporal value");
  }
  return TemporalToValue(info.Env(), info[0].As<Napi::Object>());
}

Napi::Value EpochMillis(const Napi::CallbackInfo& info) {
  const Value value = TemporalArgument(info);
  if (!value.IsDateTime()) throw Napi::TypeError::New(info.Env(), "not a quiver.DateTime");
  const DateTimeValue& v = value.AsDateTime();
  return Napi::Number::New(info.Env(), static_cast<double>(v.seconds) * 1000 + v.nanos / 1'000'000);
}

Napi::Value IsoString(const Napi::CallbackInfo& info) {
  // The TCK notation of a temporal value is its ISO text in single quotes.
  const std::string quoted = ToTckString(TemporalArgument(info));
  return Napi::String::New(info.Env(), quoted.substr(1, quoted.size() - 2));
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  auto* data = new AddonData();
  env.SetInstanceData(data);
  data->object_prototype =
      Napi::Persistent(env.Global().Get("Object").As<Napi::Object>().Get("prototype").As<Napi::Object>());
  data->poster = Poster::Create(env);
  exports.Set("NativeDatabase", NativeDatabase::Define(env));
  exports.Set("NativeConnection", NativeConnection::Define(env));
  exports.Set("importCsv", Napi::Function::New<ImportCsvFunction>(env, "importCsv"));
  exports.Set("exportDatabase", Napi::Function::New<ExportDatabaseFunction>(env, "exportDatabase"));
  exports.Set("importExported", Napi::Function::New<ImportExportedFunction>(env, "importExported"));
  exports.Set("setup", Napi::Function::New<Setup>(env, "setup"));
  exports.Set("isoString", Napi::Function::New<IsoString>(env, "isoString"));
  exports.Set("epochMillis", Napi::Function::New<EpochMillis>(env, "epochMillis"));
  return exports;
}

}  // namespace

}  // namespace quiver::node

namespace {
Napi::Object InitQuiver(Napi::Env env, Napi::Object exports) {
  return quiver::node::Init(env, exports);
}
}  // namespace

NODE_API_MODULE(quiver, InitQuiver)
