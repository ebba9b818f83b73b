#pragma once
// quiver.importCsv (import_csv.cpp).

#include <napi.h>

namespace quiver::node {

// (dbPath, {nodes, relationships, integerIds, skipBadRows, reportPath, replace, threads,
//  memoryBudget, delimiter, quote, arrayDelimiter}) => Promise<summary>
Napi::Value ImportCsvFunction(const Napi::CallbackInfo& info);

}  // namespace quiver::node
