#pragma once
// BoltConnection: one client's socket and its session. The server's I/O thread reads
// and writes the socket (never blocking); the session runs on a thread of the
// connection's own, so a statement that runs long, or waits for the database's writer,
// holds up only its own client.
//
//   I/O thread                                   session thread
//   handshake → bytes → Dechunker → requests ──→ inbox → BoltSession::Handle
//   (a RESET also interrupts the session at once)          │
//   socket ←── async writes ←── outbox ←───────── Sink::Send (waits while the outbox is
//                                                 over its limit: a slow reader slows
//                                                 only its own results)
//
// Limits per connection: one message (Dechunker), requests queued ahead of the session
// (reading pauses past it), responses queued for the client (the session waits past
// it), and the time from connecting to being authenticated.

#include <asio.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/bolt/bolt_session.h"
#include "server/bolt/chunking.h"
#include "server/server_context.h"
#include "server/transport.h"

namespace quiver::server {

struct ConnectionLimits {
  size_t max_message_bytes = 16u << 20;
  size_t max_pending_input = 32u << 20;
  size_t max_pending_output = 8u << 20;
  std::chrono::milliseconds login_timeout{30'000};
};

class BoltConnection final : public std::enable_shared_from_this<BoltConnection>, private bolt::Sink {
 public:
  // `closed` runs on the I/O thread when the connection is gone for good (socket closed,
  // session thread joined).
  BoltConnection(asio::io_context& io, std::unique_ptr<Transport> transport, ServerContext& server,
                 ConnectionLimits limits, std::string id, std::function<void(BoltConnection*)> closed);
  ~BoltConnection() override;

  // On the I/O thread: the TLS handshake (if any), then the Bolt handshake, then requests.
  void Start();
  // On the I/O thread: closes now, stopping what the session runs.
  void Close(const std::string& reason);
  // Nothing running or queued and no transaction open: a shutdown may close it at once.
  bool Quiescent() const { return quiescent_.load(); }
  const std::string& id() const { return id_; }

 private:
  // --- I/O thread ---
  // Reads up to `at_most` more handshake bytes into handshake_, then `then` (the
  // connection is kept alive by the read).
  void ReadHandshakeBytes(size_t at_most, std::function<void()> then);
  void SendRaw(const std::string& bytes);  // the handshake's answers, before the session
  void ReadHandshake();
  void ReadManifestChoice();
  void StartSession(bolt::BoltVersion version, size_t consumed);
  void ReadRequests();
  void TakeRequests(std::span<const uint8_t> bytes);
  void StartWrite();
  void AfterWrite(const asio::error_code& ec, size_t bytes);
  void Finish();
  void CloseAfterWrites(const std::string& reason);
  // --- session thread ---
  void Serve();
  bool Send(std::string& bytes) override;

  asio::io_context& io_;
  std::unique_ptr<Transport> transport_;
  ServerContext& server_;
  ConnectionLimits limits_;
  std::string id_;
  std::string address_;
  std::function<void(BoltConnection*)> closed_callback_;
  asio::steady_timer login_timer_;
  std::chrono::steady_clock::time_point opened_;

  std::vector<uint8_t> read_buffer_;
  std::vector<uint8_t> handshake_;  // bytes of the handshake read so far
  bolt::Dechunker dechunker_;
  std::unique_ptr<bolt::BoltSession> session_;
  std::thread session_thread_;
  bool reading_ = false;     // a read is outstanding (I/O thread only)
  bool writing_ = false;     // a write is outstanding (I/O thread only)
  std::string write_buffer_;  // what the outstanding write sends
  bool finished_ = false;    // Finish ran
  bool socket_closed_ = false;

  // Shared by both threads.
  mutable std::mutex mu_;
  std::condition_variable wake_;  // the session thread: a request, room in the outbox, or the end
  std::deque<std::vector<uint8_t>> inbox_;
  size_t inbox_bytes_ = 0;
  bool read_paused_ = false;
  std::string outbox_;
  size_t outbox_bytes_ = 0;  // queued and being written
  bool closing_ = false;     // no more requests; the session thread ends
  bool close_after_writes_ = false;
  bool session_done_ = false;  // the session thread has left Serve
  std::string close_reason_;
  uint64_t requests_ = 0;
  std::atomic<bool> quiescent_{true};
  std::atomic<bool> authenticated_{false};
};

}  // namespace quiver::server
