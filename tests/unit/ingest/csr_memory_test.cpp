// The in-memory CSR build and its parallel file writer against storage's reference:
// BuildCsrInMemory + WriteCsrArrays must write, byte for byte, the relationship file that
// storage::BuildCsr + GenerationWriter::WriteRelationshipType writes for the same edges,
// with 4- and 8-byte node ids (the widening fills), over several 4 MiB chunks.
#include <gtest/gtest.h>

#include <random>

#include "ingest/csr_memory.h"
#include "storage/generation_writer.h"
#include "test_util/temp_dir.h"

namespace quiver::ingest {
namespace {

using quiver::testing::TempDir;

std::string FileBytes(const std::string& dir) {
  return *ReadFileToString(Env::Default(), dir + "/" + storage::RelationshipFileName(0));
}

TEST(CsrMemoryTest, ParallelWriteMatchesTheStorageReferenceAtBothNodeWidths) {
  constexpr uint64_t kNodes = 50000, kEdges = 600000;  // about 7.5 MB at 4-byte ids
  std::mt19937_64 rng(42);
  std::vector<uint64_t> src(kEdges), dst(kEdges);
  for (uint64_t i = 0; i < kEdges; ++i) {
    src[i] = rng() % kNodes;
    dst[i] = rng() % 7 == 0 ? src[i] : rng() % (kNodes / 10);  // self-loops, parallel edges, hubs
  }
  const storage::CsrArrays reference = storage::BuildCsr(kNodes, src, dst);
  TempDir dir;
  storage::DatabaseId id{};
  id.fill(3);
  for (uint32_t width : {4u, 8u}) {
    SCOPED_TRACE("node id width " + std::to_string(width));
    storage::GenerationWriter::Options o;
    o.min_node_id_width = width;
    const std::string want_dir = dir.Join("want" + std::to_string(width));
    const std::string got_dir = dir.Join("got" + std::to_string(width));
    ASSERT_TRUE(Env::Default()->CreateDirs(want_dir).ok());
    ASSERT_TRUE(Env::Default()->CreateDirs(got_dir).ok());
    storage::GenerationWriter want(Env::Default(), want_dir, id, 2, kNodes, o);
    ASSERT_TRUE(want.WriteRelationshipType(0, reference).ok());

    EdgeBlocks edges;
    RawVector<uint32_t> s(kEdges), d(kEdges);
    for (uint64_t i = 0; i < kEdges; ++i) s[i] = static_cast<uint32_t>(src[i]), d[i] = static_cast<uint32_t>(dst[i]);
    edges.Add(std::move(s), std::move(d));
    WorkerPool pool(3);
    const CsrArrays32 csr = BuildCsrInMemory(kNodes, &edges, false, 1 << 20, &pool);
    storage::GenerationWriter got(Env::Default(), got_dir, id, 2, kNodes, o);
    auto info = WriteCsrArrays(&got, 0, 0, csr, &pool);
    ASSERT_TRUE(info.ok()) << info.status().ToString();
    const std::string bytes = FileBytes(got_dir);
    EXPECT_GT(bytes.size(), storage::kDefaultParallelChunkBytes);  // two chunks or more
    EXPECT_EQ(info->size, bytes.size());
    EXPECT_TRUE(bytes == FileBytes(want_dir));
  }
}

}  // namespace
}  // namespace quiver::ingest
