#include "fuzz/edits.h"

#include <algorithm>
#include <iterator>

namespace quiver::fuzz {

void ApplyEdits(FuzzInput& in, const std::vector<Region>& regions, std::string* file) {
  static constexpr uint64_t kInteresting[] = {0,
                                              1,
                                              2,
                                              7,
                                              8,
                                              63,
                                              64,
                                              65,
                                              0x7f,
                                              0xff,
                                              0xffff,
                                              0x7fffffff,
                                              0xffffffff,
                                              0x100000000ull,
                                              0x7fffffffffffffffull,
                                              0x8000000000000000ull,
                                              0xffffffffffffffffull};
  for (int edits = 0; !in.empty() && edits < 64; ++edits) {
    const uint8_t op = in.U8();
    uint64_t at = 0;
    if (!regions.empty()) {
      const Region& r = regions[in.U8() % regions.size()];
      at = r.offset + (r.length == 0 ? 0 : in.U16() % r.length);
    } else {
      at = file->empty() ? 0 : in.U32() % file->size();
    }
    auto put = [&](uint64_t v, size_t width) {
      for (size_t i = 0; i < width && at + i < file->size(); ++i)
        (*file)[at + i] = static_cast<char>(v >> (8 * i));
    };
    auto get = [&](size_t width) {
      uint64_t v = 0;
      for (size_t i = 0; i < width && at + i < file->size(); ++i) {
        v |= static_cast<uint64_t>(static_cast<uint8_t>((*file)[at + i])) << (8 * i);
      }
      return v;
    };
    switch (op & 7) {
      case 0:
        put(get(1) ^ in.U8(), 1);
        break;
      case 1:
        put(in.U32(), 4);
        break;
      case 2:
        put(in.U64(), 8);
        break;
      case 3:
        put(get(4) + static_cast<uint64_t>(static_cast<int8_t>(in.U8())), 4);
        break;
      case 4:
        put(get(8) + static_cast<uint64_t>(static_cast<int8_t>(in.U8())), 8);
        break;
      case 5:
        put(kInteresting[in.U8() % std::size(kInteresting)], (op & 8) ? 4 : 8);
        break;
      case 6:
        file->resize(std::min<uint64_t>(at, file->size()) + (op >> 3));
        break;
      default: {
        const uint8_t n = in.U8();
        if (op & 8) {
          file->erase(std::min<uint64_t>(at, file->size()), n);
        } else {
          file->insert(std::min<uint64_t>(at, file->size()), std::string(in.Bytes(n)));
        }
        break;
      }
    }
  }
}

}  // namespace quiver::fuzz
