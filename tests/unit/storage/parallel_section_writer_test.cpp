// The positioned, multi-threaded section file writer must produce exactly the bytes of the
// streaming one, for any chunk size and thread count, and must fail cleanly (no hang, no
// durable file) when a write fails or a fill throws.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <stdexcept>
#include <thread>

#include "common/file/fault_injection_env.h"
#include "storage/parallel_section_writer.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

FileIdentity Identity() {
  FileIdentity id;
  id.kind = FileKind::kRelationshipType;
  id.database_id.fill(5);
  id.generation = 2;
  id.subject = 1;
  return id;
}

// A TaskRunner on `threads` threads that hand out tasks in increasing order, as the
// contract asks; it returns the lowest failed task's Status and rethrows an exception.
TaskRunner ThreadRunner(uint32_t threads) {
  return [threads](size_t tasks, const std::function<Status(size_t)>& task) -> Status {
    std::atomic<size_t> next{0};
    std::mutex mu;
    size_t failed_at = tasks;
    Status failure;
    std::exception_ptr thrown;
    auto loop = [&] {
      for (size_t i; (i = next.fetch_add(1)) < tasks;) {
        try {
          Status s = task(i);
          std::lock_guard lock(mu);
          if (!s.ok() && i < failed_at) failed_at = i, failure = s;
        } catch (...) {
          std::lock_guard lock(mu);
          if (!thrown) thrown = std::current_exception();
        }
      }
    };
    {
      std::vector<std::jthread> pool;
      for (uint32_t t = 1; t < threads; ++t) pool.emplace_back(loop);
      loop();
    }
    if (thrown) std::rethrow_exception(thrown);
    return failure;
  };
}

// The simplest TaskRunner: every task on the calling thread, in order.
Status RunTasksInline(size_t tasks, const std::function<Status(size_t)>& task) {
  for (size_t i = 0; i < tasks; ++i) QUIVER_RETURN_IF_ERROR(task(i));
  return Status::OK();
}

// Sections of assorted widths and sizes, including an empty one and ones that straddle
// 64 KiB blocks and chunks; the values are a function of (section, index).
struct Sample {
  std::vector<std::pair<uint32_t, uint64_t>> shapes;  // width, count
  static uint64_t Value(size_t section, uint64_t i) { return (i * 2654435761u) ^ (section * 977); }
};

Sample MakeSample(uint32_t seed) {
  std::mt19937 rng(seed);
  Sample s;
  const uint32_t widths[] = {1, 2, 4, 8, 16};
  const int sections = 1 + static_cast<int>(rng() % 5);
  for (int k = 0; k < sections; ++k) {
    const uint64_t count = rng() % 5 == 0 ? 0 : rng() % 90000;
    s.shapes.emplace_back(widths[rng() % 5], count);
  }
  return s;
}

// Distinct types, as a reader requires.
SectionType TypeOf(size_t k) {
  const SectionType types[] = {SectionType::kFwdOffsets, SectionType::kFwdTargets, SectionType::kRevOffsets,
                               SectionType::kRevSources, SectionType::kRevEdgePositions};
  return types[k];
}

void PutValue(uint64_t v, uint32_t width, char* out) {
  char bytes[16] = {};
  std::memcpy(bytes, &v, 8);
  std::memcpy(bytes + 8, &v, 8);
  std::memcpy(out, bytes, width);
}

std::string WriteStreaming(const std::string& path, const Sample& s) {
  auto w = SectionFileWriter::Create(Env::Default(), path, Identity());
  EXPECT_TRUE(w.ok());
  for (size_t k = 0; k < s.shapes.size(); ++k) {
    const auto [width, count] = s.shapes[k];
    EXPECT_TRUE((*w)->BeginSection(TypeOf(k), width).ok());
    std::string bytes(width * count, '\0');
    for (uint64_t i = 0; i < count; ++i) PutValue(Sample::Value(k, i), width, bytes.data() + i * width);
    EXPECT_TRUE((*w)->Append(bytes).ok());
    EXPECT_TRUE((*w)->EndSection().ok());
  }
  EXPECT_TRUE((*w)->Finish().ok());
  return *ReadFileToString(Env::Default(), path);
}

std::vector<SectionSource> Sources(const Sample& s) {
  std::vector<SectionSource> out;
  for (size_t k = 0; k < s.shapes.size(); ++k) {
    const auto [width, count] = s.shapes[k];
    out.push_back({TypeOf(k), width, count, [k, width = width](uint64_t first, uint64_t n, char* o) {
                     for (uint64_t i = 0; i < n; ++i) PutValue(Sample::Value(k, first + i), width, o + i * width);
                   }});
  }
  return out;
}

TEST(ParallelSectionWriterTest, SameBytesAsTheStreamingWriter) {
  quiver::testing::TempDir dir;
  for (uint32_t seed = 1; seed <= 12; ++seed) {
    const Sample sample = MakeSample(seed);
    const std::string expected = WriteStreaming(dir.path() + "/streamed", sample);
    const auto sources = Sources(sample);
    for (uint32_t threads : {1u, 2u, 5u}) {
      for (uint64_t chunk : {kBlockSize, 3 * kBlockSize, kDefaultParallelChunkBytes}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(threads) + " threads, chunk " +
                     std::to_string(chunk));
        const std::string path = dir.path() + "/parallel";
        auto info = WriteSectionFileInParallel(Env::Default(), path, Identity(), sources, ThreadRunner(threads), chunk);
        ASSERT_TRUE(info.ok()) << info.status().ToString();
        const std::string got = *ReadFileToString(Env::Default(), path);
        ASSERT_EQ(got.size(), expected.size());
        ASSERT_TRUE(got == expected);
        EXPECT_EQ(info->size, got.size());
        EXPECT_EQ(info->checksum, Checksum64(got));
        EXPECT_EQ(info->name, "parallel");
        // And the reader accepts it, body checksum and block table included.
        auto parsed = SectionFile::Parse({reinterpret_cast<const std::byte*>(got.data()), got.size()}, "parallel",
                                         ExpectedIdentity{FileKind::kRelationshipType, std::nullopt, std::nullopt, std::nullopt});
        ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
        EXPECT_TRUE(parsed->VerifyBody().ok());
      }
    }
  }
}

TEST(ParallelSectionWriterTest, InlineRunnerWritesTheSameFile) {
  quiver::testing::TempDir dir;
  const Sample sample = MakeSample(99);
  const std::string expected = WriteStreaming(dir.path() + "/streamed", sample);
  auto info = WriteSectionFileInParallel(Env::Default(), dir.path() + "/inline", Identity(), Sources(sample),
                                         RunTasksInline, kBlockSize);
  ASSERT_TRUE(info.ok());
  EXPECT_TRUE(*ReadFileToString(Env::Default(), dir.path() + "/inline") == expected);
}

// Large enough for many chunks at 64 KiB.
Sample BigSample() {
  Sample s;
  s.shapes = {{8, 200000}, {4, 100000}};
  return s;
}

TEST(ParallelSectionWriterTest, AFailedWriteFailsTheFileWithoutHangingAndNothingIsDurable) {
  quiver::testing::TempDir dir;
  const auto sources = Sources(BigSample());
  for (int64_t crash_after : {1, 4, 9, 20}) {  // op 0 creates the file; then chunk writes
    FaultInjectionEnv env(Env::Default());
    env.SetCrashAfterOps(crash_after);
    const std::string path = dir.path() + "/crashed";
    auto info = WriteSectionFileInParallel(&env, path, Identity(), sources, ThreadRunner(4), kBlockSize);
    ASSERT_FALSE(info.ok());
    ASSERT_TRUE(env.DropUnsyncedData().ok());
    // Never synced: power loss leaves no file (its name was never made durable either).
    EXPECT_FALSE(*Env::Default()->FileExists(path));
  }
}

TEST(ParallelSectionWriterTest, AFillThatThrowsReachesTheCallerWithoutHanging) {
  quiver::testing::TempDir dir;
  auto sources = Sources(BigSample());
  std::atomic<int> calls{0};
  auto inner = sources[0].fill;
  sources[0].fill = [&](uint64_t first, uint64_t n, char* out) {
    if (calls.fetch_add(1) == 3) throw std::runtime_error("fill failed");
    inner(first, n, out);
  };
  EXPECT_THROW((void)WriteSectionFileInParallel(Env::Default(), dir.path() + "/thrown", Identity(), sources,
                                                ThreadRunner(4), kBlockSize),
               std::runtime_error);
}

}  // namespace
}  // namespace quiver::storage
