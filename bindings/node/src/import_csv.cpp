// quiver.importCsv(dbPath, {nodes, relationships, ...options}): quiver::ImportCsv
// (quiver/import.h) on a thread of its own (docs/node.md, "Bulk import").
#include "import_csv.h"

#include "jobs.h"
#include "quiver/import.h"
#include "values.h"

namespace quiver::node {

namespace {

std::vector<std::string> SplitNames(const std::string& key) {
  std::vector<std::string> names;
  size_t start = 0;
  while (start <= key.size()) {
    const size_t end = std::min(key.find(':', start), key.size());
    if (end > start) names.push_back(key.substr(start, end - start));
    start = end + 1;
  }
  return names;
}

// {Label: 'file.csv' | ['header-and-rows.csv', 'more-rows.csv'], ...}: one source per key;
// a key names the labels (Person:Employee) or the relationship type ('' for none).
void ReadSources(Napi::Env env, Napi::Value value, ImportSource::Kind kind, std::vector<ImportSource>& sources) {
  if (value.IsUndefined() || value.IsNull()) return;
  if (!value.IsObject() || value.IsArray()) {
    throw Napi::TypeError::New(env, "importCsv: nodes and relationships are objects {name: file or [files]}");
  }
  auto object = value.As<Napi::Object>();
  Napi::Array keys = object.GetPropertyNames();
  for (uint32_t i = 0; i < keys.Length(); ++i) {
    const std::string key = keys.Get(i).ToString().Utf8Value();
    ImportSource source{kind, SplitNames(key), {}};
    Napi::Value files = object.Get(key);
    if (files.IsString()) {
      source.files.push_back(files.As<Napi::String>().Utf8Value());
    } else if (files.IsArray()) {
      auto array = files.As<Napi::Array>();
      for (uint32_t f = 0; f < array.Length(); ++f) source.files.push_back(array.Get(f).ToString().Utf8Value());
    }
    if (source.files.empty()) throw Napi::TypeError::New(env, "importCsv: '" + key + "' names no file");
    sources.push_back(std::move(source));
  }
}

char CharOption(Napi::Env env, Napi::Object options, const char* name, char absent) {
  Napi::Value value = options.Get(name);
  if (value.IsUndefined() || value.IsNull()) return absent;
  const std::string text = value.ToString().Utf8Value();
  if (text.size() != 1) throw Napi::TypeError::New(env, std::string("importCsv: ") + name + " must be one character");
  return text[0];
}

ImportOptions ReadOptions(Napi::Env env, Napi::Object options) {
  ImportOptions out;
  out.delimiter = CharOption(env, options, "delimiter", out.delimiter);
  out.quote = CharOption(env, options, "quote", out.quote);
  out.array_delimiter = CharOption(env, options, "arrayDelimiter", out.array_delimiter);
  out.integer_ids = options.Get("integerIds").ToBoolean();
  out.skip_bad_rows = options.Get("skipBadRows").ToBoolean();
  out.replace = options.Get("replace").ToBoolean();
  out.incremental = options.Get("incremental").ToBoolean();
  if (Napi::Value report = options.Get("reportPath"); !report.IsUndefined() && !report.IsNull()) {
    out.report_path = report.ToString().Utf8Value();
  }
  if (Napi::Value threads = options.Get("threads"); !threads.IsUndefined() && !threads.IsNull()) {
    out.threads = static_cast<uint32_t>(ToInteger(env, threads, "threads", 0, 1024));
  }
  if (Napi::Value budget = options.Get("memoryBudget"); !budget.IsUndefined() && !budget.IsNull()) {
    out.memory_budget = static_cast<uint64_t>(ToInteger(env, budget, "memoryBudget", 0, INT64_MAX));
  }
  return out;
}

}  // namespace

Napi::Object ImportSummaryObject(Napi::Env env, const ImportSummary& summary) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("nodes", UnsignedToJs(env, summary.nodes));
  out.Set("relationships", UnsignedToJs(env, summary.relationships));
  out.Set("badRows", UnsignedToJs(env, summary.bad_rows));
  out.Set("generation", UnsignedToJs(env, summary.generation));
  out.Set("seconds", Napi::Number::New(env, summary.seconds));
  return out;
}

Napi::Value ImportCsvFunction(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (!info[0].IsString()) throw Napi::TypeError::New(env, "importCsv: the database path must be a string");
  if (!info[1].IsObject()) throw Napi::TypeError::New(env, "importCsv: {nodes, relationships, ...} is missing");
  auto spec = info[1].As<Napi::Object>();
  std::vector<ImportSource> sources;
  ReadSources(env, spec.Get("nodes"), ImportSource::Kind::kNodes, sources);
  ReadSources(env, spec.Get("relationships"), ImportSource::Kind::kRelationships, sources);
  auto summary = std::make_shared<ImportSummary>();
  auto work = [path = info[0].As<Napi::String>().Utf8Value(), sources = std::move(sources),
               options = ReadOptions(env, spec), summary] { *summary = ImportCsv(path, sources, options); };
  auto result = [summary](Napi::Env env) -> Napi::Value { return ImportSummaryObject(env, *summary); };
  return RunDetached(env, std::make_unique<FunctionJob>(env, std::move(work), std::move(result)));
}

}  // namespace quiver::node
