// FaultInjectionEnv over real files: op counting, crashes, sync failures, what power loss
// keeps, and — at the end — the crash-point sweep that later crash tests copy.
#include "common/file/fault_injection_env.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "test_util/power_loss.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using ::testing::AnyOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const Status& StatusOf(const Status& status) {
  return status;
}
template <typename T>
const Status& StatusOf(const Result<T>& result) {
  return result.status();
}
// ASSERT_OK(status or result) << "why": prints the Status when it is not OK.
template <typename T>
::testing::AssertionResult IsOk(const char* expr, const T& value) {
  if (StatusOf(value).ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << " returned " << StatusOf(value).ToString();
}
#define ASSERT_OK(expr) ASSERT_PRED_FORMAT1(IsOk, expr)

// What a path holds on disk, read past the env under test; nullopt when absent.
std::optional<std::string> DiskContents(const std::string& path) {
  auto bytes = ReadFileToString(Env::Default(), path);
  if (!bytes.ok()) return std::nullopt;
  return *bytes;
}

class FaultInjectionEnvTest : public ::testing::Test {
 protected:
  // Creates a file through the env under test and appends each chunk; syncs after the first
  // `synced_chunks` of them. Returns the open file for further appends.
  std::unique_ptr<WritableFile> Create(const std::string& name, std::vector<std::string_view> chunks = {},
                                       size_t synced_chunks = 0) {
    auto file = env_.NewWritableFile(dir_.Join(name));
    EXPECT_TRUE(file.ok()) << file.status().ToString();
    if (!file.ok()) return nullptr;
    for (size_t i = 0; i < chunks.size(); ++i) {
      EXPECT_TRUE((*file)->Append(chunks[i]).ok());
      if (i + 1 == synced_chunks) {
        EXPECT_TRUE((*file)->Sync().ok());
      }
    }
    return std::move(*file);
  }
  // A file that exists durably before the test: written past the env under test.
  void Preexisting(const std::string& name, std::string_view data) {
    ASSERT_OK(WriteFileAtomically(Env::Default(), dir_.Join(name), data));
  }
  std::optional<std::string> Contents(const std::string& name) const { return DiskContents(dir_.Join(name)); }
  std::vector<std::string> Names() const { return *Env::Default()->ListDir(dir_.path()); }

  testing::TempDir dir_;
  FaultInjectionEnv env_{Env::Default()};
};

// ---- counting and crashing ------------------------------------------------------------------

TEST_F(FaultInjectionEnvTest, CountsEveryMutatingOpAndNoRead) {
  const std::string a = dir_.Join("a");
  const std::string b = dir_.Join("b");
  auto file = env_.NewWritableFile(a);
  ASSERT_OK(file);
  EXPECT_EQ(env_.mutating_ops(), 1);
  ASSERT_OK((*file)->Append("xyz"));
  EXPECT_EQ(env_.mutating_ops(), 2);
  ASSERT_OK((*file)->Sync());
  EXPECT_EQ(env_.mutating_ops(), 3);
  ASSERT_OK((*file)->Close());
  EXPECT_EQ(env_.mutating_ops(), 3) << "Close is not a mutating op";

  ASSERT_OK(ReadFileToString(&env_, a));
  ASSERT_OK(env_.MapReadOnly(a));
  ASSERT_OK(env_.FileExists(a));
  ASSERT_OK(env_.FileSize(a));
  ASSERT_OK(env_.ListDir(dir_.path()));
  ASSERT_OK(env_.LockFile(dir_.Join("LOCK"), LockMode::kShared));
  EXPECT_EQ(env_.mutating_ops(), 3) << "reads and locks are not mutating ops";

  ASSERT_OK(env_.RenameFile(a, b));
  EXPECT_EQ(env_.mutating_ops(), 4);
  ASSERT_OK(env_.OpenWritableFile(b));
  EXPECT_EQ(env_.mutating_ops(), 5);
  ASSERT_OK(env_.TruncateFile(b, 1));
  EXPECT_EQ(env_.mutating_ops(), 6);
  ASSERT_OK(env_.CreateDirs(dir_.Join("sub/deeper")));
  EXPECT_EQ(env_.mutating_ops(), 7);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  EXPECT_EQ(env_.mutating_ops(), 8);
  ASSERT_OK(env_.RemoveFile(b));
  EXPECT_EQ(env_.mutating_ops(), 9);
  ASSERT_OK(env_.RemoveDirRecursive(dir_.Join("sub")));
  EXPECT_EQ(env_.mutating_ops(), 10);

  env_.Reset();
  EXPECT_EQ(env_.mutating_ops(), 0);
}

TEST_F(FaultInjectionEnvTest, CrashAfterNOpsFailsTheNextOpAndEveryLaterOneButReadsWork) {
  env_.SetCrashAfterOps(3);
  auto file = Create("a", {"hello", " world"});  // ops 1..3 succeed
  ASSERT_NE(file, nullptr);
  EXPECT_FALSE(env_.crashed());

  const Status sync = file->Sync();  // op 4: the crash
  EXPECT_TRUE(sync.IsIOError());
  EXPECT_THAT(sync.message(), HasSubstr("simulated crash"));
  EXPECT_TRUE(env_.crashed());

  EXPECT_TRUE(file->Append("!").IsIOError());
  EXPECT_TRUE(env_.NewWritableFile(dir_.Join("b")).status().IsIOError());
  EXPECT_TRUE(env_.RenameFile(dir_.Join("a"), dir_.Join("c")).IsIOError());
  EXPECT_TRUE(env_.RemoveFile(dir_.Join("a")).IsIOError());
  EXPECT_TRUE(env_.CreateDirs(dir_.Join("sub")).IsIOError());
  EXPECT_TRUE(env_.SyncDir(dir_.path()).IsIOError());
  EXPECT_THAT(Names(), ElementsAre("a")) << "a refused op must not reach the disk";

  // Reads still work and see what was written before the crash, as the page cache would.
  EXPECT_EQ(*ReadFileToString(&env_, dir_.Join("a")), "hello world");
  EXPECT_THAT(*env_.ListDir(dir_.path()), ElementsAre("a"));

  env_.Reset();  // a new boot
  EXPECT_FALSE(env_.crashed());
  ASSERT_OK(env_.NewWritableFile(dir_.Join("b")));
}

TEST_F(FaultInjectionEnvTest, CrashAfterZeroOpsFailsTheVeryNextOpAndMinusOneDisarms) {
  env_.SetCrashAfterOps(0);
  env_.SetCrashAfterOps(-1);
  ASSERT_OK(env_.CreateDirs(dir_.Join("x")));
  env_.SetCrashAfterOps(0);
  EXPECT_TRUE(env_.CreateDirs(dir_.Join("y")).IsIOError());
  EXPECT_TRUE(env_.crashed());
  env_.SetCrashAfterOps(-1);
  EXPECT_TRUE(env_.CreateDirs(dir_.Join("z")).IsIOError()) << "only Reset() ends a crash";
}

// ---- sync failures ----------------------------------------------------------------------------

TEST_F(FaultInjectionEnvTest, FailNextSyncFailsExactlyOneSync) {
  auto file = Create("a", {"data"});
  env_.FailNextSync();
  const Status failed = file->Sync();
  EXPECT_TRUE(failed.IsIOError());
  EXPECT_THAT(failed.message(), HasSubstr("simulated sync failure"));
  ASSERT_OK(file->Sync());
  ASSERT_OK(env_.SyncDir(dir_.path()));

  env_.FailNextSync();  // directories too
  EXPECT_TRUE(env_.SyncDir(dir_.path()).IsIOError());
  ASSERT_OK(env_.SyncDir(dir_.path()));
  ASSERT_OK(file->Sync());
  EXPECT_FALSE(env_.crashed()) << "a failed sync is not a crash";
}

TEST_F(FaultInjectionEnvTest, FailAllSyncsFailsEverySyncUntilCleared) {
  auto file = Create("a", {"data"});
  env_.SetFailAllSyncs(true);
  EXPECT_TRUE(file->Sync().IsIOError());
  EXPECT_TRUE(file->Sync().IsIOError());
  EXPECT_TRUE(env_.SyncDir(dir_.path()).IsIOError());
  ASSERT_OK(file->Append("more")) << "only syncs fail";
  env_.SetFailAllSyncs(false);
  ASSERT_OK(file->Sync());
  ASSERT_OK(env_.SyncDir(dir_.path()));
}

TEST_F(FaultInjectionEnvTest, DataUnsyncedWhenASyncFailedIsLostEvenIfALaterSyncSucceeds) {
  auto file = Create("log", {"kept"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  ASSERT_OK(file->Append("+lost"));
  env_.FailNextSync();
  ASSERT_FALSE(file->Sync().ok());
  // The fsyncgate mistake: retry, get OK, carry on as if the data were durable.
  ASSERT_OK(file->Sync());
  ASSERT_OK(file->Append("+after"));
  ASSERT_OK(file->Sync());
  ASSERT_OK(file->Close());
  ASSERT_OK(env_.DropUnsyncedData());
  // The dropped pages read back as what the disk held under them (nothing: zeros); what
  // was written and synced after them is there. A reader finds a hole, not a clean end.
  EXPECT_EQ(Contents("log"), std::string("kept") + std::string(5, '\0') + "+after");
}

// ---- what power loss keeps ----------------------------------------------------------------

TEST_F(FaultInjectionEnvTest, DropUnsyncedDataCutsEachFileToItsLastSync) {
  Preexisting("appended", "base");
  auto synced = Create("synced", {"durable", "+lost"}, 1);
  auto never_synced = Create("never_synced", {"all of it is lost"});
  auto appended = env_.OpenWritableFile(dir_.Join("appended"));
  ASSERT_OK(appended);
  ASSERT_OK((*appended)->Append("+lost"));
  ASSERT_OK(env_.SyncDir(dir_.path()));  // every name is durable; the data is another matter
  ASSERT_OK(synced->Append("+also lost"));
  synced.reset();
  never_synced.reset();
  appended->reset();

  EXPECT_EQ(Contents("synced"), "durable+lost+also lost") << "before power loss, all is there";
  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("synced"), "durable");
  EXPECT_EQ(Contents("never_synced"), "");
  EXPECT_EQ(Contents("appended"), "base") << "content the env never saw written is durable";
}

TEST_F(FaultInjectionEnvTest, DropUnsyncedDataRemovesNamesWhoseDirectoryWasNeverSynced) {
  Preexisting("old", "old");
  // A directory made durable in its parent, and a file made durable in it.
  ASSERT_OK(env_.CreateDirs(dir_.Join("kept")));
  ASSERT_OK(env_.SyncDir(dir_.path()));
  Create("kept/f", {"y"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.Join("kept")));
  Create("kept/g", {"z"}, 1);  // after the last sync of kept/

  // Names made after the last sync of the test directory.
  Create("new", {"synced data, unsynced name"}, 1);
  // A directory whose own entries were synced, but whose parent never was: all of it goes.
  ASSERT_OK(env_.CreateDirs(dir_.Join("lost/sub")));
  Create("lost/sub/f", {"x"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.Join("lost/sub")));
  ASSERT_OK(env_.SyncDir(dir_.Join("lost")));
  EXPECT_THAT(Names(), ElementsAre("kept", "lost", "new", "old"));

  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_THAT(Names(), ElementsAre("kept", "old"));
  EXPECT_EQ(Contents("old"), "old");
  EXPECT_EQ(Contents("kept/f"), "y");
  EXPECT_EQ(Contents("kept/g"), std::nullopt);
}

TEST_F(FaultInjectionEnvTest, RenamedDirectoryCarriesItsTrackingAlong) {
  // A durable directory renamed: the rename counts as durable, its files keep their state.
  ASSERT_OK(env_.CreateDirs(dir_.Join("gen-1")));
  ASSERT_OK(env_.SyncDir(dir_.path()));
  Create("gen-1/f", {"synced", "+unsynced"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.Join("gen-1")));
  ASSERT_OK(env_.RenameFile(dir_.Join("gen-1"), dir_.Join("old-gen")));
  // A directory never made durable stays lost under its new name.
  ASSERT_OK(env_.CreateDirs(dir_.Join("gen-2.tmp")));
  Create("gen-2.tmp/f", {"x"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.Join("gen-2.tmp")));
  ASSERT_OK(env_.RenameFile(dir_.Join("gen-2.tmp"), dir_.Join("gen-2")));

  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_THAT(Names(), ElementsAre("old-gen"));
  EXPECT_EQ(Contents("old-gen/f"), "synced");
}

TEST_F(FaultInjectionEnvTest, DropUnsyncedDataUndoesARenameNotFollowedBySyncDir) {
  Preexisting("CURRENT", "gen-1");
  Create("CURRENT.tmp", {"gen-2"}, 1);
  ASSERT_OK(env_.RenameFile(dir_.Join("CURRENT.tmp"), dir_.Join("CURRENT")));
  // A second publish over the first: power loss still goes back to the last synced state.
  Create("CURRENT.tmp", {"gen-3"}, 1);
  ASSERT_OK(env_.RenameFile(dir_.Join("CURRENT.tmp"), dir_.Join("CURRENT")));
  EXPECT_EQ(Contents("CURRENT"), "gen-3");

  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("CURRENT"), "gen-1");
  EXPECT_THAT(Names(), ElementsAre("CURRENT")) << "the temporary's creation is lost too";
}

TEST_F(FaultInjectionEnvTest, UndoneRenameGivesTheSourceNameBackWithItsDurableData) {
  Preexisting("a", "old");
  auto file = env_.OpenWritableFile(dir_.Join("a"));
  ASSERT_OK(file);
  ASSERT_OK((*file)->Append("+synced"));
  ASSERT_OK((*file)->Sync());
  ASSERT_OK(env_.RenameFile(dir_.Join("a"), dir_.Join("b")));
  ASSERT_OK((*file)->Append("+unsynced"));  // still the same file, under its new name
  file->reset();

  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_THAT(Names(), ElementsAre("a"));
  EXPECT_EQ(Contents("a"), "old+synced");
}

TEST_F(FaultInjectionEnvTest, DropUnsyncedDataKeepsARenameFollowedBySyncDir) {
  Preexisting("CURRENT", "gen-1");
  Create("CURRENT.tmp", {"gen-2"}, 1);
  ASSERT_OK(env_.RenameFile(dir_.Join("CURRENT.tmp"), dir_.Join("CURRENT")));
  ASSERT_OK(env_.SyncDir(dir_.path()));

  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("CURRENT"), "gen-2");
  EXPECT_THAT(Names(), ElementsAre("CURRENT"));
}

TEST_F(FaultInjectionEnvTest, RemovalIsDurableAtOnce) {
  Preexisting("old-generation", "bytes");
  Preexisting("a", "a");
  ASSERT_OK(env_.RemoveFile(dir_.Join("old-generation")));
  // A removed file does not come back under an earlier name either.
  ASSERT_OK(env_.RenameFile(dir_.Join("a"), dir_.Join("b")));
  ASSERT_OK(env_.RemoveFile(dir_.Join("b")));

  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_THAT(Names(), IsEmpty());
}

TEST_F(FaultInjectionEnvTest, TearingKeepsHalfOfTheLastUnsyncedAppend) {
  auto log = Create("log", {"AAAA", "BBBB", "CCCCCC"}, 1);
  auto synced = Create("synced", {"1234"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  log.reset();
  synced.reset();

  ASSERT_OK(env_.DropUnsyncedDataTearingLastWrite());
  EXPECT_EQ(Contents("log"), "AAAABBBBCCC") << "earlier unsynced appends whole, the last one torn";
  EXPECT_EQ(Contents("synced"), "1234") << "a fully synced file is not torn";
}

TEST_F(FaultInjectionEnvTest, DropWithoutTearingLosesEveryUnsyncedAppend) {
  auto log = Create("log", {"AAAA", "BBBB", "CCCCCC"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  log.reset();
  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("log"), "AAAA");
}

// The write log preallocates its segments and fills them in place: a synced Allocate
// keeps its zeros after power loss, writes into them are lost until synced.
TEST_F(FaultInjectionEnvTest, PreallocatedSpaceKeepsItsLengthAndLosesUnsyncedWritesIntoIt) {
  auto file = Create("segment", {"HEAD"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  ASSERT_OK(file->Allocate(16));
  ASSERT_OK(file->Sync());
  ASSERT_OK(file->WriteAt(4, "durable"));
  ASSERT_OK(file->Sync());
  ASSERT_OK(file->WriteAt(11, "lost"));
  ASSERT_OK(file->Allocate(32));  // never synced: the length goes back to 16
  file.reset();
  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("segment"), "HEADdurable" + std::string(5, '\0'));
}

// Recovery zeroes a torn tail in place: until that is synced, power loss gives the old
// bytes back.
TEST_F(FaultInjectionEnvTest, AnUnsyncedOverwriteOfDurableBytesIsUndoneByPowerLoss) {
  auto file = Create("segment", {"HEADgarbage"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  ASSERT_OK(file->WriteAt(4, std::string(7, '0')));
  EXPECT_EQ(Contents("segment"), "HEAD0000000");
  file.reset();
  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("segment"), "HEADgarbage");

  env_.Reset();
  file = nullptr;
  auto again = env_.OpenWritableFile(dir_.Join("segment"));
  ASSERT_OK(again);
  ASSERT_OK((*again)->WriteAt(4, std::string(7, '0')));
  ASSERT_OK((*again)->Sync());
  again->reset();
  ASSERT_OK(env_.DropUnsyncedData());
  EXPECT_EQ(Contents("segment"), "HEAD0000000") << "once synced, the overwrite stays";
}

TEST_F(FaultInjectionEnvTest, ReorderingKeepsSomeUnsyncedPagesAndNotOthersBySeed) {
  auto file = Create("log", {"S"}, 1);
  ASSERT_OK(env_.SyncDir(dir_.path()));
  ASSERT_OK(file->Allocate(4 * 4096));
  ASSERT_OK(file->Sync());
  const std::string pages(3 * 4096, 'x');
  ASSERT_OK(file->WriteAt(4096, pages));  // three pages in one unsynced write
  file.reset();
  std::set<std::string> outcomes;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    testing::TempDir copy;
    // Replay the same history in a fresh directory for each seed.
    FaultInjectionEnv env(Env::Default());
    auto f = env.NewWritableFile(copy.Join("log"));
    ASSERT_OK(f);
    ASSERT_OK((*f)->Append("S"));
    ASSERT_OK((*f)->Sync());
    ASSERT_OK(env.SyncDir(copy.path()));
    ASSERT_OK((*f)->Allocate(4 * 4096));
    ASSERT_OK((*f)->Sync());
    ASSERT_OK((*f)->WriteAt(4096, pages));
    f->reset();
    ASSERT_OK(env.DropUnsyncedDataReordering(seed));
    const auto bytes = DiskContents(copy.Join("log"));
    ASSERT_TRUE(bytes.has_value());
    ASSERT_EQ(bytes->size(), 4u * 4096) << "the synced length stays";
    std::string which;
    for (int page = 1; page <= 3; ++page) which += (*bytes)[page * 4096] == 'x' ? '1' : '0';
    outcomes.insert(which);
  }
  EXPECT_GE(outcomes.size(), 4u) << "pages survive independently of each other";
}

TEST_F(FaultInjectionEnvTest, AChosenOpFailsWithItsErrnoAndTheNextOnesRun) {
  auto file = Create("f");
  env_.FailOpAfter(1, EIO);
  ASSERT_OK(file->Append("a"));
  const Status failed = file->Append("b");
  EXPECT_EQ(failed.code(), StatusCode::kIOError) << failed.ToString();
  EXPECT_THAT(failed.message(), HasSubstr("simulated failure of append"));
  ASSERT_OK(file->Append("c"));
  EXPECT_EQ(Contents("f"), "ac") << "the failed op was not performed";
  env_.FailOpAfter(0, ENOSPC);
  EXPECT_EQ(file->Sync().code(), StatusCode::kResourceExhausted);
}

TEST_F(FaultInjectionEnvTest, AFullDiskWritesWhatFitsAndFailsWithENOSPC) {
  auto file = Create("f", {"12"}, 1);
  env_.SetSpaceLimit(5);
  const Status append = file->Append("abcdefgh");
  EXPECT_EQ(append.code(), StatusCode::kResourceExhausted) << append.ToString();
  EXPECT_THAT(append.message(), HasSubstr("No space left on device"));
  EXPECT_EQ(Contents("f"), "12abcde") << "write(2) writes what fits";
  EXPECT_EQ(file->Allocate(100).code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(file->Size(), 7u) << "a failed allocation allocates nothing";
  env_.SetSpaceLimit(std::nullopt);  // space returns
  ASSERT_OK(file->Allocate(100));
  EXPECT_EQ(file->Size(), 100u);
}

TEST_F(FaultInjectionEnvTest, ConcurrentWritersAreTrackedConsistently) {
  constexpr int kRecords = 50;
  const std::string kRecord = "record-";
  std::vector<std::unique_ptr<WritableFile>> files;
  files.push_back(Create("log-0"));
  files.push_back(Create("log-1"));
  ASSERT_OK(env_.SyncDir(dir_.path()));
  std::vector<std::thread> writers;
  for (auto& file : files) {
    writers.emplace_back([&file, &kRecord] {
      for (int i = 0; i < kRecords; ++i) {
        EXPECT_TRUE(file->Append(kRecord).ok());
        EXPECT_TRUE(file->Sync().ok());
      }
      EXPECT_TRUE(file->Append("unsynced tail").ok());
    });
  }
  for (auto& writer : writers) writer.join();
  files.clear();

  EXPECT_EQ(env_.mutating_ops(), 2 + 1 + 2 * (2 * kRecords + 1));
  ASSERT_OK(env_.DropUnsyncedData());
  std::string synced_records;
  for (int i = 0; i < kRecords; ++i) synced_records += kRecord;
  EXPECT_EQ(Contents("log-0"), synced_records);
  EXPECT_EQ(Contents("log-1"), synced_records);
}

// ---- the crash-point sweep: the model for crash tests ------------------------------------
//
// To show that an operation is crash-safe:
//  1. run it once without faults and count its mutating ops, N;
//  2. for every k in 0..N, start again from the same durable state, let the machine crash
//     after k ops, lose power, reboot, and check what recovery would see.
// k = N crashes after the last op, i.e. the operation completed. Both kinds of power loss
// (unsynced data dropped, or the last write torn) are swept.

using testing::LosePower;
using testing::PowerLoss;
using testing::PowerLossName;

using WriteFn = std::function<Status(Env*, const std::string& path, std::string_view data)>;

const std::string kOld = "generation 1\n";
const std::string kNew = "generation 2, which is longer\n";

struct AfterReboot {
  Status status;                       // what the interrupted write returned
  bool crashed = false;                // whether the crash point was reached
  std::optional<std::string> current;  // what CURRENT holds after power loss
  std::vector<std::string> names;      // what the directory holds after power loss
};

// In a fresh directory whose CURRENT durably holds kOld, writes kNew over it with `write`,
// the machine crashing after `crash_after` mutating ops (-1: never), then loses power.
// `ops` receives the number of mutating ops the write issued.
AfterReboot WriteCrashAndReboot(const WriteFn& write, int64_t crash_after, PowerLoss mode,
                                int64_t* ops = nullptr, std::optional<uint64_t> reorder_seed = std::nullopt) {
  testing::TempDir dir;
  const std::string current = dir.Join("CURRENT");
  EXPECT_TRUE(WriteFileAtomically(Env::Default(), current, kOld).ok());

  FaultInjectionEnv env(Env::Default());
  env.SetCrashAfterOps(crash_after);
  AfterReboot after;
  after.status = write(&env, current, kNew);
  after.crashed = env.crashed();
  if (ops != nullptr) *ops = env.mutating_ops();
  EXPECT_TRUE(LosePower(env, mode, reorder_seed.value_or(static_cast<uint64_t>(crash_after + 1))).ok());
  env.Reset();

  after.current = DiskContents(current);
  after.names = *env.ListDir(dir.path());
  return after;
}

int64_t CountMutatingOps(const WriteFn& write) {
  int64_t ops = 0;
  const AfterReboot clean = WriteCrashAndReboot(write, -1, PowerLoss::kDropUnsynced, &ops);
  EXPECT_TRUE(clean.status.ok()) << clean.status.ToString();
  return ops;
}

class CrashSweepTest : public ::testing::TestWithParam<PowerLoss> {};

TEST_P(CrashSweepTest, WriteFileAtomicallyLeavesWhollyOldOrWhollyNewAtEveryCrashPoint) {
  const int64_t n = CountMutatingOps(WriteFileAtomically);
  ASSERT_GE(n, 4) << "create temporary, append, sync, rename (, sync directory)";

  std::set<std::string> outcomes;
  for (int64_t k = 0; k <= n; ++k) {
    SCOPED_TRACE("crash after " + std::to_string(k) + " of " + std::to_string(n) + " mutating ops");
    const AfterReboot after = WriteCrashAndReboot(WriteFileAtomically, k, GetParam());
    EXPECT_EQ(after.crashed, k < n);
    ASSERT_TRUE(after.current.has_value()) << "CURRENT must never vanish";
    EXPECT_THAT(*after.current, AnyOf(kOld, kNew));
    if (after.status.ok()) {
      EXPECT_EQ(*after.current, kNew) << "an acknowledged write must survive";
    }
    EXPECT_THAT(after.names, ElementsAre("CURRENT")) << "no temporary survives a crash";
    outcomes.insert(*after.current);
  }
  EXPECT_EQ(outcomes, (std::set<std::string>{kOld, kNew})) << "the sweep reaches both sides";
}

// The sweep has teeth: the classic mistake of renaming a temporary into place without
// syncing its data first is caught at some crash point.
TEST_P(CrashSweepTest, SweepCatchesARenameOfUnsyncedData) {
  const WriteFn rename_without_sync = [](Env* env, const std::string& path, std::string_view data) -> Status {
    const std::string tmp = path + ".tmp";
    {
      QUIVER_ASSIGN_OR_RETURN(auto file, env->NewWritableFile(tmp));
      QUIVER_RETURN_IF_ERROR(file->Append(data));
      QUIVER_RETURN_IF_ERROR(file->Close());  // no Sync
    }
    QUIVER_RETURN_IF_ERROR(env->RenameFile(tmp, path));
    return env->SyncDir(ParentDir(path));
  };
  const int64_t n = CountMutatingOps(rename_without_sync);
  int acknowledged_but_lost = 0;
  for (int64_t k = 0; k <= n; ++k) {
    const AfterReboot after = WriteCrashAndReboot(rename_without_sync, k, GetParam());
    if (after.status.ok() && after.current != kNew) ++acknowledged_but_lost;
  }
  if (GetParam() != PowerLoss::kReorder) {
    EXPECT_EQ(acknowledged_but_lost, 1) << "the completed run (k = N) reports OK, yet loses the data";
    return;
  }
  // Reordered, the unsynced page may reach the disk by luck: some seeds lose it.
  int lost_with_some_seed = 0;
  for (uint64_t seed = 0; seed < 8; ++seed) {
    const AfterReboot after = WriteCrashAndReboot(rename_without_sync, n, GetParam(), nullptr, seed);
    if (after.status.ok() && after.current != kNew) ++lost_with_some_seed;
  }
  EXPECT_GT(lost_with_some_seed, 0) << "the completed run reports OK, yet can lose the data";
}

INSTANTIATE_TEST_SUITE_P(PowerLossModes, CrashSweepTest, ::testing::ValuesIn(testing::kAllPowerLosses),
                         [](const ::testing::TestParamInfo<PowerLoss>& info) { return PowerLossName(info.param); });

}  // namespace
}  // namespace quiver
