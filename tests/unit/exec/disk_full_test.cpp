// A commit that runs out of disk space, through the query engine: the statement fails with
// ResourceExhaustedError naming the cause (it used to end in InternalError
// "assertion failed: !finished_", the engine rolling back a transaction its failed commit
// had already spent), later writes fail the same way, reads keep working, and a reopen
// with space holds every statement that succeeded.

#include <gtest/gtest.h>

#include "common/file/fault_injection_env.h"
#include "main/query_engine.h"
#include "main/store_source.h"
#include "storage/checker.h"
#include "storage/txn/transactional_store.h"
#include "test_util/temp_dir.h"

namespace quiver::exec {
namespace {

using main::StoreSource;

int64_t CountNodes(main::GraphSource& source, const ProcedureTable& procedures) {
  return main::ExecuteQuery(source, procedures, "MATCH (n) RETURN count(n)", {}).rows().at(0).at(0).AsInt();
}

TEST(DiskFullTest, ACommitWithoutSpaceIsResourceExhaustedAndTheDatabaseStaysReadable) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  FaultInjectionEnv env(Env::Default());
  storage::StoreOptions options;
  auto store = storage::TransactionalStore::Open(&env, path, options);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  StoreSource source(**store);
  ProcedureTable procedures;
  env.SetSpaceLimit(0);
  int64_t succeeded = 0;
  bool failed = false;
  for (int i = 0; i < 1000 && !failed; ++i) {
    try {
      main::ExecuteQuery(source, procedures, "CREATE (:Step {i: $i, pad: $pad})",
                   ValueMap{{"i", Value::Int(i)}, {"pad", Value::String(std::string(1000, 'p'))}});
      ++succeeded;
    } catch (const ResourceExhaustedError& e) {
      failed = true;
      EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos) << e.what();
    }
  }
  ASSERT_TRUE(failed);
  ASSERT_GT(succeeded, 10);
  EXPECT_THROW(main::ExecuteQuery(source, procedures, "CREATE ()", {}), ResourceExhaustedError);
  EXPECT_EQ(CountNodes(source, procedures), succeeded) << "reads keep working";
  store->reset();
  env.Reset();  // space returns
  store = storage::TransactionalStore::Open(Env::Default(), path, options);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  StoreSource reopened(**store);
  EXPECT_EQ(CountNodes(reopened, procedures), succeeded);
  main::ExecuteQuery(reopened, procedures, "CREATE ()", {});
  EXPECT_EQ(CountNodes(reopened, procedures), succeeded + 1);
  store->reset();
  EXPECT_TRUE(storage::CheckDatabase(Env::Default(), path).ok());
}

}  // namespace
}  // namespace quiver::exec
