#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/file/checksum.h"
#include "common/file/env.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

TEST(PosixEnvTest, WriteReadMapRoundTrip) {
  testing::TempDir dir;
  Env* env = Env::Default();
  const std::string path = dir.Join("a.bin");
  {
    auto file = env->NewWritableFile(path);
    ASSERT_TRUE(file.ok()) << file.status().ToString();
    ASSERT_TRUE((*file)->Append("hello ").ok());
    ASSERT_TRUE((*file)->Append("world").ok());
    EXPECT_EQ((*file)->Size(), 11u);
    ASSERT_TRUE((*file)->Sync().ok());
  }
  EXPECT_EQ(*ReadFileToString(env, path), "hello world");
  auto mapped = env->MapReadOnly(path);
  ASSERT_TRUE(mapped.ok());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>((*mapped)->data()), (*mapped)->size()), "hello world");
  {
    auto file = env->OpenWritableFile(path);
    ASSERT_TRUE(file.ok());
    EXPECT_EQ((*file)->Size(), 11u);
    ASSERT_TRUE((*file)->Append("!").ok());
  }
  EXPECT_EQ(*env->FileSize(path), 12u);
  ASSERT_TRUE(env->TruncateFile(path, 5).ok());
  EXPECT_EQ(*ReadFileToString(env, path), "hello");
}

// The write log's pattern: reopen a file, preallocate zeros, fill them in place.
TEST(PosixEnvTest, ReopenAllocateAndWriteInPlace) {
  testing::TempDir dir;
  Env* env = Env::Default();
  const std::string path = dir.Join("segment");
  {
    auto file = env->NewWritableFile(path);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE((*file)->Append("HEAD").ok());
  }
  {
    auto file = env->OpenWritableFile(path);
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE((*file)->Allocate(16).ok());
    EXPECT_EQ((*file)->Size(), 16u);
    ASSERT_TRUE((*file)->Allocate(8).ok()) << "never shrinks";
    EXPECT_EQ((*file)->Size(), 16u);
    ASSERT_TRUE((*file)->WriteAt(4, "data").ok());
    ASSERT_TRUE((*file)->Append("!").ok()) << "appends at the end the allocation made";
    ASSERT_TRUE((*file)->Sync().ok());
  }
  EXPECT_EQ(*ReadFileToString(env, path), "HEADdata" + std::string(8, '\0') + "!");
}

TEST(PosixEnvTest, ErrorsNameOperationAndPath) {
  testing::TempDir dir;
  auto missing = Env::Default()->NewRandomAccessFile(dir.Join("nope"));
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(missing.status().IsNotFound());
  EXPECT_NE(missing.status().message().find("nope"), std::string::npos);
}

TEST(PosixEnvTest, DirectoriesAndAtomicWrite) {
  testing::TempDir dir;
  Env* env = Env::Default();
  const std::string sub = dir.Join("x/y");
  ASSERT_TRUE(env->CreateDirs(sub).ok());
  ASSERT_TRUE(WriteFileAtomically(env, sub + "/CURRENT", "gen-1\n").ok());
  ASSERT_TRUE(WriteFileAtomically(env, sub + "/CURRENT", "gen-2\n").ok());
  EXPECT_EQ(*ReadFileToString(env, sub + "/CURRENT"), "gen-2\n");
  auto names = env->ListDir(sub);
  ASSERT_TRUE(names.ok());
  EXPECT_EQ(*names, std::vector<std::string>{"CURRENT"});  // no temporary left behind
  EXPECT_TRUE(env->SyncDir(sub).ok());
  ASSERT_TRUE(env->RemoveDirRecursive(dir.Join("x")).ok());
  EXPECT_FALSE(*env->FileExists(sub));
}

TEST(PosixEnvTest, ExclusiveLockNamesHolderAcrossProcesses) {
  testing::TempDir dir;
  Env* env = Env::Default();
  const std::string lock_path = dir.Join("LOCK");
  auto lock = env->LockFile(lock_path, LockMode::kExclusive);
  ASSERT_TRUE(lock.ok());
  // flock conflicts between open file descriptions, so a child process must see it.
  pid_t child = ::fork();
  if (child == 0) {
    auto second = Env::Default()->LockFile(lock_path, LockMode::kExclusive);
    const bool named = !second.ok() && second.status().code() == StatusCode::kBusy &&
                       second.status().message().find("pid " + std::to_string(::getppid())) != std::string::npos;
    ::_exit(named ? 0 : 1);
  }
  int wstatus = 0;
  ::waitpid(child, &wstatus, 0);
  EXPECT_TRUE(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
  lock->reset();
  EXPECT_TRUE(env->LockFile(lock_path, LockMode::kExclusive).ok());
}

TEST(ChecksumTest, StreamingMatchesOneShot) {
  const std::string data = "the quick brown fox jumps over the lazy dog";
  StreamingChecksum sum(7);
  sum.Update(data.substr(0, 10));
  sum.Update(data.substr(10));
  EXPECT_EQ(sum.Digest(), Checksum64(data, 7));
  EXPECT_NE(Checksum64(data), Checksum64(data, 7));
  std::string flipped = data;
  flipped[3] ^= 1;
  EXPECT_NE(Checksum64(flipped), Checksum64(data));
}

}  // namespace
}  // namespace quiver
