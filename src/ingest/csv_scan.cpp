#include "ingest/csv_scan.h"

#include <emmintrin.h>  // SSE2: part of every x86-64
#include <zlib.h>

#include <algorithm>
#include <cstring>

namespace quiver::ingest {
namespace {

class PlainInput : public CsvInput {
 public:
  explicit PlainInput(std::unique_ptr<RandomAccessFile> f) : file_(std::move(f)) {}
  Result<size_t> Read(size_t n, std::string* out, WorkerPool* pool) override {
    const size_t old = out->size();
    const size_t want = static_cast<size_t>(std::min<uint64_t>(n, file_->Size() - offset_));
    out->resize(old + want);
    constexpr size_t kPiece = size_t{4} << 20;
    const size_t pieces =
        pool == nullptr ? 1 : std::max<size_t>(1, std::min<size_t>(pool->size() * 2, want / kPiece));
    auto read_piece = [&](size_t p) -> Status {
      const size_t b = WorkerPool::RangeBegin(want, pieces, p),
                   e = WorkerPool::RangeBegin(want, pieces, p + 1);
      for (size_t done = b; done < e;) {
        QUIVER_ASSIGN_OR_RETURN(size_t got,
                                file_->ReadAt(offset_ + done, e - done, out->data() + old + done));
        if (got == 0) return Status::IOError(file_->path() + ": file shrank while being read");
        done += got;
      }
      return Status::OK();
    };
    if (pieces == 1) {
      QUIVER_RETURN_IF_ERROR(read_piece(0));
    } else {
      QUIVER_RETURN_IF_ERROR(
          pool->ParallelForStatus(pieces, [&](size_t p, uint32_t) { return read_piece(p); }));
    }
    offset_ += want;
    return want;
  }
  uint64_t file_bytes_read() const override { return offset_; }
  uint64_t file_size() const override { return file_->Size(); }

 private:
  std::unique_ptr<RandomAccessFile> file_;
  uint64_t offset_ = 0;
};

class GzipInput : public CsvInput {
 public:
  explicit GzipInput(std::unique_ptr<RandomAccessFile> f) : file_(std::move(f)) {
    std::memset(&z_, 0, sizeof(z_));
    ok_ = inflateInit2(&z_, 15 + 32) == Z_OK;  // 32: accept a gzip (or zlib) header
  }
  ~GzipInput() override { inflateEnd(&z_); }

  Result<size_t> Read(size_t n, std::string* out, WorkerPool*) override {
    if (!ok_) return Status::IOError(file_->path() + ": zlib initialisation failed");
    const size_t old = out->size();
    out->resize(old + n);
    z_.next_out = reinterpret_cast<Bytef*>(out->data() + old);
    z_.avail_out = static_cast<uInt>(n);
    while (z_.avail_out > 0 && !done_) {
      if (z_.avail_in == 0) {
        in_.resize(1 << 20);
        QUIVER_ASSIGN_OR_RETURN(size_t got, file_->ReadAt(offset_, in_.size(), in_.data()));
        if (got == 0) {
          return Status::InvalidArgument(file_->path() + ": truncated gzip stream");
        }
        offset_ += got;
        z_.next_in = reinterpret_cast<Bytef*>(in_.data());
        z_.avail_in = static_cast<uInt>(got);
      }
      const int rc = inflate(&z_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        // Concatenated gzip members are one stream (as gzip -d reads them).
        if (z_.avail_in > 0 || offset_ < file_->Size()) {
          inflateReset(&z_);
        } else {
          done_ = true;
        }
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        return Status::InvalidArgument(file_->path() + ": corrupt gzip data (" +
                                       std::string(z_.msg != nullptr ? z_.msg : "inflate failed") + ")");
      }
    }
    const size_t produced = n - z_.avail_out;
    out->resize(old + produced);
    return produced;
  }
  uint64_t file_bytes_read() const override { return offset_; }
  uint64_t file_size() const override { return file_->Size(); }

 private:
  std::unique_ptr<RandomAccessFile> file_;
  z_stream z_;
  bool ok_ = false;
  bool done_ = false;
  uint64_t offset_ = 0;
  std::string in_;
};

struct ChunkStats {
  uint64_t quotes = 0;
  uint64_t newlines = 0;
  int64_t first_nl[2] = {-1, -1};  // by parity at the chunk start: first newline that ends a row
  int64_t last_nl[2] = {-1, -1};
};

// Counts bytes equal to a and to b in [p, p + n) in one pass: 16 bytes at a time,
// per-lane byte counters flushed with psadbw before they can wrap.
void CountTwo(const char* p, uint64_t n, char a, char b, uint64_t* count_a, uint64_t* count_b) {
  uint64_t ca = 0, cb = 0, i = 0;
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), zero = _mm_setzero_si128();
  while (i + 16 <= n) {
    __m128i acc_a = zero, acc_b = zero;
    for (int k = 0; k < 255 && i + 16 <= n; ++k, i += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      acc_a = _mm_sub_epi8(acc_a, _mm_cmpeq_epi8(x, va));  // a match is -1: subtracting counts it
      acc_b = _mm_sub_epi8(acc_b, _mm_cmpeq_epi8(x, vb));
    }
    const __m128i sa = _mm_sad_epu8(acc_a, zero), sb = _mm_sad_epu8(acc_b, zero);
    ca += static_cast<uint64_t>(_mm_cvtsi128_si64(sa)) +
          static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sa, sa)));
    cb += static_cast<uint64_t>(_mm_cvtsi128_si64(sb)) +
          static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sb, sb)));
  }
  for (; i < n; ++i) {
    ca += p[i] == a;
    cb += p[i] == b;
  }
  *count_a = ca;
  *count_b = cb;
}

ChunkStats Scan(std::string_view d, uint64_t begin, uint64_t end, char quote) {
  ChunkStats s;
  const char* p = d.data();
  CountTwo(p + begin, end - begin, quote, '\n', &s.quotes, &s.newlines);
  if (s.newlines == 0) return s;
  if (s.quotes == 0) {
    // Parity never changes inside: every newline ends a row iff the chunk starts even.
    const void* f = std::memchr(p + begin, '\n', end - begin);
    s.first_nl[0] = static_cast<const char*>(f) - p;
    const void* l = memrchr(p + begin, '\n', end - begin);
    s.last_nl[0] = static_cast<const char*>(l) - p;
    return s;
  }
  uint64_t q = 0;  // quotes seen since the chunk start
  for (uint64_t i = begin; i < end; ++i) {
    const char c = p[i];
    if (c == quote) {
      ++q;
    } else if (c == '\n') {
      // Parity at i is (start parity + q) mod 2; the newline ends a row when that is even,
      // i.e. under start parity q mod 2.
      const int guess = static_cast<int>(q & 1);
      if (s.first_nl[guess] < 0) s.first_nl[guess] = static_cast<int64_t>(i);
      s.last_nl[guess] = static_cast<int64_t>(i);
    }
  }
  return s;
}

}  // namespace

Result<std::unique_ptr<CsvInput>> CsvInput::Open(Env* env, const std::string& path) {
  QUIVER_ASSIGN_OR_RETURN(auto f, env->NewRandomAccessFile(path));
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
    return std::unique_ptr<CsvInput>(new GzipInput(std::move(f)));
  }
  return std::unique_ptr<CsvInput>(new PlainInput(std::move(f)));
}

SplitResult SplitRows(std::string_view data, bool at_eof, uint64_t first_line, const CsvDialect& dialect,
                      uint64_t chunk_bytes, WorkerPool* pool) {
  SplitResult r;
  const uint64_t len = data.size();
  if (len == 0) return r;
  const uint64_t chunks = std::max<uint64_t>(1, (len + chunk_bytes - 1) / std::max<uint64_t>(1, chunk_bytes));
  std::vector<ChunkStats> stats(chunks);
  auto start = [&](uint64_t c) { return WorkerPool::RangeBegin(len, chunks, c); };
  pool->ParallelFor(
      chunks, [&](size_t c, uint32_t) { stats[c] = Scan(data, start(c), start(c + 1), dialect.quote); });
  // Parity at each chunk start, the first row start at or after it, the last row end.
  std::vector<int> parity(chunks);
  std::vector<int64_t> first(chunks, -1);
  int p = 0;
  uint64_t end = 0;
  for (uint64_t c = 0; c < chunks; ++c) {
    parity[c] = p;
    if (stats[c].first_nl[p] >= 0) first[c] = stats[c].first_nl[p] + 1;
    if (stats[c].last_nl[p] >= 0) end = static_cast<uint64_t>(stats[c].last_nl[p]) + 1;
    p ^= static_cast<int>(stats[c].quotes & 1);
  }
  if (at_eof) end = len;
  // Row start of chunk c: the first row boundary at or after its byte start.
  std::vector<uint64_t> row_start(chunks + 1, end);
  for (uint64_t c = chunks; c-- > 1;) {
    row_start[c] =
        first[c] >= 0 ? std::min<uint64_t>(static_cast<uint64_t>(first[c]), end) : row_start[c + 1];
  }
  row_start[0] = 0;
  // Quote and newline counts of chunk prefixes: a range's flags and the total come from
  // them, with no further pass over the segment.
  std::vector<uint64_t> quotes_before(chunks + 1, 0), newlines_before(chunks + 1, 0);
  for (uint64_t c = 0; c < chunks; ++c) {
    quotes_before[c + 1] = quotes_before[c] + stats[c].quotes;
    newlines_before[c + 1] = newlines_before[c] + stats[c].newlines;
  }
  auto chunk_of = [&](uint64_t pos) {  // the chunk holding byte pos
    uint64_t c = std::min<uint64_t>(
        chunks - 1, static_cast<uint64_t>((static_cast<unsigned __int128>(pos) * chunks) / len));
    while (c > 0 && start(c) > pos) --c;
    while (c + 1 < chunks && start(c + 1) <= pos) ++c;
    return c;
  };
  uint64_t newlines_before_chunk = 0;
  r.chunks.resize(chunks);
  for (uint64_t c = 0; c < chunks; ++c) {
    RowRange& range = r.chunks[c];
    range.begin = std::min(row_start[c], end);
    range.end = std::max(range.begin, std::min(row_start[c + 1], end));
    // Only a non-empty range starts inside chunk c; count the newlines before it there.
    if (range.begin < range.end) {
      const uint64_t s = start(c);
      const uint64_t from = std::min(s, range.begin);
      range.line = first_line + newlines_before_chunk +
                   static_cast<uint64_t>(std::count(data.data() + from, data.data() + range.begin, '\n'));
      const uint64_t first = chunk_of(range.begin), last = chunk_of(range.end - 1);
      range.has_quotes = quotes_before[last + 1] - quotes_before[first] > 0;
    }
    newlines_before_chunk += stats[c].newlines;
  }
  r.consumed = end;
  // Newlines in [0, end): all of them minus those in the unconsumed tail (a partial row).
  r.newlines =
      newlines_before[chunks] - static_cast<uint64_t>(std::count(data.data() + end, data.data() + len, '\n'));
  return r;
}

bool RowCursor::Next(std::string_view* row, uint64_t* line) {
  while (at_ < end_) {
    const char* p = data_.data();
    uint64_t nl = end_;
    uint64_t inner_newlines = 0;
    if (!quotes_) {
      const void* f = std::memchr(p + at_, '\n', end_ - at_);
      if (f != nullptr) nl = static_cast<uint64_t>(static_cast<const char*>(f) - p);
    } else {
      bool in_quotes = false;
      for (uint64_t i = at_; i < end_; ++i) {
        if (p[i] == quote_) {
          in_quotes = !in_quotes;
        } else if (p[i] == '\n') {
          if (!in_quotes) {
            nl = i;
            break;
          }
          ++inner_newlines;
        }
      }
    }
    uint64_t stop = nl;
    if (stop > at_ && p[stop - 1] == '\r') --stop;
    *row = std::string_view(p + at_, stop - at_);
    *line = line_;
    line_ += 1 + inner_newlines;
    at_ = nl < end_ ? nl + 1 : end_;
    if (!row->empty()) return true;  // blank lines are skipped
  }
  return false;
}

std::string TokenizeRow(std::string_view row, const CsvDialect& d, std::vector<Field>* fields,
                        std::string* scratch, uint32_t* bad_column) {
  fields->clear();
  scratch->clear();
  scratch->reserve(row.size());  // never reallocates below: fields may point into it
  const size_t n = row.size();
  size_t pos = 0, line_start = 0;
  uint32_t line_offset = 0;
  for (;;) {
    Field f;
    f.column = static_cast<uint32_t>(pos - line_start + 1);
    f.line_offset = line_offset;
    if (pos < n && row[pos] == d.quote) {
      f.quoted = true;
      const size_t out_begin = scratch->size();
      ++pos;
      for (;;) {
        const void* q = std::memchr(row.data() + pos, d.quote, n - pos);
        if (q == nullptr) {
          *bad_column = f.column;
          return "unterminated quoted field";
        }
        const size_t qi = static_cast<size_t>(static_cast<const char*>(q) - row.data());
        for (size_t i = pos; i < qi; ++i) {
          if (row[i] == '\n') {
            ++line_offset;
            line_start = i + 1;
          }
        }
        scratch->append(row.data() + pos, qi - pos);
        if (qi + 1 < n && row[qi + 1] == d.quote) {
          scratch->push_back(d.quote);
          pos = qi + 2;
          continue;
        }
        pos = qi + 1;
        break;
      }
      if (pos < n && row[pos] != d.delimiter) {
        *bad_column = static_cast<uint32_t>(pos - line_start + 1);
        return "unexpected character after a closing quote";
      }
      f.text = std::string_view(scratch->data() + out_begin, scratch->size() - out_begin);
    } else {
      const void* delim = std::memchr(row.data() + pos, d.delimiter, n - pos);
      const size_t e =
          delim == nullptr ? n : static_cast<size_t>(static_cast<const char*>(delim) - row.data());
      const void* q = std::memchr(row.data() + pos, d.quote, e - pos);
      if (q != nullptr) {
        *bad_column = static_cast<uint32_t>(static_cast<const char*>(q) - row.data() - line_start + 1);
        return "quote character inside an unquoted field";
      }
      f.text = row.substr(pos, e - pos);
      pos = e;
    }
    fields->push_back(f);
    if (pos >= n) break;
    ++pos;           // the delimiter
    if (pos == n) {  // a trailing delimiter: one more, empty field
      Field last;
      last.column = static_cast<uint32_t>(pos - line_start + 1);
      last.line_offset = line_offset;
      fields->push_back(last);
      break;
    }
  }
  return {};
}

}  // namespace quiver::ingest
