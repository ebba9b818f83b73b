#pragma once
// quiver.importCsv (import_csv.cpp).

#include <napi.h>

#include "quiver/import.h"

namespace quiver::node {

// (dbPath, {nodes, relationships, integerIds, skipBadRows, reportPath, replace, threads,
//  memoryBudget, delimiter, quote, arrayDelimiter}) => Promise<summary>
Napi::Value ImportCsvFunction(const Napi::CallbackInfo& info);

// {nodes, relationships, badRows, generation, seconds}: what importCsv resolves with.
Napi::Object ImportSummaryObject(Napi::Env env, const ImportSummary& summary);

}  // namespace quiver::node
