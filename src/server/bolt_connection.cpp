#include "server/bolt_connection.h"

#include "server/bolt/handshake.h"

namespace quiver::server {

namespace {

constexpr size_t kReadBufferBytes = 64 * 1024;

// RESET is the structure B0 0F: no fields. It is recognised as it arrives, before the
// requests queued ahead of it run.
bool IsReset(const std::vector<uint8_t>& message) {
  return message.size() == 2 && message[0] == 0xB0 && message[1] == 0x0F;
}

}  // namespace

BoltConnection::BoltConnection(asio::io_context& io, std::unique_ptr<Transport> transport, ServerContext& server,
                               ConnectionLimits limits, std::string id, std::function<void(BoltConnection*)> closed)
    : io_(io),
      transport_(std::move(transport)),
      server_(server),
      limits_(limits),
      id_(std::move(id)),
      address_(transport_->RemoteAddress()),
      closed_callback_(std::move(closed)),
      login_timer_(io),
      opened_(std::chrono::steady_clock::now()),
      read_buffer_(kReadBufferBytes),
      dechunker_(limits.max_message_bytes) {}

BoltConnection::~BoltConnection() {
  if (session_thread_.joinable()) session_thread_.join();
}

void BoltConnection::Start() {
  server_.log.Line(id_ + " " + address_ + " connected");
  login_timer_.expires_after(limits_.login_timeout);
  login_timer_.async_wait([self = shared_from_this()](const asio::error_code& ec) {
    if (ec || self->authenticated_.load()) return;
    self->Close("not authenticated within " + std::to_string(self->limits_.login_timeout.count() / 1000) + " s");
  });
  transport_->Start([self = shared_from_this()](const asio::error_code& ec) {
    if (ec) {
      self->Close("TLS handshake failed: " + ec.message());
      return;
    }
    self->ReadHandshake();
  });
}

void BoltConnection::ReadHandshakeBytes(size_t at_most, std::function<void()> then) {
  reading_ = true;
  transport_->ReadSome(asio::buffer(read_buffer_.data(), at_most),
                       [self = shared_from_this(), then = std::move(then)](const asio::error_code& ec, size_t n) {
                         self->reading_ = false;
                         if (ec) {
                           self->Close("closed during the handshake");
                           return;
                         }
                         self->handshake_.insert(self->handshake_.end(), self->read_buffer_.begin(),
                                                 self->read_buffer_.begin() + static_cast<std::ptrdiff_t>(n));
                         then();
                       });
}

void BoltConnection::SendRaw(const std::string& bytes) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    outbox_ += bytes;
    outbox_bytes_ += bytes.size();
  }
  StartWrite();
}

void BoltConnection::ReadHandshake() {
  ReadHandshakeBytes(bolt::kHandshakeBytes - handshake_.size(), [this] {
    if (handshake_.size() < bolt::kHandshakeBytes) {
      ReadHandshake();
      return;
    }
    const bolt::HandshakeAnswer answer =
        bolt::AnswerHandshake(std::span<const uint8_t, bolt::kHandshakeBytes>(handshake_.data(), bolt::kHandshakeBytes));
    switch (answer.kind) {
      case bolt::HandshakeAnswer::Kind::kNotBolt:
        Close("not a Bolt client (no Bolt preamble)");
        return;
      case bolt::HandshakeAnswer::Kind::kNone:
        SendRaw(answer.reply);
        CloseAfterWrites("no Bolt version in common");
        return;
      case bolt::HandshakeAnswer::Kind::kManifest:
        SendRaw(answer.reply);
        handshake_.clear();
        ReadManifestChoice();
        return;
      case bolt::HandshakeAnswer::Kind::kVersion:
        SendRaw(answer.reply);
        StartSession(answer.version, handshake_.size());
        return;
    }
  });
}

void BoltConnection::ReadManifestChoice() {
  ReadHandshakeBytes(read_buffer_.size(), [this] {
    bolt::BoltVersion version;
    std::optional<size_t> used;
    try {
      used = bolt::ReadManifestChoice(handshake_, version);
    } catch (const bolt::HandshakeError& e) {
      Close(e.what());
      return;
    }
    if (!used) {
      if (handshake_.size() > 64) {
        Close("the manifest handshake's answer is too long");
        return;
      }
      ReadManifestChoice();
      return;
    }
    StartSession(version, *used);
  });
}

void BoltConnection::StartSession(bolt::BoltVersion version, size_t consumed) {
  bolt::Sink& sink = *this;
  session_ = std::make_unique<bolt::BoltSession>(server_, version, id_, address_, sink);
  session_thread_ = std::thread([self = shared_from_this()] { self->Serve(); });
  // Requests that came in the same packets as the handshake's end.
  if (consumed < handshake_.size()) {
    std::vector<uint8_t> rest(handshake_.begin() + static_cast<std::ptrdiff_t>(consumed), handshake_.end());
    TakeRequests(rest);
  }
  handshake_.clear();
  ReadRequests();
}

void BoltConnection::ReadRequests() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closing_ || read_paused_) return;
  }
  reading_ = true;
  transport_->ReadSome(asio::buffer(read_buffer_), [self = shared_from_this()](const asio::error_code& ec, size_t n) {
    self->reading_ = false;
    if (ec) {
      self->Close(ec == asio::error::eof ? "closed by the client" : "read failed: " + ec.message());
      return;
    }
    self->TakeRequests(std::span<const uint8_t>(self->read_buffer_.data(), n));
    self->ReadRequests();
  });
}

void BoltConnection::TakeRequests(std::span<const uint8_t> bytes) {
  std::vector<std::vector<uint8_t>> messages;
  try {
    dechunker_.Feed(bytes, messages);
  } catch (const bolt::FramingError& e) {
    Close(e.what());
    return;
  }
  if (messages.empty()) return;
  for (const auto& m : messages) {
    if (IsReset(m)) session_->Interrupt();
  }
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& m : messages) {
    inbox_bytes_ += m.size();
    inbox_.push_back(std::move(m));
  }
  quiescent_ = false;
  if (inbox_bytes_ > limits_.max_pending_input) read_paused_ = true;
  wake_.notify_all();
}

void BoltConnection::Serve() {
  while (true) {
    std::vector<uint8_t> message;
    bool resume_reading = false;
    bool more_queued = false;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [&] { return closing_ || !inbox_.empty(); });
      if (closing_) break;
      message = std::move(inbox_.front());
      inbox_.pop_front();
      inbox_bytes_ -= message.size();
      if (read_paused_ && inbox_bytes_ <= limits_.max_pending_input / 2) {
        read_paused_ = false;
        resume_reading = true;
      }
      ++requests_;
      more_queued = !inbox_.empty();
    }
    if (resume_reading) asio::post(io_, [self = shared_from_this()] { self->ReadRequests(); });
    const bool keep = session_->Handle(message, more_queued);
    const auto state = session_->state();
    if (state != bolt::BoltSession::State::kNegotiation && state != bolt::BoltSession::State::kAuthentication) {
      authenticated_ = true;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      quiescent_ = inbox_.empty() && (state == bolt::BoltSession::State::kReady ||
                                      state == bolt::BoltSession::State::kAuthentication ||
                                      state == bolt::BoltSession::State::kFailed);
    }
    if (!keep) {
      asio::post(io_, [self = shared_from_this()] { self->CloseAfterWrites("the session ended"); });
      break;
    }
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    session_done_ = true;
  }
  asio::post(io_, [self = shared_from_this()] { self->Finish(); });
}

bool BoltConnection::Send(std::string& bytes) {
  std::unique_lock<std::mutex> lock(mu_);
  if (closing_) return false;
  outbox_bytes_ += bytes.size();
  outbox_.append(bytes);
  bytes.clear();
  asio::post(io_, [self = shared_from_this()] { self->StartWrite(); });
  // Flow control: a client that reads slowly makes its own session wait, nobody else.
  wake_.wait(lock, [&] { return closing_ || outbox_bytes_ <= limits_.max_pending_output; });
  return !closing_;
}

void BoltConnection::StartWrite() {
  if (writing_) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (outbox_.empty()) return;
    write_buffer_.swap(outbox_);
    outbox_.clear();
  }
  writing_ = true;
  transport_->Write(asio::buffer(write_buffer_), [self = shared_from_this()](const asio::error_code& ec, size_t n) {
    self->AfterWrite(ec, n);
  });
}

void BoltConnection::AfterWrite(const asio::error_code& ec, size_t bytes) {
  writing_ = false;
  write_buffer_.clear();
  if (ec) {
    Close("write failed: " + ec.message());
    return;
  }
  bool more = false, done = false;
  std::string reason;
  {
    std::lock_guard<std::mutex> lock(mu_);
    outbox_bytes_ -= std::min(outbox_bytes_, bytes);
    more = !outbox_.empty();
    done = close_after_writes_ && !more;
    reason = close_reason_;
    wake_.notify_all();
  }
  if (more) StartWrite();
  if (done) Close(reason);
}

void BoltConnection::CloseAfterWrites(const std::string& reason) {
  bool now = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    close_after_writes_ = true;
    close_reason_ = reason;
    now = outbox_.empty() && !writing_;
  }
  if (now) Close(reason);
}

void BoltConnection::Close(const std::string& reason) {
  uint64_t requests = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!closing_) {
      closing_ = true;
      close_reason_ = reason;
    }
    requests = requests_;
    wake_.notify_all();
  }
  if (!socket_closed_) {
    socket_closed_ = true;
    transport_->Close();
    login_timer_.cancel();
    if (session_) session_->Cancel();
    char took[32];
    std::snprintf(took, sizeof took, "%.1f",
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - opened_).count());
    server_.log.Line(id_ + " " + address_ + " closed after " + took + " s, " + std::to_string(requests) +
                     " requests: " + reason);
  }
  Finish();
}

void BoltConnection::Finish() {
  // Gone for good once the socket is closed, no operation is outstanding and the
  // session thread has left (it is joined here: it has nothing left to do).
  bool session_done = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    session_done = session_done_ || !session_thread_.joinable();
    if (!closing_) return;
  }
  if (finished_ || reading_ || writing_ || !session_done) return;
  finished_ = true;
  if (session_thread_.joinable()) session_thread_.join();
  auto callback = std::move(closed_callback_);
  if (callback) callback(this);
}

}  // namespace quiver::server
