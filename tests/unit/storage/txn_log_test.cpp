// The write log's corruption matrix (docs/format/log.md, "Recovery"): each kind of damage
// gives the documented outcome — a crash's torn tail is dropped and reported; damage to
// bytes that had been fsynced, a truncated, emptied, zeroed or missing segment are
// Corruption; an unknown record type is NotSupported — and never a database silently
// opened short.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "common/file/checksum.h"
#include "storage/txn/log_format.h"
#include "storage/txn/log_segment.h"
#include "storage/txn/log_writer.h"
#include "storage/txn/write_ops.h"
#include "test_util/file_bytes.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using quiver::testing::ReadFileBytes;
using quiver::testing::WriteFileBytes;

using namespace txntest;
namespace fs = std::filesystem;


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
    bytes_ = ReadFileBytes(segment_);
    ASSERT_EQ(bytes_.size(), kSegmentGranule) << "one preallocated granule";
    for (uint64_t off = kSegmentHeaderSize; records_.size() < kCommits;) {
      Record r{off, off - kSegmentHeaderSize, {}};
      std::string why;
      ASSERT_TRUE(ParseRecord(std::string_view(bytes_).substr(off), r.position, kLogFormatVersion, &r.view, &why))
          << why;
      records_.push_back(r);
      off += r.view.size;
    }
    end_offset_ = records_.back().offset + records_.back().view.size;
    ASSERT_EQ(bytes_.find_first_not_of('\0', end_offset_), std::string::npos) << "zeros after the records";
    // Durable commits: each was appended once the one before it was fsynced.
    for (size_t i = 1; i < records_.size(); ++i) EXPECT_EQ(records_[i].view.durable_before, records_[i].position);
  }

  // Opens and returns the store, or the error.
  Result<std::unique_ptr<TransactionalStore>> Reopen(bool read_only = false) {
    StoreOptions o = Options();
    o.read_only = read_only;
    return TransactionalStore::Open(Env::Default(), path_, o);
  }
  // Record i framed anew, valid, with these contents.
  std::string Frame(size_t i, uint16_t type, uint64_t sequence, uint64_t durable_before,
                    std::string_view payload) const {
    std::string rec;
    AppendRecord(&rec, records_[i].position, RecordType::kCommit, sequence, durable_before, payload);
    std::memcpy(rec.data() + 12, &type, 2);
    // Re-seal the header checksum over the changed type.
    const uint64_t check = Checksum64(rec.data(), 32, records_[i].position);
    std::memcpy(rec.data() + 32, &check, 8);
    return rec;
  }
  // Rewrites record i with a valid frame around different contents.
  void Forge(size_t i, uint16_t type, uint64_t sequence, std::string_view payload) {
    const std::string rec = Frame(i, type, sequence, records_[i].view.durable_before, payload);
    ASSERT_EQ(rec.size(), records_[i].view.size) << "forge a record of the same size";
    std::string bytes = bytes_;
    bytes.replace(records_[i].offset, rec.size(), rec);
    WriteFileBytes(segment_, bytes);
  }
  bool ZerosFrom(uint64_t offset) const {
    const std::string now = ReadFileBytes(segment_);
    return now.size() == bytes_.size() && now.find_first_not_of('\0', offset) == std::string::npos;
  }

  testing::TempDir dir_;
  std::string path_, segment_, bytes_;
  uint64_t end_offset_ = 0;  // file offset just past the last record
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
  WriteFileBytes(segment_, bytes);
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  const RecoveryReport& r = (*s)->recovery();
  EXPECT_TRUE(r.truncated);
  EXPECT_EQ(r.truncated_at, records_.back().position);
  EXPECT_EQ(r.truncated_reason, "record payload checksum mismatch");
  EXPECT_EQ(r.records_replayed, static_cast<uint64_t>(kCommits - 1));
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits - 1));
  EXPECT_TRUE(ZerosFrom(records_.back().offset)) << "the torn tail is zeroed; the segment keeps its length";
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

// Preallocation: a segment's length never changes in a crash, so a shorter one was cut.
TEST_F(TxnLogTest, ASegmentCutShortIsCorruptionWhereverItIsCut) {
  const std::vector<uint64_t> cuts = {records_.back().offset + 3, records_.back().offset,  // in, or at, a record
                                      end_offset_, kSegmentGranule - 8, kSegmentHeaderSize, 20, 0};
  for (uint64_t keep : cuts) {
    SCOPED_TRACE(keep);
    WriteFileBytes(segment_, bytes_.substr(0, keep));
    auto s = Reopen();
    ASSERT_FALSE(s.ok());
    EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
    EXPECT_NE(s.status().message().find(SegmentFileName(0)), std::string::npos) << "names the file";
    EXPECT_EQ(ReadFileBytes(segment_).size(), keep) << "a failed open changes nothing";
    EXPECT_TRUE(Reopen(/*read_only=*/true).status().IsCorruption());
  }
}

TEST_F(TxnLogTest, AZeroedOrEmptiedSegmentIsCorruption) {
  WriteFileBytes(segment_, std::string(bytes_.size(), '\0'));
  EXPECT_TRUE(Reopen().status().IsCorruption()) << Reopen().status().ToString();
  WriteFileBytes(segment_, "");
  EXPECT_TRUE(Reopen().status().IsCorruption()) << Reopen().status().ToString();
}

TEST_F(TxnLogTest, ADeletedSegmentIsCorruptionEvenAtPositionZero) {
  fs::remove(segment_);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_NE(s.status().message().find("is missing"), std::string::npos) << s.status().ToString();
}

TEST_F(TxnLogTest, ThePreallocatedZerosAreACleanEnd) {
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_FALSE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
}

// A crash's last batch: its pages may reach the disk in any order, so a valid record can
// follow a lost one. The records of one batch were all appended while the log was durable
// up to the batch's start, which is what tells this from damage.
TEST_F(TxnLogTest, ALastBatchWithPagesOutOfOrderIsATornTail) {
  // Records 3..5 as one unfinished batch: appended while durable up to record 3.
  std::string bytes = bytes_;
  for (size_t i = 3; i < records_.size(); ++i) {
    bytes.replace(records_[i].offset, records_[i].view.size,
                  Frame(i, 1, records_[i].view.sequence, records_[3].position, records_[i].view.payload));
  }
  // Record 4's page never made it; record 5's did.
  std::fill(bytes.begin() + static_cast<long>(records_[4].offset),
            bytes.begin() + static_cast<long>(records_[5].offset), '\0');
  WriteFileBytes(segment_, bytes);
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_TRUE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->recovery().truncated_at, records_[4].position);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), 4u) << "the prefix before the lost record";
  EXPECT_TRUE(ZerosFrom(records_[4].offset)) << "record 5 is dropped with the torn batch";
}

TEST_F(TxnLogTest, BadChecksumWithValidRecordsAfterItIsAHoleInTheMiddle) {
  std::string bytes = bytes_;
  bytes[records_[2].offset + kRecordHeaderSize + 1] ^= 0x01;
  WriteFileBytes(segment_, bytes);
  auto s = Reopen();
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_NE(s.status().message().find("damage, not a crash"), std::string::npos) << s.status().ToString();
  EXPECT_EQ(ReadFileBytes(segment_), bytes) << "a failed open must not repair";
}

TEST_F(TxnLogTest, AZeroedBlockInTheMiddleIsCorruption) {
  std::string bytes = bytes_;
  const uint64_t from = records_[1].offset + 8;
  const uint64_t to = records_[3].offset + 16;  // across record boundaries, as a lost page would be
  std::fill(bytes.begin() + static_cast<long>(from), bytes.begin() + static_cast<long>(to), '\0');
  WriteFileBytes(segment_, bytes);
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
  std::string bytes = bytes_;
  std::fill(bytes.begin() + static_cast<long>(records_[2].offset), bytes.end(), '\0');
  const std::string rec = Frame(2, 1, records_[2].view.sequence, records_[2].view.durable_before, ops.bytes());
  bytes.replace(records_[2].offset, rec.size(), rec);  // as the tail: valid, not torn
  WriteFileBytes(segment_, bytes);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_NE(s.status().message().find("does not exist"), std::string::npos) << s.status().ToString();
}

TEST_F(TxnLogTest, AReadOnlyOpenReportsATornTailWithoutTouchingTheFile) {
  std::string bytes = bytes_;
  bytes[end_offset_ - 3] ^= 0x10;  // the last record's padding or payload
  WriteFileBytes(segment_, bytes);
  auto s = Reopen(/*read_only=*/true);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_TRUE((*s)->recovery().truncated);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits - 1));
  EXPECT_EQ(ReadFileBytes(segment_), bytes);
}

TEST_F(TxnLogTest, SegmentsMustBeContiguous) {
  // A segment that starts past the end of the one before it: a hole.
  const uint64_t end = end_offset_ - kSegmentHeaderSize;
  ASSERT_TRUE(CreateSegment(Env::Default(), path_, TestDbId(), end + 8, kCommits).ok());
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  fs::remove(path_ + "/" + SegmentFileName(end + 8));
  // One at the right place but after a different sequence.
  ASSERT_TRUE(CreateSegment(Env::Default(), path_, TestDbId(), end, kCommits + 3).ok());
  s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  fs::remove(path_ + "/" + SegmentFileName(end));
  // The right one continues the log.
  ASSERT_TRUE(CreateSegment(Env::Default(), path_, TestDbId(), end, kCommits).ok());
  s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ((*s)->recovery().segments_read, 2u);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits));
}

// Segments are created whole, so a short or damaged header is never a crash to clean up.
TEST_F(TxnLogTest, AnyBadSegmentHeaderIsCorruption) {
  const uint64_t end = end_offset_ - kSegmentHeaderSize;
  const std::string next = path_ + "/" + SegmentFileName(end);
  WriteFileBytes(next, std::string(20, '\0'));
  EXPECT_TRUE(Reopen().status().IsCorruption()) << Reopen().status().ToString();
  std::string header = EncodeSegmentHeader({TestDbId(), end, kCommits, kLogFormatVersion});
  header[40] ^= 1;
  WriteFileBytes(next, header + std::string(kSegmentGranule - header.size(), '\0'));
  EXPECT_TRUE(Reopen().status().IsCorruption()) << Reopen().status().ToString();
}

TEST_F(TxnLogTest, ASegmentBeforeTheLastMustEndCleanly) {
  const uint64_t end = end_offset_ - kSegmentHeaderSize;
  ASSERT_TRUE(CreateSegment(Env::Default(), path_, TestDbId(), end, kCommits).ok());
  std::string bytes = bytes_;
  bytes[end_offset_ + 100] = 'x';  // garbage after the first segment's records
  WriteFileBytes(segment_, bytes);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
  EXPECT_NE(s.status().message().find("later segments follow"), std::string::npos) << s.status().ToString();
}

// A log written by a version-2 build: 32-byte record headers, no durable_before, no
// preallocation. It replays, and the writer goes on in a new version-3 segment.
TEST_F(TxnLogTest, AVersionTwoSegmentIsReadAndTheLogGoesOnInVersionThree) {
  SegmentHeader h{TestDbId(), 0, 0, kLogFormatVersion};
  std::string v2 = EncodeSegmentHeader(h);
  const uint32_t two = 2;
  std::memcpy(v2.data() + 8, &two, 4);
  const uint64_t header_check = Checksum64(v2.data(), 56);
  std::memcpy(v2.data() + 56, &header_check, 8);
  for (const Record& r : records_) {
    const uint64_t position = v2.size() - kSegmentHeaderSize;
    const std::string_view payload = r.view.payload;
    std::string rec(32, '\0');
    const uint64_t payload_check = Checksum64(payload.data(), payload.size(), position);
    const uint32_t length = static_cast<uint32_t>(payload.size());
    const uint16_t type = 1;
    std::memcpy(rec.data(), &payload_check, 8);
    std::memcpy(rec.data() + 8, &length, 4);
    std::memcpy(rec.data() + 12, &type, 2);
    std::memcpy(rec.data() + 16, &r.view.sequence, 8);
    const uint64_t check = Checksum64(rec.data(), 24, position);
    std::memcpy(rec.data() + 24, &check, 8);
    rec.append(payload);
    rec.append(RecordSize(payload.size(), 2) - rec.size(), '\0');
    v2 += rec;
  }
  WriteFileBytes(segment_, v2);
  auto s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ((*s)->recovery().records_replayed, static_cast<uint64_t>(kCommits));
  auto w = (*s)->BeginWrite();
  ASSERT_TRUE(w.ok());
  (*w)->CreateNode({}, {});
  ASSERT_TRUE((*w)->Commit().ok());
  s->reset();
  const uint64_t end = v2.size() - kSegmentHeaderSize;
  EXPECT_TRUE(fs::exists(path_ + "/" + SegmentFileName(end))) << "a version-3 segment after the version-2 one";
  EXPECT_EQ(ReadFileBytes(segment_), v2) << "the old segment is left as it was";
  s = Reopen();
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ((*s)->recovery().segments_read, 2u);
  EXPECT_EQ((*s)->BeginRead()->NodeCount(), static_cast<uint64_t>(kCommits + 1));
}

TEST_F(TxnLogTest, ASegmentOfAnotherDatabaseIsRefused) {
  DatabaseId other = TestDbId();
  other[0] ^= 0xFF;
  std::string bytes = bytes_;
  bytes.replace(0, kSegmentHeaderSize, EncodeSegmentHeader({other, 0, 0, kLogFormatVersion}));
  WriteFileBytes(segment_, bytes);
  auto s = Reopen();
  EXPECT_TRUE(s.status().IsCorruption()) << s.status().ToString();
}

}  // namespace
}  // namespace quiver::storage
