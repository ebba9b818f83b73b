#include "ratchet.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace quiver::tck {
namespace {

TEST(RatchetTest, WritesAndReadsIdsSkippingComments) {
  const auto dir = std::filesystem::temp_directory_path() / ("quiver_ratchet_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "passing.txt").string();
  const std::vector<std::string> ids = {"Match1:30 [1] Match non-existent nodes returns empty",
                                        "Return2:40#3 [2] Return <x> with | and # inside"};
  WriteRatchet(path, ids);
  EXPECT_EQ(ReadRatchet(path), ids);
  {
    std::ofstream out(path, std::ios::app);
    out << "\n# a comment\r\nExtra:1 [1] x \r\n";
  }
  auto read = ReadRatchet(path);
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read.back(), "Extra:1 [1] x");
  std::filesystem::remove_all(dir);
  EXPECT_THROW(ReadRatchet(path), std::runtime_error);
}

}  // namespace
}  // namespace quiver::tck
