// A main() for the fuzz targets where libFuzzer is not there (gcc builds, `make test`):
// runs every input of the given corpus directories and files once, then, for the given
// seconds, inputs made by random mutations of them — bit flips, interesting integers,
// inserted, deleted, copied and spliced byte ranges, dictionary tokens — from a fixed
// seed, so a run is repeatable. It is NOT coverage-guided: it finds what lies a few
// mutations from the seeds, and `make fuzz` (libFuzzer) is the real search.
//
//   quiver_fuzz_smoke_cypher [-seconds=N] [-seed=N] [-max_len=N] [-runs=N] [-timeout=S]
//                            [-dict=FILE] [-crash_dir=DIR] CORPUS_DIR_OR_FILE...
//
// A crash (signal), a hang past -timeout seconds or an abort (a target's Finding) writes
// the input to CRASH_DIR/crash-<hash> (default: the current directory), prints its path
// and its first bytes, and kills the process with the signal, so ctest reports a failure.

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

// The input being run, for the signal handler (which may only use what was set up).
const std::string* g_current = nullptr;
char g_crash_path[4096] = "";

void WriteAll(int fd, const char* p, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w <= 0) return;
    p += w;
    n -= static_cast<size_t>(w);
  }
}

void WriteText(const char* s) {
  WriteAll(2, s, std::strlen(s));
}

// Async-signal-safe: raw write(2) only; the path was formatted before the input ran.
void OnCrash(int sig) {
  WriteText(sig == SIGALRM ? "\nfuzz driver: input timed out\n" : "\nfuzz driver: crash on input\n");
  if (g_current != nullptr && g_crash_path[0] != '\0') {
    const int fd = ::open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      WriteAll(fd, g_current->data(), g_current->size());
      ::close(fd);
      WriteText("input written to ");
      WriteText(g_crash_path);
      WriteText("\n");
    }
    static const char kHex[] = "0123456789abcdef";
    WriteText("first bytes: ");
    for (size_t i = 0; i < std::min<size_t>(g_current->size(), 64); ++i) {
      const unsigned char c = static_cast<unsigned char>((*g_current)[i]);
      const char hex[3] = {kHex[c >> 4], kHex[c & 15], ' '};
      WriteAll(2, hex, 3);
    }
    WriteText("\n");
  }
  ::signal(sig == SIGALRM ? SIGABRT : sig, SIG_DFL);
  ::raise(sig == SIGALRM ? SIGABRT : sig);
}

struct Options {
  double seconds = 0;
  uint64_t seed = 1;
  size_t max_len = 4096;
  uint64_t runs = UINT64_MAX;  // mutated inputs at most
  unsigned timeout = 25;
  std::string dict;
  std::string crash_dir = ".";
  std::vector<std::string> inputs;
};

bool Flag(const std::string& arg, const char* name, std::string* value) {
  const std::string prefix = std::string("-") + name + "=";
  if (arg.rfind(prefix, 0) != 0) return false;
  *value = arg.substr(prefix.size());
  return true;
}

Options ParseArgs(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string v;
    if (Flag(arg, "seconds", &v) || Flag(arg, "max_total_time", &v)) {
      o.seconds = std::stod(v);
    } else if (Flag(arg, "seed", &v)) {
      o.seed = std::stoull(v);
    } else if (Flag(arg, "max_len", &v)) {
      o.max_len = std::stoull(v);
    } else if (Flag(arg, "runs", &v)) {
      o.runs = std::stoull(v);
    } else if (Flag(arg, "timeout", &v)) {
      o.timeout = static_cast<unsigned>(std::stoul(v));
    } else if (Flag(arg, "dict", &v)) {
      o.dict = v;
    } else if (Flag(arg, "crash_dir", &v)) {
      o.crash_dir = v;
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "fuzz driver: unknown flag %s\n", arg.c_str());
      std::exit(2);
    } else {
      o.inputs.push_back(arg);
    }
  }
  return o;
}

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> LoadCorpus(const std::vector<std::string>& inputs, size_t max_len) {
  std::vector<std::filesystem::path> files;
  for (const auto& in : inputs) {
    std::error_code ec;
    if (std::filesystem::is_directory(in, ec)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(in)) {
        if (e.is_regular_file()) files.push_back(e.path());
      }
    } else if (std::filesystem::is_regular_file(in, ec)) {
      files.emplace_back(in);
    }  // a directory not there (no regressions yet, no TCK) holds no inputs
  }
  std::sort(files.begin(), files.end());  // a repeatable order whatever the directory's
  std::vector<std::string> corpus;
  for (const auto& f : files) {
    std::string data = ReadFile(f);
    if (data.size() > max_len) data.resize(max_len);
    corpus.push_back(std::move(data));
  }
  return corpus;
}

// libFuzzer's dictionary format: one "token" per line (C escapes \\, \", \xHH), # comments.
std::vector<std::string> LoadDict(const std::string& path) {
  std::vector<std::string> tokens;
  if (path.empty()) return tokens;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const size_t open = line.find('"');
    const size_t close = line.rfind('"');
    if (line.empty() || line[0] == '#' || open == std::string::npos || close <= open) continue;
    std::string token;
    for (size_t i = open + 1; i < close; ++i) {
      if (line[i] == '\\' && i + 1 < close) {
        const char c = line[++i];
        if (c == 'x' && i + 2 < close) {
          token.push_back(static_cast<char>(std::stoi(line.substr(i + 1, 2), nullptr, 16)));
          i += 2;
        } else {
          token.push_back(c);
        }
      } else {
        token.push_back(line[i]);
      }
    }
    tokens.push_back(std::move(token));
  }
  return tokens;
}

class Mutator {
 public:
  Mutator(uint64_t seed, const std::vector<std::string>* corpus, const std::vector<std::string>* dict,
          size_t max_len)
      : rng_(seed), corpus_(corpus), dict_(dict), max_len_(max_len) {}

  std::string Next() {
    std::string s = corpus_->empty() ? std::string() : (*corpus_)[Below(corpus_->size())];
    const int n = 1 + static_cast<int>(Below(5));
    for (int i = 0; i < n; ++i) MutateOnce(&s);
    if (s.size() > max_len_) s.resize(max_len_);
    return s;
  }

 private:
  uint64_t Below(uint64_t n) { return n == 0 ? 0 : rng_() % n; }

  void MutateOnce(std::string* s) {
    static constexpr uint64_t kInteresting[] = {0,
                                                1,
                                                0x7f,
                                                0x80,
                                                0xff,
                                                0x7fff,
                                                0xffff,
                                                0x7fffffff,
                                                0xffffffff,
                                                0x100000000ull,
                                                0x7fffffffffffffffull,
                                                0xffffffffffffffffull,
                                                64,
                                                4096};
    switch (Below(s->empty() ? 3 : 10)) {
      case 0: {  // insert random bytes
        const size_t at = Below(s->size() + 1);
        std::string bytes(1 + Below(8), '\0');
        for (char& c : bytes) c = static_cast<char>(rng_());
        s->insert(at, bytes);
        break;
      }
      case 1: {  // insert a dictionary token
        if (dict_->empty()) return MutateOnce(s);
        s->insert(Below(s->size() + 1), (*dict_)[Below(dict_->size())]);
        break;
      }
      case 2: {  // splice: a range of another input
        if (corpus_->empty()) return;
        const std::string& other = (*corpus_)[Below(corpus_->size())];
        if (other.empty()) return;
        const size_t from = Below(other.size());
        const size_t len = 1 + Below(std::min<size_t>(other.size() - from, 64));
        s->insert(Below(s->size() + 1), other.substr(from, len));
        break;
      }
      case 3:  // flip a bit
        (*s)[Below(s->size())] ^= static_cast<char>(1u << Below(8));
        break;
      case 4:  // set a byte
        (*s)[Below(s->size())] = static_cast<char>(rng_());
        break;
      case 5: {  // overwrite with an interesting little-endian integer
        const uint64_t v = kInteresting[Below(std::size(kInteresting))];
        const size_t width = size_t{1} << Below(4);
        const size_t at = Below(s->size());
        for (size_t i = 0; i < width && at + i < s->size(); ++i)
          (*s)[at + i] = static_cast<char>(v >> (8 * i));
        break;
      }
      case 6: {  // delete a range
        const size_t at = Below(s->size());
        s->erase(at, 1 + Below(std::min<size_t>(s->size() - at, 16)));
        break;
      }
      case 7: {  // duplicate a range in place
        const size_t at = Below(s->size());
        const size_t len = 1 + Below(std::min<size_t>(s->size() - at, 32));
        s->insert(at, s->substr(at, len));
        break;
      }
      case 8: {  // an ASCII digit or sign, for text formats
        static constexpr char kChars[] = "0123456789-+.,;:\"'()[]{}\n\\ eE";
        (*s)[Below(s->size())] = kChars[Below(sizeof(kChars) - 1)];
        break;
      }
      default: {  // truncate
        s->resize(Below(s->size()));
        break;
      }
    }
  }

  std::mt19937_64 rng_;
  const std::vector<std::string>* corpus_;
  const std::vector<std::string>* dict_;
  size_t max_len_;
};

void Run(const std::string& input, const Options& o) {
  // FNV-1a of the input names its crash file.
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : input) h = (h ^ c) * 1099511628211ull;
  std::snprintf(g_crash_path, sizeof(g_crash_path), "%s/crash-%016llx", o.crash_dir.c_str(),
                static_cast<unsigned long long>(h));
  g_current = &input;
  ::alarm(o.timeout);
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
  ::alarm(0);
  g_current = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  const Options o = ParseArgs(argc, argv);
  for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGALRM}) ::signal(sig, OnCrash);
  std::filesystem::create_directories(o.crash_dir);

  const std::vector<std::string> corpus = LoadCorpus(o.inputs, o.max_len);
  const std::vector<std::string> dict = LoadDict(o.dict);
  const auto start = std::chrono::steady_clock::now();
  for (const auto& input : corpus) Run(input, o);
  const double corpus_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Mutator mutator(o.seed, &corpus, &dict, o.max_len);
  uint64_t mutated = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(o.seconds);
  while (mutated < o.runs && std::chrono::steady_clock::now() < deadline) {
    Run(mutator.Next(), o);
    ++mutated;
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("fuzz driver: %zu corpus inputs (%.2f s), %llu mutated inputs, %.2f s, seed %llu: no finding\n",
              corpus.size(), corpus_seconds, static_cast<unsigned long long>(mutated), total,
              static_cast<unsigned long long>(o.seed));
  return 0;
}
