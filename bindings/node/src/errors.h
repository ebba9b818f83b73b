#pragma once
// Errors as JavaScript sees them: every failure of the engine becomes a quiver.QuiverError
// (index.js) carrying the openCypher class, the detail code, the phase and the message
// of the C++ QuiverError (quiver/error.h). Work done off the JavaScript thread records
// an ErrorInfo there; the error object is made on the JavaScript thread.

#include <napi.h>

#include <exception>
#include <string>

#include "quiver/error.h"

namespace quiver::node {

struct ErrorInfo {
  std::string error_class;  // ErrorClassName: "SyntaxError", "ClientError", ...
  std::string detail;       // "UndefinedVariable", ...; may be empty
  std::string phase;        // "compile time" or "runtime"
  std::string message;      // without the "Class/Detail: " prefix

  static ErrorInfo From(const QuiverError& error);
  // What the exception in flight says (call inside a catch block): a QuiverError's parts,
  // std::bad_alloc as ResourceExhausted, anything else as InternalError.
  static ErrorInfo FromCurrentException();
  // ClientError/<detail>: an object used after it was closed.
  static ErrorInfo Closed(std::string detail, std::string what);
};

// The quiver.QuiverError (of the subclass for its class) that `info` describes.
Napi::Value MakeError(Napi::Env env, const ErrorInfo& info);
// Throws it as a JavaScript exception (Napi::Error) from a call on the JavaScript thread.
[[noreturn]] void ThrowError(Napi::Env env, const ErrorInfo& info);

}  // namespace quiver::node
