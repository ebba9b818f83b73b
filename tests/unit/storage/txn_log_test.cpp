// The write log's corruption matrix (docs/format/log.md, "Recovery"): each kind of damage
// gives the documented outcome — a torn tail is truncated and reported, a hole in the
// middle is Corruption, an unknown record type is NotSupported — and never a database
// silently opened short.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "common/file/checksum.h"
#include "storage/txn/log_format.h"
#include "storage/txn/log_writer.h"
#include "storage/txn/write_ops.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;
namespace fs = std::filesystem;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

struct Record {
  uint64_t offset;    // in the file
  uint64_t position;  // in the log
  RecordView view;
};

class TxnLogTest : public ::testing::Test {
 protected:
  static constexpr int kCommits = 6;

  void SetUp() override {
    path_ = dir_.Join("db");
    auto store = OpenStore(path_, Options());
    for (int i = 0; i < kCommits; ++i) {
      auto w = store->BeginWrite();
      ASSERT_TRUE(w.ok());
      (*w)->CreateNode({}, std::vector<PropertyEntry>{{(*w)->InternPropertyKey("uid"), Value::Int(i)}});
      ASSERT_TRUE((*w)->Commit().ok());
    }
    store.reset();
    segment_ = path_ + "/" + SegmentFileName(0);
    bytes_ = ReadAll(segment_);
    for (uint64_t off = kSegmentHeaderSize; off < bytes_.size();) {
      Record r{off, off - kSegmentHeaderSize, {}};
      std::string why;
      ASSERT_TRUE(ParseRecord(std::string_view(bytes_).substr(off), r.position, &r.view, &why)) << why;
      records_.push_back(r);
      off += r.view.size;
    }
    ASSERT_EQ(records_.size(), static_cast<size_t>(kCommits));
  }

  // Opens and returns the store, or the error.
  Result<std::unique_ptr<TransactionalStore>> Reopen(bool read_only = false) {
    StoreOptions o = Options();
    o.read_only = read_only;
    return TransactionalStore::Open(Env::Default(), path_, o);
  }
  // Rewrites record i with a valid frame around different contents.
  void Forge(size_t i, uint16_t type, uint64_t sequence, std::string_view payload) {
    std::string rec;
    AppendRecord(&rec, records_[i].position, RecordType::kCommit, sequence, payload);
    std::memcpy(rec.data() + 12, &type, 2);
    // Re-seal the header checksum over the changed type.
    const uint64_t check = Checksum64(rec.data(), 24, records_[i].position);
    std::memcpy(rec.data() + 24, &check, 8);
    ASSERT_EQ(rec.size(), records_[i].view.size) << "forge a record of the same size";
    std::string bytes = bytes_;
    bytes.replace(records_[i].offset, rec.size(), rec);
    WriteAll(segment_, bytes);
  }

  testing::TempDir dir_;
  std::string path_, segment_, bytes_;
  std::vector<Record> records_;
};

TEST_F(TxnLogTest, AnIntactLogReplaysEveryRecord) {
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ((*s)->recovery().records_replayed, static_cast<uint64_t>(kCommits));
  EXPECT_FALSE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
}

TEST_F(TxnLogTest, BadChecksumInTheLastRecordIsATornTail) {
  std::string bytes = bytes_;
  bytes[records_.back().offset + kRecordHeaderSize] ^= 0x40;  // a payload byte
  WriteAll(segment_, bytes);
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  const RecoveryReport& r = (*s)->recovery();
  EXPECT_TRUE(r.truncated);
  EXPECT_EQ(r.truncated_at, records_.back().position);
  EXPECT_EQ(r.truncated_reason, "record payload checksum mismatch");
  EXPECT_EQ(r.records_replayed, static_cast<uint64_t>(kCommits - 1));
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits - 1));
  EXPECT_EQ(fs::file_size(segment_), records_.back().offset) << "the torn tail is cut off";
  // The log goes on from there.
  auto w = (*s)->BeginWrite();
  ASSERT_TRUE(w.ok());
  (*w)->CreateNode({}, {});
  ASSERT_TRUE((*w)->Commit().ok());
  s->reset();
  s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_FALSE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
}

TEST_F(TxnLogTest, AFileCutInsideTheLastRecordIsATornTail) {
  for (uint64_t keep : {uint64_t{1}, kRecordHeaderSize - 1, kRecordHeaderSize + 3}) {
    SCOPED_TRACE(keep);
    WriteAll(segment_, bytes_.substr(0, records_.back().offset + keep));
    auto s = Reopen();
    ASSERT_TRUE(s.ok()) << s.status().ToString();
    EXPECT_TRUE((*s)->recovery().truncated);
    EXPECT_EQ((*s)->recovery().truncated_bytes, keep);
    EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits - 1));
  }
}

TEST_F(TxnLogTest, AZeroedTailIsATornTail) {
  WriteAll(segment_, bytes_ + std::string(4096, '\0'));  // e.g. preallocated space
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_TRUE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->recovery().truncated_bytes, 4096u);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
}

TEST_F(TxnLogTest, BadChecksumWithValidRecordsAfterItIsAHoleInTheMiddle) {
  std::string bytes = bytes_;
  bytes[records_[2].offset + kRecordHeaderSize + 1] ^= 0x01;
  WriteAll(segment_, bytes);
  auto s = Reopen();
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_NE(s.status().message().find("hole in the middle"), std::string::npos) << s.status().ToString();
  EXPECT_EQ(ReadAll(segment_), bytes) << "a failed open must not truncate";
}

TEST_F(TxnLogTest, AZeroedBlockInTheMiddleIsCorruption) {
  std::string bytes = bytes_;
  const uint64_t from = records_[1].offset + 8;
  const uint64_t to = records_[3].offset + 16;  // across record boundaries, as a lost page would be
  std::fill(bytes.begin() + static_cast<long>(from), bytes.begin() + static_cast<long>(to), '\0');
  WriteAll(segment_, bytes);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  s = Reopen(/*read_only=*/true);
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
}

TEST_F(TxnLogTest, AnUnknownRecordTypeIsNotSupportedWhereverItIs) {
  for (size_t i : {size_t{1}, records_.size() - 1}) {
    SCOPED_TRACE(i);
    Forge(i, 99, records_[i].view.sequence, records_[i].view.payload);
    auto s = Reopen();
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.status().code(), StatusCode::kNotSupported) << s.status().ToString();
    EXPECT_NE(s.status().message().find("record type 99"), std::string::npos);
  }
}

TEST_F(TxnLogTest, RecordTypeZeroIsNeverValid) {
  Forge(records_.size() - 1, 0, records_.back().view.sequence, records_.back().view.payload);
  auto s = Reopen();  // at the tail: torn, dropped
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ((*s)->recovery().truncated_reason, "record type 0");
}

TEST_F(TxnLogTest, ASequenceGapIsCorruption) {
  Forge(3, static_cast<uint16_t>(RecordType::kCommit), records_[3].view.sequence + 1,
        records_[3].view.payload);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
}

TEST_F(TxnLogTest, APayloadThatDoesNotFitTheStateIsCorruption) {
  // A valid record that deletes a node that does not exist.
  OpWriter ops;
  ops.DeleteNode(12345);
  std::string rec;
  AppendRecord(&rec, records_[2].position, RecordType::kCommit, records_[2].view.sequence, ops.bytes());
  WriteAll(segment_, bytes_.substr(0, records_[2].offset) + rec);  // as the tail: valid, not torn
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_NE(s.status().message().find("does not exist"), std::string::npos) << s.status().ToString();
}

TEST_F(TxnLogTest, AReadOnlyOpenReportsATornTailWithoutTouchingTheFile) {
  WriteAll(segment_, bytes_.substr(0, bytes_.size() - 5));
  auto s = Reopen(/*read_only=*/true);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_TRUE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits - 1));
  EXPECT_EQ(fs::file_size(segment_), bytes_.size() - 5);
}

TEST_F(TxnLogTest, SegmentsMustBeContiguous) {
  // A segment that starts past the end of the one before it: a hole.
  const uint64_t end = bytes_.size() - kSegmentHeaderSize;
  ASSERT_TRUE(LogWriter::CreateSegment(Env::Default(), path_, TestDbId(), end + 8, kCommits).ok());
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  fs::remove(path_ + "/" + SegmentFileName(end + 8));
  // One at the right place but after a different sequence.
  ASSERT_TRUE(LogWriter::CreateSegment(Env::Default(), path_, TestDbId(), end, kCommits + 3).ok());
  s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  fs::remove(path_ + "/" + SegmentFileName(end));
  // The right one continues the log.
  ASSERT_TRUE(LogWriter::CreateSegment(Env::Default(), path_, TestDbId(), end, kCommits).ok());
  s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ((*s)->recovery().segments_read, 2u);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
}

TEST_F(TxnLogTest, ATornSegmentHeaderIsRemovedWhenItIsTheLastAndCorruptionOtherwise) {
  const uint64_t end = bytes_.size() - kSegmentHeaderSize;
  const std::string next = path_ + "/" + SegmentFileName(end);
  WriteAll(next, std::string(20, '\0'));  // created, header never made it
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_TRUE((*s)->recovery().removed_torn_segment);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
  s->reset();
  // A damaged header with content is not a torn creation.
  std::string header = EncodeSegmentHeader({TestDbId(), end, kCommits});
  header[40] ^= 1;
  WriteAll(next, header);
  s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
}

TEST_F(TxnLogTest, ASegmentOfAnotherDatabaseIsRefused) {
  DatabaseId other = TestDbId();
  other[0] ^= 0xFF;
  std::string bytes = bytes_;
  bytes.replace(0, kSegmentHeaderSize, EncodeSegmentHeader({other, 0, 0}));
  WriteAll(segment_, bytes);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
}

}  // namespace
}  // namespace quiver::storage
