#include "storage/property_column.h"

#include <algorithm>
#include <bit>

#include <cstdio>
#include <cstring>
#include <type_traits>

namespace quiver::storage {
namespace {

uint64_t DoubleBits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

void SetBit(std::vector<uint64_t>* words, uint64_t i) { (*words)[i / 64] |= uint64_t{1} << (i % 64); }

}  // namespace

ColumnType ChooseColumnType(std::span<const std::pair<uint64_t, const PropertyValue*>> values) {
  std::optional<ValueTag> common;
  for (const auto& [row, v] : values) {
    if (v->is_null()) continue;
    if (!common) common = v->tag();
    if (*common != v->tag()) return ColumnType::kMixed;
  }
  switch (common.value_or(ValueTag::kInt64)) {
    case ValueTag::kInt64: return ColumnType::kInt64;
    case ValueTag::kDouble: return ColumnType::kDouble;
    case ValueTag::kBool: return ColumnType::kBool;
    case ValueTag::kString: return ColumnType::kString;
    default:
      return ColumnType::kMixed;  // lists, maps and temporals: encoded values in the heap
  }
}

namespace {

Status WriteWords(SectionFileWriter* w, SectionType type, std::span<const uint64_t> words) {
  QUIVER_RETURN_IF_ERROR(w->BeginSection(type, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(words));
  return w->EndSection();
}

}  // namespace

ColumnData BuildColumn(uint64_t rows, std::span<const std::pair<uint64_t, const PropertyValue*>> values) {
  ColumnData c;
  c.rows = rows;
  c.type = ChooseColumnType(values);
  c.presence.assign(BitmapWords(rows), 0);
  switch (c.type) {
    case ColumnType::kInt64:
    case ColumnType::kDouble:
      c.values.assign(rows, 0);
      break;
    case ColumnType::kBool:
      c.bool_bits.assign(BitmapWords(rows), 0);
      break;
    case ColumnType::kString:
      c.string_offsets.assign(rows + 1, 0);
      break;
    case ColumnType::kMixed:
      c.values.assign(rows, 0);
      c.tags.assign(rows, 0);
      break;
  }
  uint64_t next_row = 0;  // String: rows before this one have their end offset set
  for (const auto& [row, v] : values) {
    if (v->is_null()) continue;
    SetBit(&c.presence, row);
    switch (c.type) {
      case ColumnType::kInt64:
        c.values[row] = static_cast<uint64_t>(v->as_int());
        break;
      case ColumnType::kDouble:
        c.values[row] = DoubleBits(v->as_double());
        break;
      case ColumnType::kBool:
        if (v->as_bool()) SetBit(&c.bool_bits, row);
        break;
      case ColumnType::kString:
        for (; next_row <= row; ++next_row) c.string_offsets[next_row] = c.heap.size();
        c.heap += v->as_string();
        break;
      case ColumnType::kMixed:
        c.tags[row] = static_cast<uint8_t>(v->tag());
        if (v->is_bool()) {
          c.values[row] = v->as_bool() ? 1 : 0;
        } else if (v->is_int()) {
          c.values[row] = static_cast<uint64_t>(v->as_int());
        } else if (v->is_double()) {
          c.values[row] = DoubleBits(v->as_double());
        } else {
          c.values[row] = c.heap.size();
          EncodeValue(*v, &c.heap);
        }
        break;
    }
  }
  if (c.type == ColumnType::kString) {
    for (; next_row <= rows; ++next_row) c.string_offsets[next_row] = c.heap.size();
  }
  return c;
}

Status WriteColumn(SectionFileWriter* w, const ColumnData& c) {
  QUIVER_RETURN_IF_ERROR(WriteWords(w, SectionType::kPresence, c.presence));
  switch (c.type) {
    case ColumnType::kInt64:
      return WriteWords(w, SectionType::kInt64Values, c.values);
    case ColumnType::kDouble:
      return WriteWords(w, SectionType::kDoubleValues, c.values);
    case ColumnType::kBool:
      return WriteWords(w, SectionType::kBoolBits, c.bool_bits);
    case ColumnType::kString:
      QUIVER_RETURN_IF_ERROR(WriteWords(w, SectionType::kStringOffsets, c.string_offsets));
      return w->AddSection(SectionType::kHeap, 1, c.heap);
    case ColumnType::kMixed:
      QUIVER_RETURN_IF_ERROR(
          w->AddSection(SectionType::kMixedTags, 1, {reinterpret_cast<const char*>(c.tags.data()), c.tags.size()}));
      QUIVER_RETURN_IF_ERROR(WriteWords(w, SectionType::kMixedSlots, c.values));
      return w->AddSection(SectionType::kHeap, 1, c.heap);
  }
  return Status::InvalidArgument("invalid column type");
}

std::string NodeColumnFileName(uint32_t key) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "node-prop-%06u.qv", key);
  return buf;
}

std::string EdgeColumnFileName(uint32_t type, uint32_t key, uint32_t segment) {
  char buf[56];
  if (segment == 0) {
    std::snprintf(buf, sizeof(buf), "edge-prop-%06u-%06u.qv", type, key);
  } else {
    std::snprintf(buf, sizeof(buf), "edge-prop-%06u-%06u-s%03u.qv", type, key, segment);
  }
  return buf;
}

Result<PropertyColumn> PropertyColumn::Open(const SectionFile& f, uint64_t rows) {
  PropertyColumn c;
  c.rows_ = rows;
  const uint32_t subtype = f.header().subtype;
  if (subtype < 1 || subtype > 5) return CorruptionAt(f.name(), 48, "invalid column type " + std::to_string(subtype));
  c.type_ = static_cast<ColumnType>(subtype);
  QUIVER_ASSIGN_OR_RETURN(c.presence_s_, f.Get(SectionType::kPresence, 8, BitmapWords(rows)));
  c.presence_ = c.presence_s_.uints();
  switch (c.type_) {
    case ColumnType::kInt64:
    case ColumnType::kDouble: {
      const auto t = c.type_ == ColumnType::kInt64 ? SectionType::kInt64Values : SectionType::kDoubleValues;
      QUIVER_ASSIGN_OR_RETURN(c.values_s_, f.Get(t, 8, rows));
      break;
    }
    case ColumnType::kBool: {
      QUIVER_ASSIGN_OR_RETURN(c.bool_bits_s_, f.Get(SectionType::kBoolBits, 8, BitmapWords(rows)));
      break;
    }
    case ColumnType::kString: {
      QUIVER_ASSIGN_OR_RETURN(c.string_offsets_s_, f.Get(SectionType::kStringOffsets, 8, rows + 1));
      QUIVER_ASSIGN_OR_RETURN(c.heap_s_, f.Get(SectionType::kHeap, 1));
      break;
    }
    case ColumnType::kMixed: {
      QUIVER_ASSIGN_OR_RETURN(c.tags_s_, f.Get(SectionType::kMixedTags, 1, rows));
      QUIVER_ASSIGN_OR_RETURN(c.values_s_, f.Get(SectionType::kMixedSlots, 8, rows));
      QUIVER_ASSIGN_OR_RETURN(c.heap_s_, f.Get(SectionType::kHeap, 1));
      break;
    }
  }
  c.values_ = c.values_s_.uints();
  c.bool_bits_ = c.bool_bits_s_.uints();
  c.string_offsets_ = c.string_offsets_s_.uints();
  c.tags_ = c.tags_s_.uints();
  c.heap_ = c.heap_s_.heap();
  return c;
}

namespace {

enum class RowOrder { kConsecutive, kAscending, kOther };

// Whether the rows ascend, and whether each is the one after the last (a chunk of an
// unfiltered scan), which needs no index per row. Consecutive is tested first, by a
// loop of 64-bit xor and or that vectorizes even on baseline x86-64 (which lacks a
// 64-bit compare); only other rows take the ordered test.
RowOrder OrderOf(std::span<const uint64_t> rows) {
  const uint64_t* __restrict r = rows.data();
  const uint64_t first = rows.empty() ? 0 : r[0];
  uint64_t differ = 0;
  for (size_t i = 0; i < rows.size(); ++i) differ |= r[i] ^ (first + i);
  if (differ == 0) return RowOrder::kConsecutive;
  return std::is_sorted(rows.begin(), rows.end()) ? RowOrder::kAscending : RowOrder::kOther;
}

// slots[i] = values[rows[i] - first] where present: the element width fixed at compile
// time, a slot's bits stored as Slot (uint64_t, or double for a float column).
template <typename T, typename Slot>
void GatherAscendingAs(const std::byte* values, const UIntArray& words, uint64_t first, uint64_t first_word,
                       std::span<const uint64_t> rows, bool consecutive, Slot* slots, uint8_t* present) {
  // The bitmap's words as plain loads (they are 64-bit words, verified by the Slice),
  // not a width dispatch per row.
  const std::byte* word_bytes = words.data();
  const bool plain_words = words.width() == 8;
  auto word = [&](uint64_t w) {
    if (!plain_words) return words[w];
    uint64_t bits;
    std::memcpy(&bits, word_bytes + w * 8, 8);
    return bits;
  };
  const size_t n = rows.size();
  // Whether every row in [first, last] is present (a column without nulls, the usual
  // case): an AND over the words that cover them, the bits outside the span set first.
  // Then no bit is read per row.
  const uint64_t last = rows[n - 1], last_word = last / 64 - first_word;
  uint64_t all = ~uint64_t{0};
  for (uint64_t w = 0; w <= last_word; ++w) {
    uint64_t bits = word(w);
    if (w == 0) bits |= (uint64_t{1} << (first % 64)) - 1;
    if (w == last_word && last % 64 != 63) bits |= ~uint64_t{0} << (last % 64 + 1);
    all &= bits;
  }
  const bool all_present = all == ~uint64_t{0};
  static_assert(sizeof(Slot) == 8);
  Slot* __restrict out = slots;
  // The value at `offset` from `first`, or 0 where `flag` is 0.
  auto store = [&](size_t i, uint64_t offset, uint8_t flag) {
    T x;
    std::memcpy(&x, values + offset * sizeof(T), sizeof(T));
    const uint64_t bits = uint64_t{x} & (uint64_t{0} - flag);
    std::memcpy(out + i, &bits, 8);
  };
  if (consecutive) {
    // Consecutive rows (a chunk of an unfiltered scan): no index per row, and loops the
    // compiler vectorizes — the presence bits spread to bytes, then the values widened
    // where present.
    uint8_t* __restrict flags = present;
    if (all_present) {
      std::memset(flags, 1, n);
    } else {
      const size_t word_count = words.size();
      size_t i = 0;
      for (; i + 8 <= n; i += 8) {
        // The eight bits of rows first+i.. (across a word boundary where they fall), each
        // spread to its byte: the byte j of b * 0x0101.. & 0x8040..01 is bit j's place.
        const uint64_t r = first + i, w = r / 64 - first_word, shift = r % 64;
        uint64_t bits = word(w) >> shift;
        if (shift > 56 && w + 1 < word_count) bits |= word(w + 1) << (64 - shift);
        const uint64_t spread = ((bits & 0xFF) * 0x0101010101010101ULL) & 0x8040201008040201ULL;
        const uint64_t bytes = ((spread + 0x7F7F7F7F7F7F7F7FULL) >> 7) & 0x0101010101010101ULL;
        std::memcpy(flags + i, &bytes, 8);
      }
      for (; i < n; ++i) {
        const uint64_t r = first + i;
        flags[i] = static_cast<uint8_t>((word(r / 64 - first_word) >> (r % 64)) & 1);
      }
    }
    for (size_t i = 0; i < n; ++i) store(i, i, flags[i]);
    return;
  }
  // One loop per case, the presence test compiled out where every row is present.
  auto sparse = [&](auto every_present) {
    for (size_t i = 0; i < n; ++i) {
      const uint64_t r = rows[i];
      const auto p = every_present ? uint8_t{1} : static_cast<uint8_t>((word(r / 64 - first_word) >> (r % 64)) & 1);
      present[i] = p;
      store(i, r - first, p);
    }
  };
  if (all_present) {
    sparse(std::true_type());
  } else {
    sparse(std::false_type());
  }
}

}  // namespace

bool PropertyColumn::PresenceWords(uint64_t first, uint64_t last, UIntArray& words) const {
  if (last >= rows_) return false;
  words = presence_.Slice(first / 64, last / 64 + 1);
  return words.size() == last / 64 + 1 - first / 64;
}

template <typename Slot>
bool PropertyColumn::GatherAscending(std::span<const uint64_t> rows, bool consecutive, Slot* slots,
                                     uint8_t* present) const {
  const uint64_t first = rows.front();
  const uint64_t last = rows.back();
  // The span the rows fall in is verified once here (Slice), not once per element.
  UIntArray words;
  if (!PresenceWords(first, last, words)) return false;
  const UIntArray values = values_.Slice(first, last + 1);
  const uint64_t first_word = first / 64;
  if (values.size() != last + 1 - first) return false;
  auto gather = [&](auto width_type) {
    GatherAscendingAs<decltype(width_type)>(values.data(), words, first, first_word, rows, consecutive, slots,
                                            present);
    return true;
  };
  switch (values.width()) {
    case 8: return gather(uint64_t{});
    case 4: return gather(uint32_t{});
    case 2: return gather(uint16_t{});
    case 1: return gather(uint8_t{});
    default: return false;
  }
}

bool PropertyColumn::GatherStringsAscending(std::span<const uint64_t> rows, std::string_view* strings,
                                            uint8_t* present) const {
  const uint64_t first = rows.front();
  const uint64_t last = rows.back();
  UIntArray words;
  if (!PresenceWords(first, last, words)) return false;
  const UIntArray offsets = string_offsets_.Slice(first, last + 2);
  const uint64_t first_word = first / 64;
  if (offsets.size() != last + 2 - first) return false;
  const uint64_t heap_begin = offsets[0];
  const uint64_t heap_end = offsets[last + 1 - first];
  if (heap_end < heap_begin) return false;
  // The bytes every row's string lies in, verified once; each view is a piece of them.
  const std::string_view bytes = heap_.Range(heap_begin, heap_end);
  if (bytes.size() != heap_end - heap_begin) return false;
  for (size_t i = 0; i < rows.size(); ++i) {
    const uint64_t r = rows[i];
    const auto p = static_cast<uint8_t>((words[r / 64 - first_word] >> (r % 64)) & 1);
    present[i] = p;
    const uint64_t begin = offsets[r - first], end = offsets[r + 1 - first];
    // Offsets out of order are damage: the row reads as empty rather than past its bytes
    // (Verify reports it).
    strings[i] = p && heap_begin <= begin && begin <= end && end <= heap_end ? bytes.substr(begin - heap_begin, end - begin)
                                                       : std::string_view();
  }
  return true;
}

void PropertyColumn::GatherStrings(std::span<const uint64_t> rows, std::string_view* strings,
                                   uint8_t* present) const {
  const size_t n = rows.size();
  if (n > 0 && std::is_sorted(rows.begin(), rows.end()) && GatherStringsAscending(rows, strings, present)) return;
  // Random rows: two dependent misses per row (offset, then bytes); prefetching the
  // offsets far ahead and the bytes of nearer rows overlaps both.
  constexpr size_t kOffsetsAhead = 16, kBytesAhead = 8;
  const std::byte* offsets = string_offsets_.data();
  const uint32_t width = string_offsets_.width();
  const std::string_view heap = heap_.unchecked();
  for (size_t i = 0; i < n; ++i) {
    if (i + kOffsetsAhead < n && rows[i + kOffsetsAhead] < rows_) {
      __builtin_prefetch(offsets + rows[i + kOffsetsAhead] * width);
    }
    if (i + kBytesAhead < n && rows[i + kBytesAhead] < rows_) {
      const uint64_t at = string_offsets_[rows[i + kBytesAhead]];
      if (at < heap.size()) __builtin_prefetch(heap.data() + at);
    }
    const uint64_t row = rows[i];
    present[i] = IsPresent(row) ? 1 : 0;
    strings[i] = present[i] ? StringAt(row) : std::string_view();
  }
}

template <typename Slot>
void PropertyColumn::GatherSlotsAs(std::span<const uint64_t> rows, Slot* slots, uint8_t* present) const {
  const size_t n = rows.size();
  // A chunk from a scan, filtered or not, holds ascending ids: one span to verify, and an
  // access pattern the hardware prefetches by itself.
  if (n > 0) {
    const RowOrder order = OrderOf(rows);
    if (order != RowOrder::kOther && GatherAscending(rows, order == RowOrder::kConsecutive, slots, present)) return;
  }
  constexpr size_t kAhead = 16;
  const std::byte* data = values_.data();
  const uint32_t width = values_.width();
  for (size_t i = 0; i < n; ++i) {
    if (i + kAhead < n && rows[i + kAhead] < values_.size()) {
      __builtin_prefetch(data + rows[i + kAhead] * width);
    }
    const uint64_t row = rows[i];
    present[i] = IsPresent(row) ? 1 : 0;
    slots[i] = std::bit_cast<Slot>(present[i] ? SlotAt(row) : uint64_t{0});
  }
}

void PropertyColumn::GatherSlots(std::span<const uint64_t> rows, uint64_t* slots, uint8_t* present) const {
  GatherSlotsAs(rows, slots, present);
}

void PropertyColumn::GatherDoubles(std::span<const uint64_t> rows, double* values, uint8_t* present) const {
  GatherSlotsAs(rows, values, present);
}

double PropertyColumn::DoubleAt(uint64_t row) const {
  const uint64_t bits = SlotAt(row);
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

std::string_view PropertyColumn::StringAt(uint64_t row) const {
  if (row >= rows_ || type_ != ColumnType::kString) return {};
  return heap_.Range(string_offsets_[row], string_offsets_[row + 1]);
}

Result<PropertyValue> PropertyColumn::Get(uint64_t row) const {
  if (!IsPresent(row)) return PropertyValue();
  switch (type_) {
    case ColumnType::kInt64: return PropertyValue(Int64At(row));
    case ColumnType::kDouble: return PropertyValue(DoubleAt(row));
    case ColumnType::kBool: return PropertyValue(BoolAt(row));
    case ColumnType::kString: return PropertyValue(StringAt(row));
    case ColumnType::kMixed: break;
  }
  const auto tag = static_cast<ValueTag>(tags_[row]);
  switch (tag) {
    case ValueTag::kBool: return PropertyValue(SlotAt(row) != 0);
    case ValueTag::kInt64: return PropertyValue(Int64At(row));
    case ValueTag::kDouble: return PropertyValue(DoubleAt(row));
    case ValueTag::kString:
    case ValueTag::kList:
    case ValueTag::kMap:
    case ValueTag::kDate:
    case ValueTag::kLocalTime:
    case ValueTag::kTime:
    case ValueTag::kLocalDateTime:
    case ValueTag::kDateTime:
    case ValueTag::kDuration: {
      const uint64_t start = SlotAt(row);
      uint64_t pos = start;
      Result<PropertyValue> v = DecodeValue(heap_.unchecked(), &pos);
      // What the decoder read is known only now: check it (a value that does not decode
      // may sit in a damaged block, which is what to report then).
      heap_.Check(heap_.unchecked().substr(std::min<uint64_t>(start, heap_.size()),
                                           std::max<uint64_t>(pos, start + 1) - start));
      if (v.ok() && v->tag() != tag) {
        return Status::Corruption("mixed column row " + std::to_string(row) + ": heap value tag differs from row tag");
      }
      return v;
    }
    case ValueTag::kNull: break;
  }
  return Status::Corruption("mixed column row " + std::to_string(row) + ": invalid tag " + std::to_string(tags_[row]));
}

Status PropertyColumn::Verify(const SectionFile& f) const {
  const std::string& n = f.name();
  const uint64_t words = BitmapWords(rows_);
  auto tail_clear = [&](const UIntArray& bits, const SectionView& s, const char* what) -> Status {
    if (rows_ % 64 != 0 && (bits[words - 1] >> (rows_ % 64)) != 0) {
      return CorruptionAt(n, s.OffsetOf(words - 1), std::string(what) + " has bits set past the last row");
    }
    return Status::OK();
  };
  QUIVER_RETURN_IF_ERROR(tail_clear(presence_, presence_s_, "presence bitmap"));
  if (type_ == ColumnType::kBool) QUIVER_RETURN_IF_ERROR(tail_clear(bool_bits_, bool_bits_s_, "bool bitmap"));
  if (type_ == ColumnType::kString) {
    if (string_offsets_[0] != 0) return CorruptionAt(n, string_offsets_s_.offset, "string offsets[0] is not 0");
    if (string_offsets_[rows_] != heap_.size()) {
      return CorruptionAt(n, string_offsets_s_.OffsetOf(rows_), "last string offset is not the heap size");
    }
  }
  for (uint64_t r = 0; r < rows_; ++r) {
    const bool present = IsPresent(r);
    switch (type_) {
      case ColumnType::kInt64:
      case ColumnType::kDouble:
        if (!present && values_[r] != 0) return CorruptionAt(n, values_s_.OffsetOf(r), "absent row holds a value");
        break;
      case ColumnType::kBool:
        if (!present && Bit(bool_bits_, r)) return CorruptionAt(n, bool_bits_s_.OffsetOf(r / 64), "absent row holds true");
        break;
      case ColumnType::kString: {
        const uint64_t b = string_offsets_[r], e = string_offsets_[r + 1];
        if (e < b || e > heap_.size()) return CorruptionAt(n, string_offsets_s_.OffsetOf(r + 1), "string offsets out of order");
        if (!present && e != b) return CorruptionAt(n, string_offsets_s_.OffsetOf(r + 1), "absent row holds a string");
        break;
      }
      case ColumnType::kMixed: {
        const uint64_t tag = tags_[r];
        if (!present) {
          if (tag != 0 || values_[r] != 0) return CorruptionAt(n, tags_s_.OffsetOf(r), "absent row holds a value");
          break;
        }
        if (tag < static_cast<uint8_t>(ValueTag::kBool) || tag > static_cast<uint8_t>(kLastValueTag)) {
          return CorruptionAt(n, tags_s_.OffsetOf(r), "invalid value tag " + std::to_string(tag));
        }
        if (tag == static_cast<uint8_t>(ValueTag::kBool) && values_[r] > 1) {
          return CorruptionAt(n, values_s_.OffsetOf(r), "bool slot is not 0 or 1");
        }
        if (tag >= static_cast<uint8_t>(ValueTag::kString)) {
          const Result<PropertyValue> v = Get(r);
          const uint64_t slot = values_[r];
          if (!v.ok()) {
            return CorruptionAt(n, heap_s_.offset + std::min<uint64_t>(slot, heap_.size()), v.status().message());
          }
        }
        break;
      }
    }
  }
  return Status::OK();
}

}  // namespace quiver::storage
