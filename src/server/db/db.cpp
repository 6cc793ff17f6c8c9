#include "server/db/db.h"

#include <algorithm>

namespace doska::server::db {

Status Connection::transaction(const std::string& what, const std::function<Status()>& work) {
  if (Status s = begin(); !s) return s;
  Status done = Ok{};
  try {
    done = work();
  } catch (...) {
    (void)rollback();
    throw;
  }
  if (!done) {
    (void)rollback();
    return done;
  }
  if (Status s = commit(); !s) {
    Error e = error("committing " + what);
    (void)rollback();
    return e;
  }
  return Ok{};
}

Status Connection::run_together(const std::vector<Statement*>& statements) {
  for (Statement* statement : statements)
    if (statement->step() == Step::failed) return error("running a statement");
  return Ok{};
}

Status Connection::listen(const std::string&) {
  return make_error("database: only PostgreSQL has notifications");
}

Result<std::vector<std::string>> Connection::wait(std::chrono::milliseconds) {
  return make_error("database: only PostgreSQL has notifications");
}

bool is_postgres_url(const std::string& target) {
  return target.rfind("postgresql://", 0) == 0 || target.rfind("postgres://", 0) == 0;
}

// postgresql://user:secret@host/db?password=secret: both secrets become ***.
std::string redacted(const std::string& url) {
  std::string out = url;
  const std::size_t scheme = out.find("://");
  if (scheme == std::string::npos) return out;
  const std::size_t start = scheme + 3;
  const std::size_t end = std::min(out.find_first_of("/?", start), out.size());
  const std::size_t at = out.rfind('@', end);
  if (at != std::string::npos && at >= start) {
    const std::size_t colon = out.find(':', start);
    if (colon < at) out = out.substr(0, colon + 1) + "***" + out.substr(at);
  }
  for (std::size_t key = out.find("password=", out.find('?')); key != std::string::npos;
       key = out.find("password=", key + 1)) {
    const std::size_t value = key + 9;
    const std::size_t next = std::min(out.find('&', value), out.size());
    out.replace(value, next - value, "***");
  }
  return out;
}

Result<std::unique_ptr<Connection>> open(const std::string& target) {
  if (target.empty()) return make_error("no database given: a file or a postgresql:// URL");
  return is_postgres_url(target) ? open_postgres(target) : open_sqlite(target);
}

}  // namespace doska::server::db
