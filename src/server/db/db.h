// The storage's SQL layer: one connection to SQLite (a file) or PostgreSQL (a postgresql:// URL),
// prepared statements with ?N placeholders (numbered from 1) and the rows they answer. The
// storage writes its SQL once, portably; the back end translates what it must (PostgreSQL's
// placeholders are $N). A connection is used by one thread at a time (the storage's lock).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/result.h"

namespace doska::server::db {

enum class Dialect { sqlite, postgres };

// What a step of a statement gave: a row to read, the end, or a failure (Connection::error).
enum class Step { row, done, failed };

// One back end's prepared statement (sqlite_db.cpp, postgres_db.cpp).
class StatementBackend {
 public:
  virtual ~StatementBackend() = default;
  virtual bool ok() const = 0;
  virtual void bind_text(int index, const std::string& text) = 0;
  virtual void bind_integer(int index, std::int64_t value) = 0;
  virtual void bind_real(int index, double value) = 0;
  virtual void bind_null(int index) = 0;
  virtual Step step() = 0;
  virtual std::string text(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;  // NULL reads as 0
  virtual double real(int column) const = 0;
  virtual bool is_null(int column) const = 0;
  virtual std::int64_t changes() const = 0;
};

// A prepared statement: bind its parameters, then step through its rows; released when it goes
// out of scope.
class Statement {
 public:
  explicit Statement(std::unique_ptr<StatementBackend> backend) : backend_(std::move(backend)) {}

  // False when the SQL could not be prepared (Connection::error says why).
  bool ok() const { return backend_->ok(); }
  Statement& bind(int index, const std::string& text) {
    backend_->bind_text(index, text);
    return *this;
  }
  Statement& bind(int index, std::int64_t value) {
    backend_->bind_integer(index, value);
    return *this;
  }
  Statement& bind(int index, double value) {
    backend_->bind_real(index, value);
    return *this;
  }
  Statement& bind_null(int index) {
    backend_->bind_null(index);
    return *this;
  }
  Step step() { return backend_->step(); }
  std::string text(int column) const { return backend_->text(column); }
  std::int64_t integer(int column) const { return backend_->integer(column); }
  double real(int column) const { return backend_->real(column); }
  bool is_null(int column) const { return backend_->is_null(column); }
  // The rows an INSERT, UPDATE or DELETE changed, once it is done.
  std::int64_t changes() const { return backend_->changes(); }
  // For the back end's Connection::run_together.
  StatementBackend& backend() { return *backend_; }

 private:
  std::unique_ptr<StatementBackend> backend_;
};

class Connection {
 public:
  virtual ~Connection() = default;
  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  virtual Dialect dialect() const = 0;
  virtual Statement prepare(const std::string& sql) = 0;
  // One or more statements without parameters (a migration).
  virtual Status exec(const std::string& sql) = 0;
  // A transaction that writes (SQLite takes its write lock at once, so that two writers never
  // deadlock on an upgrade).
  virtual Status begin() = 0;
  Status commit() { return exec("COMMIT"); }
  Status rollback() { return exec("ROLLBACK"); }
  // `work` in one such transaction: committed when it succeeds, rolled back when it fails (its
  // failure, read from the connection before the rollback, is the answer) or throws (rethrown).
  // `what` names the work in the message of a commit that fails.
  Status transaction(const std::string& what, const std::function<Status()>& work);
  // Runs the statements (prepared by this connection, their parameters bound) in order, as one
  // exchange with the server where the back end can (PostgreSQL's pipeline mode: all sent, then
  // all the answers read), else one after another. Each that ran is then at its first row, as
  // after one step() (changes() is known); the first that fails stops the rest (they do not
  // run) and its failure is the answer. Several statements of one transaction (BEGIN ...
  // COMMIT) cost one round trip: when one fails, the COMMIT after it does not run, and the
  // transaction awaits its ROLLBACK.
  virtual Status run_together(const std::vector<Statement*>& statements);
  // The exchanges with the server so far (PostgreSQL: each a round trip; SQLite: none).
  virtual std::int64_t round_trips() const { return 0; }
  // The message of the latest failure.
  virtual std::string error_message() const = 0;
  // PostgreSQL's LISTEN/NOTIFY, on a connection kept for it (server/cluster/): listen() to a
  // channel, then wait() up to `timeout` for the payloads sent to it. A wait that fails lost the
  // connection (the next makes it again and listens anew; what was sent between is missed).
  // SQLite has no other server to hear from: both fail.
  virtual Status listen(const std::string& channel);
  virtual Result<std::vector<std::string>> wait(std::chrono::milliseconds timeout);
  // "database: <what>: <the back end's message>".
  Error error(const std::string& what) const {
    return make_error("database: " + what + ": " + error_message());
  }
};

// postgresql://... or postgres://...: a PostgreSQL server; anything else is an SQLite file.
bool is_postgres_url(const std::string& target);
// The URL without its password, for messages.
std::string redacted(const std::string& url);

// Opens the database `target` names (creating an SQLite file and its directory if needed).
Result<std::unique_ptr<Connection>> open(const std::string& target);
Result<std::unique_ptr<Connection>> open_sqlite(const std::string& path);
Result<std::unique_ptr<Connection>> open_postgres(const std::string& url);

}  // namespace doska::server::db
