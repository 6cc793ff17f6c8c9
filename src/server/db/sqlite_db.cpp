// The SQLite back end: one file in WAL mode, synchronous=FULL, readable by its owner only.
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "server/db/db.h"

namespace doska::server::db {

namespace {

class SqliteStatement final : public StatementBackend {
 public:
  SqliteStatement(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
        SQLITE_OK)
      stmt_ = nullptr;
  }
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  bool ok() const override { return stmt_ != nullptr; }
  void bind_text(int index, const std::string& text) override {
    sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  void bind_integer(int index, std::int64_t value) override {
    sqlite3_bind_int64(stmt_, index, value);
  }
  void bind_real(int index, double value) override { sqlite3_bind_double(stmt_, index, value); }
  void bind_null(int index) override { sqlite3_bind_null(stmt_, index); }
  Step step() override {
    if (!stmt_) return Step::failed;
    switch (sqlite3_step(stmt_)) {
      case SQLITE_ROW:
        return Step::row;
      case SQLITE_DONE:
        return Step::done;
      default:
        return Step::failed;
    }
  }
  std::string text(int column) const override {
    const unsigned char* t = sqlite3_column_text(stmt_, column);
    if (!t) return "";
    return std::string(reinterpret_cast<const char*>(t),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }
  std::int64_t integer(int column) const override { return sqlite3_column_int64(stmt_, column); }
  double real(int column) const override { return sqlite3_column_double(stmt_, column); }
  bool is_null(int column) const override {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
  }
  std::int64_t changes() const override { return sqlite3_changes64(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteConnection final : public Connection {
 public:
  explicit SqliteConnection(sqlite3* db) : db_(db) {}
  ~SqliteConnection() override { sqlite3_close(db_); }

  Dialect dialect() const override { return Dialect::sqlite; }
  Statement prepare(const std::string& sql) override {
    return Statement(std::make_unique<SqliteStatement>(db_, sql));
  }
  Status exec(const std::string& sql) override {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message ? message : sqlite3_errmsg(db_);
      sqlite3_free(message);
      return make_error("database: " + text);
    }
    return Ok{};
  }
  Status begin() override { return exec("BEGIN IMMEDIATE"); }
  std::string error_message() const override { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
};

}  // namespace

Result<std::unique_ptr<Connection>> open_sqlite(const std::string& path) {
  const std::filesystem::path file(path);
  if (file.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec)
      return make_error("cannot create the directory " + file.parent_path().string() + ": " +
                        ec.message());
  }
  // The database holds the games' keys: readable by its owner only. SQLite gives its
  // -wal and -shm files the database file's permissions.
  {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) std::ofstream(path, std::ios::app);
    std::filesystem::permissions(
        file, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
        std::filesystem::perm_options::replace, ec);
  }
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return make_error("cannot open the database " + path + ": " + message);
  }
  auto connection = std::make_unique<SqliteConnection>(db);
  sqlite3_busy_timeout(db, 5000);
  // WAL: readers do not block the writer; synchronous=FULL: a committed game survives a crash.
  if (Status s = connection->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                                  "PRAGMA foreign_keys=ON;");
      !s)
    return make_error("cannot open the database " + path + ": " + s.error());
  return std::unique_ptr<Connection>(std::move(connection));
}

}  // namespace doska::server::db
