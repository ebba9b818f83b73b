#pragma once
// What the module keeps per Node.js environment (napi instance data): the JavaScript
// classes index.js hands over at load (temporal values, the error factory), and the
// Poster that brings finished work back to the JavaScript thread.

#include <napi.h>

#include <memory>

namespace quiver::node {

class Poster;

struct AddonData {
  // quiver.Date, LocalTime, Time, LocalDateTime, DateTime and Duration (index.js).
  Napi::FunctionReference date, local_time, time, local_date_time, date_time, duration;
  // (errorClass, detail, phase, message) => a quiver.QuiverError of the right subclass.
  Napi::FunctionReference make_error;
  // Object.prototype: a parameter object whose prototype it is (or null) is a map.
  Napi::ObjectReference object_prototype;
  std::shared_ptr<Poster> poster;

  static AddonData& Get(Napi::Env env) { return *env.GetInstanceData<AddonData>(); }
};

}  // namespace quiver::node
