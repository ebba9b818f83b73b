#include "bench/props_graph.h"

#include <array>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "common/splitmix64.h"

namespace quiver::bench {
namespace {

constexpr std::array<const char*, 16> kNames = {"Ada",  "Alan",  "Alice", "Alma",  "Bob",  "Carol",
                                                "Dave", "Eve",   "Frank", "Grace", "Hugo", "Ines",
                                                "Jan",  "Karin", "Liam",  "Mia"};
constexpr std::array<const char*, 12> kCities = {"Amsterdam", "Berlin", "Cairo", "Delhi", "Lima",  "Oslo",
                                                 "Paris",     "Quito",  "Rome",  "Seoul", "Tokyo", "Zagreb"};

// A buffered writer: millions of short rows, one fwrite per 1 MiB.
class RowWriter {
 public:
  explicit RowWriter(const std::string& path) : path_(path), file_(std::fopen(path.c_str(), "wb")) {}
  ~RowWriter() {
    if (file_) std::fclose(file_);
  }
  bool ok() const { return file_ != nullptr && !failed_; }
  void Append(const char* data, size_t n) {
    buffer_.append(data, n);
    if (buffer_.size() >= (1u << 20)) Flush();
  }
  void Append(const std::string& s) { Append(s.data(), s.size()); }
  Status Close() {
    Flush();
    if (!file_ || std::fclose(file_) != 0) failed_ = true;
    file_ = nullptr;
    return failed_ ? Status::IOError("cannot write " + path_) : Status::OK();
  }

 private:
  void Flush() {
    if (file_ && !buffer_.empty() &&
        std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
      failed_ = true;
    }
    buffer_.clear();
  }
  std::string path_;
  std::FILE* file_;
  std::string buffer_;
  bool failed_ = false;
};

}  // namespace

Status ForEachCsvEdge(const std::string& edges_csv, const std::function<void(uint64_t, uint64_t)>& fn) {
  std::ifstream in(edges_csv, std::ios::binary);
  if (!in) return Status::NotFound("cannot read " + edges_csv);
  std::string line;
  uint64_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line_no == 1 || line.empty()) continue;  // the header
    const char* p = line.data();
    const char* end = p + line.size();
    uint64_t src = 0, dst = 0;
    auto a = std::from_chars(p, end, src);
    if (a.ec != std::errc() || a.ptr == end || *a.ptr != ',') {
      return Status::Corruption(edges_csv + ":" + std::to_string(line_no) + ": not 'src,dst,...'");
    }
    auto b = std::from_chars(a.ptr + 1, end, dst);
    if (b.ec != std::errc())
      return Status::Corruption(edges_csv + ":" + std::to_string(line_no) + ": bad end id");
    fn(src, dst);
  }
  return Status::OK();
}

Result<std::vector<uint8_t>> OutEdgeFlags(const std::string& edges_csv, uint64_t vertices) {
  std::vector<uint8_t> has(vertices, 0);
  bool out_of_range = false;
  QUIVER_RETURN_IF_ERROR(ForEachCsvEdge(edges_csv, [&](uint64_t s, uint64_t) {
    if (s < vertices)
      has[s] = 1;
    else
      out_of_range = true;
  }));
  if (out_of_range)
    return Status::Corruption(edges_csv + ": a source id is not below " + std::to_string(vertices));
  return has;
}

Result<PropsGraphFiles> WritePropsGraph(const std::string& g500_edges_csv, uint64_t vertices, uint64_t seed,
                                        const std::string& out_dir) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) return Status::IOError("cannot create " + out_dir + ": " + ec.message());
  PropsGraphFiles files;
  files.person_csv = out_dir + "/person.csv";
  files.knows_csv = out_dir + "/knows.csv";
  files.persons = vertices;
  files.has_out.assign(vertices, 0);
  {
    RowWriter out(files.person_csv);
    if (!out.ok()) return Status::IOError("cannot create " + files.person_csv);
    out.Append(std::string("id:ID{id-type:int},age:int,score:float,name,city\n"));
    char row[128];
    for (uint64_t id = 0; id < vertices; ++id) {
      const uint64_t h = SplitMix64Mix(seed * 0x100000001b3ULL ^ id);
      const int n = std::snprintf(
          row, sizeof(row), "%llu,%llu,%.4f,%s,%s\n", static_cast<unsigned long long>(id),
          static_cast<unsigned long long>(18 + h % 73), static_cast<double>((h >> 8) % 10000) / 10000.0,
          kNames[(h >> 24) % kNames.size()], kCities[(h >> 32) % kCities.size()]);
      out.Append(row, static_cast<size_t>(n));
    }
    QUIVER_RETURN_IF_ERROR(out.Close());
  }
  RowWriter out(files.knows_csv);
  if (!out.ok()) return Status::IOError("cannot create " + files.knows_csv);
  out.Append(std::string(":START_ID,:END_ID,since:int\n"));
  uint64_t edge_no = 0;
  bool out_of_range = false;
  char row[80];
  Status s = ForEachCsvEdge(g500_edges_csv, [&](uint64_t src, uint64_t dst) {
    const uint64_t e = edge_no++;
    if (src == dst) return;  // nobody knows themselves; also keeps walk and trail semantics equal
    if (src >= vertices || dst >= vertices) {
      out_of_range = true;
      return;
    }
    files.has_out[src] = 1;
    const uint64_t since = 1990 + SplitMix64Mix(~seed ^ (e * 0x9e3779b97f4a7c15ULL)) % 35;
    const int n = std::snprintf(row, sizeof(row), "%llu,%llu,%llu\n", static_cast<unsigned long long>(src),
                                static_cast<unsigned long long>(dst), static_cast<unsigned long long>(since));
    out.Append(row, static_cast<size_t>(n));
    ++files.knows;
  });
  QUIVER_RETURN_IF_ERROR(s);
  if (out_of_range)
    return Status::Corruption(g500_edges_csv + ": an end id is not below " + std::to_string(vertices));
  QUIVER_RETURN_IF_ERROR(out.Close());
  return files;
}

}  // namespace quiver::bench
