#include "quiver/status.h"

#include <gtest/gtest.h>

#include "common/assert.h"
#include "quiver/error.h"

namespace quiver {
namespace {

Result<int> Half(int x) {
  if (x % 2 != 0) return Status::InvalidArgument("odd");
  return x / 2;
}

Result<int> Quarter(int x) {
  QUIVER_ASSIGN_OR_RETURN(int half, Half(x));
  return Half(half);
}

TEST(StatusTest, OkAndErrors) {
  EXPECT_TRUE(Status::OK().ok());
  Status s = Status::Corruption("bad checksum").WithContext("manifest");
  EXPECT_TRUE(s.IsCorruption());
  EXPECT_EQ(s.ToString(), "Corruption: manifest: bad checksum");
  EXPECT_TRUE(Status::FromErrno("open", "/x", ENOENT).IsNotFound());
  EXPECT_EQ(Status::FromErrno("write", "/x", ENOSPC).code(), StatusCode::kResourceExhausted);
}

TEST(StatusTest, ResultPropagates) {
  EXPECT_EQ(*Quarter(8), 2);
  EXPECT_EQ(Quarter(6).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(Quarter(3).status().message(), "odd");
}

TEST(ErrorTest, CarriesClassDetailAndPhase) {
  try {
    throw SyntaxError("UndefinedVariable", "Variable `x` not defined", ErrorPhase::kCompileTime);
  } catch (const QuiverError& e) {
    EXPECT_EQ(e.error_class(), ErrorClass::kSyntaxError);
    EXPECT_EQ(e.detail(), "UndefinedVariable");
    EXPECT_EQ(e.phase(), ErrorPhase::kCompileTime);
    EXPECT_STREQ(e.what(), "SyntaxError/UndefinedVariable: Variable `x` not defined");
  }
}

TEST(ErrorTest, StatusBecomesException) {
  EXPECT_NO_THROW(ThrowIfError(Status::OK()));
  EXPECT_THROW(ThrowIfError(Status::ResourceExhausted("budget")), ResourceExhaustedError);
  EXPECT_THROW(ThrowIfError(Status::IOError("disk")), StorageError);
}

TEST(AssertTest, StaysOnAndThrowsInternalError) {
  EXPECT_THROW(QUIVER_ASSERT(1 + 1 == 3), InternalError);
  EXPECT_NO_THROW(QUIVER_ASSERT(1 + 1 == 2));
}

}  // namespace
}  // namespace quiver
