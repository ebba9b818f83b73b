#include "errors.h"

#include <new>

#include "addon_data.h"

namespace quiver::node {

ErrorInfo ErrorInfo::From(const QuiverError& error) {
  return {std::string(ErrorClassName(error.error_class())), error.detail(),
          error.phase() == ErrorPhase::kCompileTime ? "compile time" : "runtime", error.message()};
}

ErrorInfo ErrorInfo::FromCurrentException() {
  try {
    throw;
  } catch (const QuiverError& e) {
    return From(e);
  } catch (const std::bad_alloc&) {
    return {"ResourceExhausted", "OutOfMemory", "runtime", "out of memory"};
  } catch (const std::exception& e) {
    return {"InternalError", "", "runtime", e.what()};
  } catch (...) {
    return {"InternalError", "", "runtime", "unknown exception"};
  }
}

ErrorInfo ErrorInfo::Closed(std::string detail, std::string what) {
  return {"ClientError", std::move(detail), "runtime", std::move(what)};
}

Napi::Value MakeError(Napi::Env env, const ErrorInfo& info) {
  const AddonData& data = AddonData::Get(env);
  if (data.make_error.IsEmpty()) return Napi::Error::New(env, info.message).Value();
  return data.make_error.Call({Napi::String::New(env, info.error_class), Napi::String::New(env, info.detail),
                               Napi::String::New(env, info.phase), Napi::String::New(env, info.message)});
}

void ThrowError(Napi::Env env, const ErrorInfo& info) {
  throw Napi::Error(env, MakeError(env, info));
}

}  // namespace quiver::node
