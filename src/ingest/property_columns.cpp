#include "ingest/property_columns.h"

#include <algorithm>
#include <cstring>

#include "common/assert.h"

namespace quiver::ingest {
namespace {

using storage::SectionType;
using storage::ValueTag;

constexpr uint64_t kWriteRows = 1 << 16;  // rows per buffered append

// Uniform encoded length of a heap value starting at pos (tag included).
uint64_t EncodedLength(std::string_view heap, uint64_t pos) {
  uint64_t p = pos;
  auto v = storage::DecodeValue(heap, &p);
  QUIVER_ASSERT(v.ok());
  return p - pos;
}

template <typename T>
Status AppendValues(storage::SectionFileWriter* w, const std::vector<T>& buf) {
  return w->Append({reinterpret_cast<const char*>(buf.data()), buf.size() * sizeof(T)});
}

}  // namespace

// ---------------------------------------------------------------------------- builder

void ColumnBuilder::ConvertTo(ColumnType t) {
  if (t == type_) return;
  if (present_count_ == 0) {
    // Nothing stored yet: take the new type; every row so far stays absent.
    sequence_ = false;
    type_ = t;
    present_.assign(rows_, 0);
    slots_.assign(rows_, 0);
    tags_.assign(type_ == ColumnType::kMixed ? rows_ : 0, 0);
    heap_.clear();
    return;
  }
  QUIVER_ASSERT(t == ColumnType::kMixed);
  PromoteToMixed();
}

void AppendChunks(std::map<uint32_t, std::unique_ptr<ColumnBuilder>>* builders,
                  std::vector<std::pair<uint64_t, ColumnChunk*>> chunks, WorkerPool* pool) {
  std::map<uint32_t, std::vector<ColumnBuilder::Placed>> by_key;
  std::map<uint32_t, TypedValues> types;
  for (auto& [row, c] : chunks) {
    auto& b = (*builders)[c->key];
    if (!b) b = std::make_unique<ColumnBuilder>(c->key, c->type);
    auto [it, inserted] = types.emplace(c->key, TypedValues{b->type(), b->present_count() > 0});
    it->second = MergeColumnTypes(it->second, {c->type, c->present_count() > 0});
    by_key[c->key].push_back({row, c});
  }
  for (auto& [key, list] : by_key) {
    const ColumnType t = types[key].type;
    (*builders)[key]->ConvertTo(t);
    for (auto& p : list) const_cast<ColumnChunk*>(p.chunk)->ConvertTo(t);
    (*builders)[key]->Append(list, pool);
  }
}

void ColumnBuilder::PromoteToMixed() {
  if (type_ == ColumnType::kMixed) return;
  Materialize();
  ColumnChunk all;
  all.type = type_;
  all.present = std::move(present_);
  all.slots = std::move(slots_);
  all.heap = std::move(heap_);
  all.ToMixed();
  type_ = ColumnType::kMixed;
  present_ = std::move(all.present);
  slots_ = std::move(all.slots);
  tags_ = std::move(all.tags);
  heap_ = std::move(all.heap);
}

void ColumnBuilder::EraseRows(std::span<const uint64_t> rows) {
  if (rows.empty()) return;
  Materialize();
  Grow(rows_);
  ColumnChunk kept;
  kept.type = type_;
  size_t d = 0;
  for (uint64_t r = 0; r < rows_; ++r) {
    if (d < rows.size() && rows[d] == r) {
      ++d;
      continue;
    }
    if (!present_[r]) {
      kept.AppendAbsent();
      continue;
    }
    switch (type_) {
      case ColumnType::kInt64:
        kept.AppendInt(static_cast<int64_t>(slots_[r]));
        break;
      case ColumnType::kDouble:
        kept.present.push_back(1);
        kept.slots.push_back(slots_[r]);
        break;
      case ColumnType::kBool:
        kept.AppendBool(slots_[r] != 0);
        break;
      case ColumnType::kString: {
        const uint64_t b = r == 0 ? 0 : slots_[r - 1];
        kept.AppendString(std::string_view(heap_).substr(b, slots_[r] - b));
        break;
      }
      case ColumnType::kMixed:
        kept.present.push_back(1);
        kept.tags.push_back(tags_[r]);
        if (tags_[r] >= static_cast<uint8_t>(ValueTag::kString)) {
          kept.slots.push_back(kept.heap.size());
          kept.heap.append(heap_, slots_[r], EncodedLength(heap_, slots_[r]));
        } else {
          kept.slots.push_back(slots_[r]);
        }
        break;
    }
  }
  rows_ = kept.rows();
  present_count_ = kept.present_count();
  present_ = std::move(kept.present);
  slots_ = std::move(kept.slots);
  tags_ = std::move(kept.tags);
  heap_ = std::move(kept.heap);
}

uint64_t ColumnBuilder::MemoryBytes() const {
  return present_.capacity() + slots_.capacity() * 8 + tags_.capacity() + heap_.capacity();
}

void ColumnBuilder::Grow(uint64_t rows) {
  if (rows <= present_.size()) return;
  const uint64_t fill = type_ == ColumnType::kString ? heap_.size() : 0;
  present_.resize(rows, 0);
  slots_.resize(rows, fill);
  if (type_ == ColumnType::kMixed) tags_.resize(rows, 0);
}

void ColumnBuilder::Materialize() {
  if (!sequence_) return;
  sequence_ = false;
  const uint64_t rows = rows_;
  present_.assign(rows, 0);
  slots_.assign(rows, 0);
  for (uint64_t r = seq_first_; r < seq_end_; ++r) {
    present_[r] = 1;
    slots_[r] = static_cast<uint64_t>(static_cast<int64_t>(r) + seq_offset_);
  }
}

void ColumnBuilder::AppendSequence(uint64_t first_row, uint64_t count, int64_t offset) {
  QUIVER_ASSERT(type_ == ColumnType::kInt64 && first_row >= rows_);
  if (count == 0) return;
  if (rows_ == 0 && !sequence_) {
    sequence_ = true;
    seq_first_ = first_row;
    seq_end_ = first_row + count;
    seq_offset_ = offset;
  } else if (sequence_ && first_row == seq_end_ && offset == seq_offset_) {
    seq_end_ += count;  // continues the formula
  } else {
    Materialize();
    Grow(first_row + count);
    for (uint64_t r = first_row; r < first_row + count; ++r) {
      present_[r] = 1;
      slots_[r] = static_cast<uint64_t>(static_cast<int64_t>(r) + offset);
    }
  }
  rows_ = first_row + count;
  present_count_ += count;
}

void ColumnBuilder::Append(std::span<const Placed> chunks, WorkerPool* pool) {
  if (chunks.empty()) return;
  Materialize();
  const Placed& last = chunks.back();
  const uint64_t end = last.first_row + last.chunk->rows();
  QUIVER_ASSERT(chunks.front().first_row >= rows_);
  // Heap bases in chunk order, and the gap fills (absent rows between chunks).
  std::vector<uint64_t> heap_base(chunks.size());
  uint64_t heap_size = heap_.size();
  for (size_t i = 0; i < chunks.size(); ++i) {
    heap_base[i] = heap_size;
    heap_size += chunks[i].chunk->heap.size();
    QUIVER_ASSERT(chunks[i].chunk->type == type_);
    if (i > 0) QUIVER_ASSERT(chunks[i].first_row >= chunks[i - 1].first_row + chunks[i - 1].chunk->rows());
  }
  const uint64_t old_rows = present_.size();
  const uint64_t old_heap = heap_.size();
  present_.resize(end, 0);
  slots_.resize(end, 0);
  if (type_ == ColumnType::kMixed) tags_.resize(end, 0);
  heap_.resize(heap_size);
  // A string column's absent rows repeat the end offset before them.
  if (type_ == ColumnType::kString) {
    uint64_t prev_end = 0;
    for (size_t i = 0; i <= chunks.size(); ++i) {
      const uint64_t gap_begin = i == 0 ? old_rows : chunks[i - 1].first_row + chunks[i - 1].chunk->rows();
      const uint64_t gap_end = i == chunks.size() ? end : chunks[i].first_row;
      const uint64_t fill = i == 0 ? old_heap : prev_end;
      std::fill(slots_.begin() + gap_begin, slots_.begin() + gap_end, fill);
      if (i < chunks.size()) prev_end = heap_base[i] + chunks[i].chunk->heap.size();
    }
  }
  pool->ParallelFor(chunks.size(), [&](size_t i, uint32_t) {
    const ColumnChunk& c = *chunks[i].chunk;
    const uint64_t r0 = chunks[i].first_row;
    const uint64_t base = heap_base[i];
    if (c.rows() == 0) return;  // (memcpy from an empty vector's null data() is undefined)
    std::memcpy(present_.data() + r0, c.present.data(), c.rows());
    if (!c.heap.empty()) std::memcpy(heap_.data() + base, c.heap.data(), c.heap.size());
    if (type_ == ColumnType::kMixed) std::memcpy(tags_.data() + r0, c.tags.data(), c.rows());
    const bool rebase_all = type_ == ColumnType::kString;
    for (uint64_t j = 0; j < c.rows(); ++j) {
      uint64_t s = c.slots[j];
      if (rebase_all || (type_ == ColumnType::kMixed && c.tags[j] >= static_cast<uint8_t>(ValueTag::kString)))
        s += base;
      slots_[r0 + j] = s;
    }
  });
  uint64_t present = 0;
  for (const Placed& p : chunks) {
    for (uint8_t b : p.chunk->present) present += b;
  }
  present_count_ += present;
  rows_ = end;
}

void ColumnBuilder::Finish(uint64_t rows) {
  QUIVER_ASSERT(rows >= rows_);
  if (sequence_) {
    rows_ = rows;  // rows past the formula are absent: handled in Present()
    return;
  }
  Grow(rows);
  rows_ = rows;
}

bool ColumnBuilder::Present(uint64_t row) const {
  if (sequence_) return row >= seq_first_ && row < seq_end_;
  return row < present_.size() && present_[row] != 0;
}

uint64_t ColumnBuilder::Slot(uint64_t row) const {
  if (sequence_) return Present(row) ? static_cast<uint64_t>(static_cast<int64_t>(row) + seq_offset_) : 0;
  return row < slots_.size() ? slots_[row] : 0;
}

Status ColumnBuilder::Write(storage::SectionFileWriter* w, std::span<const uint64_t> perm) const {
  const uint64_t n = perm.empty() ? rows_ : perm.size();
  auto row_of = [&](uint64_t i) { return perm.empty() ? i : perm[i]; };
  // Presence bitmap.
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kPresence, 8));
  std::vector<uint64_t> words;
  for (uint64_t begin = 0; begin < n; begin += kWriteRows) {
    const uint64_t end = std::min(n, begin + kWriteRows);
    words.assign((end - begin + 63) / 64, 0);
    for (uint64_t i = begin; i < end; ++i) {
      if (Present(row_of(i))) words[(i - begin) / 64] |= uint64_t{1} << (i % 64);
    }
    QUIVER_RETURN_IF_ERROR(AppendValues(w, words));
  }
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  switch (type_) {
    case ColumnType::kInt64:
    case ColumnType::kDouble: {
      QUIVER_RETURN_IF_ERROR(w->BeginSection(
          type_ == ColumnType::kInt64 ? SectionType::kInt64Values : SectionType::kDoubleValues, 8));
      std::vector<uint64_t> buf;
      for (uint64_t begin = 0; begin < n; begin += kWriteRows) {
        const uint64_t end = std::min(n, begin + kWriteRows);
        buf.resize(end - begin);
        for (uint64_t i = begin; i < end; ++i) {
          const uint64_t r = row_of(i);
          buf[i - begin] = Present(r) ? Slot(r) : 0;
        }
        QUIVER_RETURN_IF_ERROR(AppendValues(w, buf));
      }
      return w->EndSection();
    }
    case ColumnType::kBool: {
      QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kBoolBits, 8));
      for (uint64_t begin = 0; begin < n; begin += kWriteRows) {
        const uint64_t end = std::min(n, begin + kWriteRows);
        words.assign((end - begin + 63) / 64, 0);
        for (uint64_t i = begin; i < end; ++i) {
          const uint64_t r = row_of(i);
          if (Present(r) && Slot(r) != 0) words[(i - begin) / 64] |= uint64_t{1} << (i % 64);
        }
        QUIVER_RETURN_IF_ERROR(AppendValues(w, words));
      }
      return w->EndSection();
    }
    case ColumnType::kString:
      return WriteString(w, perm, n);
    case ColumnType::kMixed:
      return WriteMixed(w, perm, n);
  }
  return Status::InvalidArgument("invalid column type");
}

Status ColumnBuilder::WriteString(storage::SectionFileWriter* w, std::span<const uint64_t> perm,
                                  uint64_t n) const {
  auto range = [&](uint64_t r) -> std::pair<uint64_t, uint64_t> {
    if (!Present(r)) return {0, 0};
    return {r == 0 ? 0 : slots_[r - 1], slots_[r]};
  };
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kStringOffsets, 8));
  std::vector<uint64_t> buf{0};
  uint64_t offset = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const auto [b, e] = range(perm.empty() ? i : perm[i]);
    offset += e - b;
    buf.push_back(offset);
    if (buf.size() >= kWriteRows) {
      QUIVER_RETURN_IF_ERROR(AppendValues(w, buf));
      buf.clear();
    }
  }
  QUIVER_RETURN_IF_ERROR(AppendValues(w, buf));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kHeap, 1));
  if (perm.empty()) {
    QUIVER_RETURN_IF_ERROR(w->Append(heap_));
  } else {
    std::string out;
    for (uint64_t i = 0; i < n; ++i) {
      const auto [b, e] = range(perm[i]);
      out.append(heap_, b, e - b);
      if (out.size() >= (1u << 20)) {
        QUIVER_RETURN_IF_ERROR(w->Append(out));
        out.clear();
      }
    }
    QUIVER_RETURN_IF_ERROR(w->Append(out));
  }
  return w->EndSection();
}

Status ColumnBuilder::WriteMixed(storage::SectionFileWriter* w, std::span<const uint64_t> perm,
                                 uint64_t n) const {
  std::vector<uint8_t> tags(n);
  std::vector<uint64_t> slots(n);
  std::string heap;
  if (perm.empty()) {
    for (uint64_t i = 0; i < n; ++i) {
      tags[i] = Present(i) ? tags_[i] : 0;
      slots[i] = Present(i) ? slots_[i] : 0;
    }
  } else {
    // Heap values are re-laid in output order, as BuildColumn lays them.
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t r = perm[i];
      if (!Present(r)) continue;
      tags[i] = tags_[r];
      if (tags_[r] >= static_cast<uint8_t>(ValueTag::kString)) {
        const uint64_t len = EncodedLength(heap_, slots_[r]);
        slots[i] = heap.size();
        heap.append(heap_, slots_[r], len);
      } else {
        slots[i] = slots_[r];
      }
    }
  }
  QUIVER_RETURN_IF_ERROR(
      w->AddSection(SectionType::kMixedTags, 1, {reinterpret_cast<const char*>(tags.data()), n}));
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kMixedSlots, 8));
  QUIVER_RETURN_IF_ERROR(AppendValues(w, slots));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  return w->AddSection(SectionType::kHeap, 1,
                       perm.empty() ? std::string_view(heap_) : std::string_view(heap));
}

}  // namespace quiver::ingest
