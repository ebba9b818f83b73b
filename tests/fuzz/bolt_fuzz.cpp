// Fuzz target: the Bolt server's decoder (src/server/bolt/) — the input is one dechunked
// request message, decoded with DecodeMessage as Bolt 4.4 (legacy DateTimes), 4.4 with
// the "utc" patch and 5.4 would decode it. PackStreamError is the one correct answer to
// bad input; a crash, a sanitizer report or any other exception is a finding. Oracles,
// for a message that decodes:
//  * every field, encoded with EncodeValue and decoded again, is the same value bit for
//    bit (tests/test_util/value_identity.h: NaN payloads, -0.0, a DateTime's zone and
//    offset), and encodes to the same bytes the second time;
//  * PackReader::Skip, which knows no value semantics, passes over each field and ends
//    where the message ends (what Decode accepts, Skip accepts).
//
// Seeds (tests/fuzz/corpus/bolt/): HELLO, LOGON, BEGIN, RUN with parameters of every
// kind a client may send in both DateTime encodings, PULL, DISCARD, COMMIT, RESET.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <span>
#include <string>

#include "fuzz/fuzz_support.h"
#include "server/bolt/bolt_values.h"
#include "test_util/value_identity.h"

namespace {

using quiver::Value;
using quiver::fuzz::Finding;
using quiver::server::bolt::BoltMessage;
using quiver::server::bolt::BoltVersion;
using quiver::server::bolt::DecodeMessage;
using quiver::server::bolt::DecodeValue;
using quiver::server::bolt::EncodeValue;
using quiver::server::bolt::PackReader;
using quiver::server::bolt::PackStreamError;
using quiver::server::bolt::PackWriter;

std::string Encoded(const Value& v, const BoltVersion& version) {
  std::string out;
  PackWriter w(out);
  EncodeValue(w, v, version);
  return out;
}

std::string Name(const BoltVersion& version) {
  return "Bolt " + version.ToString() + (version.utc_patch ? " utc" : "");
}

void CheckRoundTrip(const Value& field, const BoltVersion& version) {
  const std::string once = Encoded(field, version);
  PackReader r(std::span(reinterpret_cast<const uint8_t*>(once.data()), once.size()));
  Value back;
  try {
    back = DecodeValue(r, version);
  } catch (const PackStreamError& e) {
    Finding(Name(version) + ": a decoded value does not decode once encoded: " + e.what());
  }
  if (!r.AtEnd()) Finding(Name(version) + ": an encoded value leaves bytes behind");
  if (!quiver::testing::IdenticalValues(field, back)) {
    Finding(Name(version) + ": a value changed in an encode/decode round trip");
  }
  if (Encoded(back, version) != once) Finding(Name(version) + ": a value encodes two ways");
}

// What DecodeMessage accepted, Skip must pass over: the structure header, then each
// field, to the end.
void CheckSkip(std::span<const uint8_t> input, const BoltMessage& message) {
  PackReader r(input);
  uint8_t tag = 0;
  const uint8_t fields = r.StructHeader(tag);
  if (tag != message.tag || fields != message.fields.size()) Finding("the message header reads two ways");
  try {
    for (uint8_t i = 0; i < fields; ++i) r.Skip();
  } catch (const PackStreamError& e) {
    Finding(std::string("Skip refuses a message DecodeMessage accepted: ") + e.what());
  }
  if (!r.AtEnd()) Finding("Skip stops before the end of a message DecodeMessage accepted");
}

void Run(std::span<const uint8_t> input, const BoltVersion& version) {
  BoltMessage message;
  try {
    message = DecodeMessage(input, version);
  } catch (const PackStreamError& e) {
    if (quiver::fuzz::Verbose()) std::fprintf(stderr, "%s: %s\n", Name(version).c_str(), e.what());
    return;
  } catch (const std::exception& e) {
    Finding(Name(version) + ": DecodeMessage threw a non-PackStream exception: " + e.what());
  }
  for (const Value& field : message.fields) CheckRoundTrip(field, version);
  CheckSkip(input, message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> input(data, size);
  Run(input, BoltVersion{4, 4, false});
  Run(input, BoltVersion{4, 4, true});
  Run(input, BoltVersion{5, 4, false});
  return 0;
}
