#pragma once
// quiver.exportDatabase and quiver.importExported (data_export.cpp).

#include <napi.h>

namespace quiver::node {

// (dbPath, directory, {format, codec, atCheckpoint, threads}) => Promise<summary>
Napi::Value ExportDatabaseFunction(const Napi::CallbackInfo& info);
// (dbPath, directory, {skipBadRows, reportPath, threads}) => Promise<summary>
Napi::Value ImportExportedFunction(const Napi::CallbackInfo& info);

}  // namespace quiver::node
