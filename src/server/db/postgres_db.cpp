// The PostgreSQL back end, through libpq: parameters sent as text with $N placeholders (the
// storage's ?N translated once, when a statement is prepared), results read as text.
#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>
#include <vector>

#include "server/db/db.h"

namespace doska::server::db {

namespace {

// The types of the parameters that are not text (pg_type.h is a header of the server's): the
// server infers a text parameter's type from where it stands.
constexpr Oid kBigint = 20, kDouble = 701;
// SQLite's largest ?N.
constexpr int kMostParameters = 32766;
// A PostgreSQL 12 feature the schema needs: case-insensitive (nondeterministic) collations.
constexpr int kOldestServer = 120000;

// libpq's messages span lines ("...failed\n\tIs the server running...?"): one line of them.
std::string one_line(const char* message) {
  std::string out;
  bool space = false;
  for (const char* c = message ? message : ""; *c; ++c) {
    if (std::isspace(static_cast<unsigned char>(*c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += *c;
  }
  return out.empty() ? "unknown error" : out;
}

// ?N and ? become $1, $2, ... in the order of their first use (a bare ? is one more than the
// largest number before it, as in SQLite); slot[N] is the $ number of ?N, 0 where unused.
// Quoted text and identifiers and -- comments are copied as they are. False: a number past
// kMostParameters.
bool numbered_placeholders(const std::string& sql, std::string& out, std::vector<int>& slot) {
  out.clear();
  int highest = 0, used = 0;
  for (std::size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      std::size_t j = i + 1;
      while (j < sql.size() && !(sql[j] == c && (j + 1 >= sql.size() || sql[j + 1] != c)))
        j += sql[j] == c ? 2 : 1;
      out.append(sql, i, j + 1 - i);
      i = j + 1;
      continue;
    }
    if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      const std::size_t end = std::min(sql.find('\n', i), sql.size());
      out.append(sql, i, end - i);
      i = end;
      continue;
    }
    if (c != '?') {
      out += c;
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    int n = 0;
    while (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j])) &&
           n <= kMostParameters)
      n = n * 10 + (sql[j++] - '0');
    if (j == i + 1) n = highest + 1;
    if (n < 1 || n > kMostParameters) return false;
    highest = std::max(highest, n);
    if (slot.size() <= static_cast<std::size_t>(n)) slot.resize(static_cast<std::size_t>(n) + 1);
    if (slot[n] == 0) slot[n] = ++used;
    out += '$' + std::to_string(slot[n]);
    i = j;
  }
  return true;
}

class PostgresConnection;

class PostgresStatement final : public StatementBackend {
 public:
  PostgresStatement(PostgresConnection& connection, const std::string& sql);
  ~PostgresStatement() override { PQclear(result_); }
  PostgresStatement(const PostgresStatement&) = delete;
  PostgresStatement& operator=(const PostgresStatement&) = delete;

  bool ok() const override { return ok_; }
  void bind_text(int index, const std::string& text) override { set(index, text, 0); }
  void bind_integer(int index, std::int64_t value) override {
    set(index, std::to_string(value), kBigint);
  }
  void bind_real(int index, double value) override {
    char buffer[32];
    // The shortest text that reads back as the same double.
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    set(index, std::string(buffer, end), kDouble);
  }
  void bind_null(int index) override { set(index, std::nullopt, 0); }
  Step step() override;
  std::string text(int column) const override {
    if (!has(column)) return "";
    return std::string(PQgetvalue(result_, row_, column),
                       static_cast<std::size_t>(PQgetlength(result_, row_, column)));
  }
  std::int64_t integer(int column) const override {
    return has(column) ? std::strtoll(PQgetvalue(result_, row_, column), nullptr, 10) : 0;
  }
  double real(int column) const override {
    return has(column) ? std::strtod(PQgetvalue(result_, row_, column), nullptr) : 0.0;
  }
  bool is_null(int column) const override {
    return !result_ || row_ >= rows_ || column < 0 || column >= PQnfields(result_) ||
           PQgetisnull(result_, row_, column);
  }
  std::int64_t changes() const override {
    return result_ ? std::strtoll(PQcmdTuples(result_), nullptr, 10) : 0;
  }

  // For run_together: what to send, then its answer (at its first row, as after one step()) or
  // its failure.
  const std::string& sql() const { return sql_; }
  const std::vector<Oid>& types() const { return types_; }
  std::vector<const char*> values() const {
    std::vector<const char*> out;
    for (const auto& v : values_) out.push_back(v ? v->c_str() : nullptr);
    return out;
  }
  void take(PGresult* result) {
    PQclear(result_);
    result_ = result;
    rows_ = PQresultStatus(result_) == PGRES_TUPLES_OK ? PQntuples(result_) : 0;
    row_ = 0;
  }
  void fail() { failed_ = true; }

 private:
  // A value is there to read (not NULL).
  bool has(int column) const { return !is_null(column); }
  void set(int index, std::optional<std::string> value, Oid type) {
    if (index < 1 || static_cast<std::size_t>(index) >= slot_.size() || slot_[index] == 0) return;
    values_[slot_[index] - 1] = std::move(value);
    types_[slot_[index] - 1] = type;
  }

  PostgresConnection& connection_;
  std::string sql_;
  bool ok_ = true;
  std::vector<int> slot_;
  std::vector<std::optional<std::string>> values_;
  std::vector<Oid> types_;
  PGresult* result_ = nullptr;
  int row_ = 0, rows_ = 0;
  bool failed_ = false;
};

class PostgresConnection final : public Connection {
 public:
  explicit PostgresConnection(PGconn* connection) : connection_(connection) {}
  ~PostgresConnection() override { PQfinish(connection_); }

  Dialect dialect() const override { return Dialect::postgres; }
  Statement prepare(const std::string& sql) override {
    return Statement(std::make_unique<PostgresStatement>(*this, sql));
  }
  Status exec(const std::string& sql) override {
    if (!usable(sql == "ROLLBACK")) return make_error("database: " + error_);
    ++round_trips_;
    PGresult* result = PQexec(connection_, sql.c_str());
    const bool done = succeeded(result);
    PQclear(result);
    if (!done) return make_error("database: " + error_);
    return Ok{};
  }
  Status begin() override { return exec("BEGIN"); }
  std::string error_message() const override { return error_; }

  Status listen(const std::string& channel) override {
    char* quoted = PQescapeIdentifier(connection_, channel.c_str(), channel.size());
    if (!quoted) return make_error("database: " + one_line(PQerrorMessage(connection_)));
    channel_ = quoted;
    PQfreemem(quoted);
    return exec("LISTEN " + channel_);
  }

  Result<std::vector<std::string>> wait(std::chrono::milliseconds timeout) override {
    if (PQstatus(connection_) != CONNECTION_OK) {
      // Lost: made again, listening anew; the caller learns that it may have missed some.
      PQreset(connection_);
      prepared_.clear();
      if (PQstatus(connection_) != CONNECTION_OK)
        return make_error("database: the connection to the server was lost: " +
                          one_line(PQerrorMessage(connection_)));
      if (Status s = exec("LISTEN " + channel_); !s) return make_error(s.error());
      return make_error("database: the connection to the server was made again");
    }
    std::vector<std::string> payloads;
    auto drain = [&] {
      while (PGnotify* n = PQnotifies(connection_)) {
        payloads.emplace_back(n->extra ? n->extra : "");
        PQfreemem(n);
      }
    };
    drain();
    if (!payloads.empty()) return payloads;
    pollfd fd{PQsocket(connection_), POLLIN, 0};
    if (fd.fd < 0) return make_error("database: the connection has no socket");
    const int ready = ::poll(&fd, 1, static_cast<int>(timeout.count()));
    if (ready < 0) return payloads;  // a signal: an empty wait
    if (ready > 0 && !PQconsumeInput(connection_))
      return make_error("database: " + one_line(PQerrorMessage(connection_)));
    drain();
    return payloads;
  }

  // A statement's whole answer, or nullptr with the error kept.
  PGresult* run(const std::string& sql, const std::vector<Oid>& types,
                const std::vector<const char*>& values) {
    if (!usable(false)) return nullptr;
    std::string name;
    if (!prepared(sql, types, name)) return nullptr;
    ++round_trips_;
    PGresult* result =
        !name.empty() ? PQexecPrepared(connection_, name.c_str(), static_cast<int>(values.size()),
                                       values.data(), nullptr, nullptr, 0)
                      : PQexecParams(connection_, sql.c_str(), static_cast<int>(values.size()),
                                     types.data(), values.data(), nullptr, nullptr, 0);
    if (succeeded(result)) return result;
    PQclear(result);
    return nullptr;
  }
  void failed(std::string message) { error_ = std::move(message); }

  // Pipeline mode: every statement sent, one sync, then the answers read in order. A failure
  // on the server skips the statements after it up to the sync (PGRES_PIPELINE_ABORTED).
  Status run_together(const std::vector<Statement*>& statements) override {
    std::vector<PostgresStatement*> list;
    std::vector<std::string> names(statements.size());
    for (Statement* statement : statements) {
      auto* s = dynamic_cast<PostgresStatement*>(&statement->backend());
      if (!s || !s->ok()) return make_error("database: a statement that could not be prepared");
      list.push_back(s);
    }
    if (!usable(false)) return make_error("database: " + error_);
    // Prepared first (a round trip each, once per connection): not possible in the pipeline.
    for (std::size_t i = 0; i < list.size(); ++i)
      if (!prepared(list[i]->sql(), list[i]->types(), names[i]))
        return make_error("database: " + error_);
    if (!PQenterPipelineMode(connection_))
      return make_error("database: " + one_line(PQerrorMessage(connection_)));
    ++round_trips_;
    std::size_t sent = 0;
    for (; sent < list.size(); ++sent) {
      const PostgresStatement& s = *list[sent];
      const std::vector<const char*> values = s.values();
      const int n = static_cast<int>(values.size());
      const int queued = names[sent].empty()
                             ? PQsendQueryParams(connection_, s.sql().c_str(), n, s.types().data(),
                                                 values.data(), nullptr, nullptr, 0)
                             : PQsendQueryPrepared(connection_, names[sent].c_str(), n,
                                                   values.data(), nullptr, nullptr, 0);
      if (!queued) break;
    }
    // The sync even after a statement that could not be sent: the answers of those sent come.
    std::string failure;
    if (!PQpipelineSync(connection_) || sent < list.size())
      failure = one_line(PQerrorMessage(connection_));
    for (std::size_t i = 0; i < list.size(); ++i) {
      PGresult* result = i < sent ? PQgetResult(connection_) : nullptr;
      const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
      if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
        list[i]->take(result);
      } else {
        if (failure.empty())
          failure = one_line(result ? PQresultErrorMessage(result) : PQerrorMessage(connection_));
        list[i]->fail();
        PQclear(result);
      }
      // Each statement's answers end with a null.
      if (result) PQclear(PQgetResult(connection_));
    }
    // The sync's own answer, then out of pipeline mode; a lost connection is made again later.
    for (int tries = 0; tries < 8 && PQpipelineStatus(connection_) != PQ_PIPELINE_OFF; ++tries) {
      if (PQexitPipelineMode(connection_) || PQstatus(connection_) != CONNECTION_OK) break;
      PQclear(PQgetResult(connection_));
    }
    // Lost in the middle: whether a transaction went with it is not known, so it is taken to
    // have (the caller's ROLLBACK reports the loss, and the next statement connects again).
    in_transaction_ =
        PQstatus(connection_) != CONNECTION_OK || PQtransactionStatus(connection_) != PQTRANS_IDLE;
    if (failure.empty()) return Ok{};
    error_ = failure;
    return make_error("database: " + failure);
  }
  std::int64_t round_trips() const override { return round_trips_; }

 private:
  // A connection lost outside a transaction is made again (a restarted server); inside one, the
  // transaction is gone with it and every statement fails until its ROLLBACK.
  bool usable(bool ends_transaction) {
    if (PQstatus(connection_) == CONNECTION_OK) return true;
    if (in_transaction_) {
      in_transaction_ = !ends_transaction;
      error_ = "the connection to the server was lost in a transaction";
      return false;
    }
    PQreset(connection_);
    prepared_.clear();  // the new session has none
    if (PQstatus(connection_) == CONNECTION_OK) return true;
    error_ = "the connection to the server was lost: " + one_line(PQerrorMessage(connection_));
    return false;
  }
  // Each statement is prepared on the server once (for its text and parameter types), then
  // executed by name: the server parses and plans it once, not at every run. `name` stays
  // empty when it is run unprepared (too many prepared, or in a failed transaction).
  bool prepared(const std::string& sql, const std::vector<Oid>& types, std::string& name) {
    std::string key = sql;
    key.append(reinterpret_cast<const char*>(types.data()), types.size() * sizeof(Oid));
    if (auto it = prepared_.find(key); it != prepared_.end()) {
      name = it->second;
      return true;
    }
    name.clear();
    if (prepared_.size() >= kMostPrepared || PQtransactionStatus(connection_) == PQTRANS_INERROR)
      return true;
    const std::string made_name = "doska_" + std::to_string(prepared_.size() + 1);
    ++round_trips_;
    PGresult* made = PQprepare(connection_, made_name.c_str(), sql.c_str(),
                               static_cast<int>(types.size()), types.data());
    const bool done = succeeded(made);
    PQclear(made);
    if (!done) return false;
    name = prepared_.emplace(std::move(key), made_name).first->second;
    return true;
  }
  bool succeeded(PGresult* result) {
    if (PQstatus(connection_) == CONNECTION_OK) {
      const PGTransactionStatusType t = PQtransactionStatus(connection_);
      in_transaction_ = t == PQTRANS_INTRANS || t == PQTRANS_INERROR || t == PQTRANS_ACTIVE;
    }
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return true;
    error_ = one_line(result ? PQresultErrorMessage(result) : PQerrorMessage(connection_));
    return false;
  }

  PGconn* connection_;
  std::string error_;
  std::string channel_;  // quoted, once listening
  static constexpr std::size_t kMostPrepared = 1000;
  std::map<std::string, std::string> prepared_;  // statement text and types: its name
  bool in_transaction_ = false;
  std::int64_t round_trips_ = 0;
};

PostgresStatement::PostgresStatement(PostgresConnection& connection, const std::string& sql)
    : connection_(connection) {
  ok_ = numbered_placeholders(sql, sql_, slot_);
  if (!ok_) connection_.failed("a parameter number past " + std::to_string(kMostParameters));
  int used = 0;
  for (int s : slot_) used = std::max(used, s);
  values_.resize(static_cast<std::size_t>(used));
  types_.assign(static_cast<std::size_t>(used), Oid{0});
}

Step PostgresStatement::step() {
  if (!ok_ || failed_) return Step::failed;
  if (result_) return ++row_ < rows_ ? Step::row : Step::done;
  std::vector<const char*> values;
  for (const auto& v : values_) values.push_back(v ? v->c_str() : nullptr);
  result_ = connection_.run(sql_, types_, values);
  if (!result_) {
    failed_ = true;
    return Step::failed;
  }
  rows_ = PQresultStatus(result_) == PGRES_TUPLES_OK ? PQntuples(result_) : 0;
  row_ = 0;
  return rows_ > 0 ? Step::row : Step::done;
}

}  // namespace

Result<std::unique_ptr<Connection>> open_postgres(const std::string& url) {
  // libpq's message may quote the address whole: without its password, as ours.
  const auto without_password = [&](const char* message) {
    std::string text = one_line(message);
    if (const std::size_t at = text.find(url); at != std::string::npos)
      text.replace(at, url.size(), redacted(url));
    return text;
  };
  char* parse_error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &parse_error);
  if (!options) {
    const std::string message = without_password(parse_error ? parse_error : "out of memory");
    PQfreemem(parse_error);
    return make_error("bad database address " + redacted(url) + ": " + message);
  }
  PQconninfoFree(options);
  // Defaults that the URL may override (it is expanded after them): a server that does not
  // answer is given up after 10 s, not waited for without end.
  const char* keywords[] = {"connect_timeout", "application_name", "client_encoding", "dbname",
                            nullptr};
  const char* values[] = {"10", "doska", "UTF8", url.c_str(), nullptr};
  PGconn* connection = PQconnectdbParams(keywords, values, 1);
  auto refused = [&](const std::string& why) -> Result<std::unique_ptr<Connection>> {
    PQfinish(connection);
    return make_error("cannot open the database " + redacted(url) + ": " + why);
  };
  if (!connection) return refused("out of memory");
  if (PQstatus(connection) != CONNECTION_OK)
    return refused(without_password(PQerrorMessage(connection)));
  if (PQserverVersion(connection) < kOldestServer)
    return refused("PostgreSQL 12 or later is needed (the server is version " +
                   std::to_string(PQserverVersion(connection)) + ")");
  // Notices ("relation already exists, skipping") are not errors: the answers tell those.
  PQsetNoticeProcessor(
      connection, [](void*, const char*) {}, nullptr);
  return std::unique_ptr<Connection>(std::make_unique<PostgresConnection>(connection));
}

}  // namespace doska::server::db
