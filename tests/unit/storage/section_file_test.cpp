#include <gtest/gtest.h>

#include <cstring>

#include "storage/section_file.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

FileIdentity Identity() {
  FileIdentity id;
  id.kind = FileKind::kRelationshipType;
  id.database_id.fill(7);
  id.generation = 3;
  id.subject = 9;
  return id;
}

ExpectedIdentity Expected() { return {FileKind::kRelationshipType, Identity().database_id, 3, 9}; }

std::span<const std::byte> Bytes(const std::string& s) { return {reinterpret_cast<const std::byte*>(s.data()), s.size()}; }

// A file with a small section and one spanning several 64 KiB blocks.
std::string WriteSample(const std::string& path, FileInfo* info = nullptr) {
  auto w = SectionFileWriter::Create(Env::Default(), path, Identity());
  EXPECT_TRUE(w.ok());
  EXPECT_TRUE((*w)->AddSection(SectionType::kFwdOffsets, 4, std::string("\x01\x00\x00\x00\x02\x00\x00\x00", 8)).ok());
  EXPECT_TRUE((*w)->BeginSection(SectionType::kFwdTargets, 8).ok());
  for (uint64_t i = 0; i < 30000; ++i) EXPECT_TRUE((*w)->AppendUInt(i * 3, 8).ok());
  EXPECT_TRUE((*w)->EndSection().ok());
  auto fi = (*w)->Finish();
  EXPECT_TRUE(fi.ok());
  if (info != nullptr) *info = *fi;
  return *ReadFileToString(Env::Default(), path);
}

TEST(SectionFileTest, SectionsAreAlignedAndReadBack) {
  quiver::testing::TempDir dir;
  FileInfo info;
  const std::string bytes = WriteSample(dir.Join("f.qv"), &info);
  EXPECT_EQ(info.size, bytes.size());
  EXPECT_EQ(info.checksum, Checksum64(bytes));
  EXPECT_EQ(info.name, "f.qv");
  auto f = SectionFile::Parse(Bytes(bytes), "f.qv", Expected());
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  auto s = f->Get(SectionType::kFwdOffsets, 4, 2);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->offset, 64u);
  EXPECT_EQ(s->uints()[1], 2u);
  auto t = f->Get(SectionType::kFwdTargets, 8, 30000);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->offset % 64, 0u);
  EXPECT_EQ(t->uints()[29999], 29999u * 3);
  EXPECT_TRUE(f->VerifyBody().ok());
  EXPECT_TRUE(f->Get(SectionType::kFwdTargets, 4).status().IsCorruption());   // wrong width
  EXPECT_TRUE(f->Get(SectionType::kRevSources, 4).status().IsCorruption());   // missing
}

TEST(SectionFileTest, IdentityMismatchesAreCorruption) {
  quiver::testing::TempDir dir;
  const std::string bytes = WriteSample(dir.Join("f.qv"));
  ExpectedIdentity e = Expected();
  e.kind = FileKind::kNodeLabels;
  EXPECT_TRUE(SectionFile::Parse(Bytes(bytes), "f", e).status().IsCorruption());
  e = Expected();
  e.database_id->fill(8);
  EXPECT_NE(SectionFile::Parse(Bytes(bytes), "f", e).status().message().find("another database"), std::string::npos);
  e = Expected();
  e.generation = 4;
  EXPECT_TRUE(SectionFile::Parse(Bytes(bytes), "f", e).status().IsCorruption());
}

TEST(SectionFileTest, NewerFormatVersionIsNotSupportedWithAClearMessage) {
  quiver::testing::TempDir dir;
  std::string bytes = WriteSample(dir.Join("f.qv"));
  const uint32_t v = kFormatVersion + 1;
  std::memcpy(bytes.data() + 8, &v, 4);
  // Without a matching header checksum it is a damaged version field, not a newer file.
  EXPECT_TRUE(SectionFile::Parse(Bytes(bytes), "f.qv", Expected()).status().IsCorruption());
  const uint64_t checksum = Checksum64(bytes.data(), 56);
  std::memcpy(bytes.data() + 56, &checksum, 8);
  auto f = SectionFile::Parse(Bytes(bytes), "f.qv", Expected());
  EXPECT_EQ(f.status().code(), StatusCode::kNotSupported);
  EXPECT_NE(f.status().message().find("format version " + std::to_string(kFormatVersion + 1) + ", this build reads <= " + std::to_string(kFormatVersion)), std::string::npos)
      << f.status().message();
}

TEST(SectionFileTest, FlippedBodyBitIsNamedByItsBlock) {
  quiver::testing::TempDir dir;
  const std::string good = WriteSample(dir.Join("f.qv"));
  for (uint64_t at : {uint64_t{100}, uint64_t{70000}, uint64_t{200000}}) {
    std::string bad = good;
    bad[at] ^= 0x10;
    auto f = SectionFile::Parse(Bytes(bad), "f.qv", Expected());
    ASSERT_TRUE(f.ok());  // header, footer and directory are intact
    Status s = f->VerifyBody();
    ASSERT_TRUE(s.IsCorruption());
    auto loc = ParseCorruptionLocation(s);
    ASSERT_TRUE(loc.has_value()) << s.message();
    EXPECT_EQ(loc->file, "f.qv");
    EXPECT_EQ(loc->offset, at / kBlockSize * kBlockSize) << s.message();
  }
}

TEST(SectionFileTest, DamagedHeaderFooterOrTruncationIsCorruption) {
  quiver::testing::TempDir dir;
  const std::string good = WriteSample(dir.Join("f.qv"));
  for (uint64_t at : {uint64_t{0}, uint64_t{20}, uint64_t{60}, good.size() - 1, good.size() - 64, good.size() - 100}) {
    std::string bad = good;
    bad[at] ^= 0x01;
    EXPECT_TRUE(SectionFile::Parse(Bytes(bad), "f", Expected()).status().IsCorruption()) << at;
  }
  for (uint64_t len : {uint64_t{0}, uint64_t{64}, uint64_t{127}, good.size() / 2, good.size() - 1}) {
    EXPECT_TRUE(SectionFile::Parse(Bytes(good.substr(0, len)), "f", Expected()).status().IsCorruption()) << len;
  }
}

TEST(SectionFileTest, CorruptionLocationParses) {
  Status s = CorruptionAt("gen-000001/rel-000000.qv", 4096, "bad").WithContext("opening");
  auto loc = ParseCorruptionLocation(s);
  ASSERT_TRUE(loc.has_value());
  EXPECT_EQ(loc->file, "gen-000001/rel-000000.qv");
  EXPECT_EQ(loc->offset, 4096u);
  EXPECT_FALSE(ParseCorruptionLocation(Status::IOError("x")).has_value());
}

}  // namespace
}  // namespace quiver::storage
