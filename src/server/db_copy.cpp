#include "server/db_copy.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "common/text.h"
#include "server/db/db.h"
#include "server/migrations.h"

namespace doska::server {

namespace {

enum class Kind { integer, real, text };

struct Column {
  std::string name;
  Kind kind = Kind::text;
};

// A column's kind by its declared type, as SQLite's affinity reads it (INTEGER, BIGINT; REAL,
// DOUBLE PRECISION; the rest text).
Kind kind_of(std::string type) {
  std::transform(type.begin(), type.end(), type.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (type.find("INT") != std::string::npos) return Kind::integer;
  if (type.find("REAL") != std::string::npos || type.find("DOUBLE") != std::string::npos ||
      type.find("FLOA") != std::string::npos)
    return Kind::real;
  return Kind::text;
}

// A name from the schema, quoted for SQL.
std::string name_sql(const std::string& name) {
  return "\"" + name + "\"";
}

// One open database and what the copy reads of its schema.
class Side {
 public:
  Side(std::string target, std::unique_ptr<db::Connection> db)
      : target_(std::move(target)), db_(std::move(db)) {}

  db::Connection& db() { return *db_; }
  bool postgres() const { return db_->dialect() == db::Dialect::postgres; }
  Error fail(const std::string& what) const {
    return make_error("database " + db::redacted(target_) + ": " + what + ": " +
                      db_->error_message());
  }

  // The answers of a query of one text column.
  Result<std::vector<std::string>> texts(const std::string& sql, const std::string& bound = "") {
    db::Statement q = db_->prepare(sql);
    if (!bound.empty()) q.bind(1, bound);
    std::vector<std::string> out;
    db::Step step;
    while ((step = q.step()) == db::Step::row) out.push_back(q.text(0));
    if (step != db::Step::done) return fail("reading its schema");
    return out;
  }

  // The tables the migrations made (schema_version apart), by name.
  Result<std::vector<std::string>> tables() {
    auto names = texts(postgres() ? "SELECT table_name FROM information_schema.tables WHERE "
                                    "table_schema = current_schema() AND table_type = 'BASE TABLE' "
                                    "ORDER BY table_name"
                                  : "SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                    "name NOT LIKE 'sqlite_%' ORDER BY name");
    if (names) std::erase(*names, "schema_version");
    return names;
  }

  Result<std::vector<Column>> columns(const std::string& table) {
    db::Statement q =
        db_->prepare(postgres() ? "SELECT column_name, data_type FROM "
                                  "information_schema.columns WHERE table_schema = "
                                  "current_schema() AND table_name = ?1 ORDER BY "
                                  "ordinal_position"
                                : "SELECT name, type FROM pragma_table_info(?1) ORDER BY cid");
    q.bind(1, table);
    std::vector<Column> out;
    db::Step step;
    while ((step = q.step()) == db::Step::row) out.push_back({q.text(0), kind_of(q.text(1))});
    if (step != db::Step::done) return fail("reading the columns of " + table);
    return out;
  }

  // The tables that `table` refers to.
  Result<std::vector<std::string>> parents(const std::string& table) {
    return texts(postgres() ? "SELECT DISTINCT confrelid::regclass::text FROM pg_constraint "
                              "WHERE contype = 'f' AND conrelid = ?1::regclass"
                            : "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?1)",
                 table);
  }

  // PostgreSQL's columns whose values the database gives (identity): after rows were written
  // with their own values, the next given value must come after them.
  Result<std::vector<std::string>> identities(const std::string& table) {
    if (!postgres()) return std::vector<std::string>();
    return texts(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = "
        "current_schema() AND table_name = ?1 AND is_identity = 'YES'",
        table);
  }

  Result<std::int64_t> count(const std::string& table) {
    db::Statement q = db_->prepare("SELECT COUNT(*) FROM " + name_sql(table));
    if (q.step() != db::Step::row) return fail("counting the rows of " + table);
    return q.integer(0);
  }

 private:
  std::string target_;
  std::unique_ptr<db::Connection> db_;
};

Result<Side> open_side(const std::string& target, bool source) {
  if (target.empty())
    return make_error(std::string(source ? "--from" : "--to") +
                      " is empty: give an SQLite file or postgresql://USER@HOST:PORT/DB");
  // A source that is not there is a mistake, not an empty database to make.
  if (source && !db::is_postgres_url(target) && !std::filesystem::is_regular_file(target))
    return make_error("no database file " + doska::quoted(target) + " (--from)");
  auto db = db::open(target);
  if (!db) return make_error(db.error());
  if (Status s = migrate(**db); !s)
    return make_error("database " + db::redacted(target) + ": " + s.error());
  return Side(target, std::move(*db));
}

// The tables with the ones they refer to first.
Result<std::vector<std::string>> parents_first(Side& side, const std::vector<std::string>& tables) {
  std::map<std::string, std::set<std::string>> waiting;
  for (const std::string& table : tables) {
    auto parents = side.parents(table);
    if (!parents) return make_error(parents.error());
    for (const std::string& parent : *parents)
      if (parent != table) waiting[table].insert(parent);
  }
  std::vector<std::string> order;
  std::set<std::string> placed;
  while (order.size() < tables.size()) {
    bool progress = false;
    for (const std::string& table : tables) {
      if (placed.count(table)) continue;
      const auto& needs = waiting[table];
      if (!std::all_of(needs.begin(), needs.end(),
                       [&](const std::string& t) { return placed.count(t) != 0; }))
        continue;
      order.push_back(table);
      placed.insert(table);
      progress = true;
    }
    if (!progress) return make_error("the tables refer to each other in a circle");
  }
  return order;
}

// The columns to copy: the target's, and the order of the rows (SQLite's rowid, which PostgreSQL
// keeps as a column "rowid" where the order matters) carried across.
Result<std::vector<Column>> copied_columns(Side& source, Side& target, const std::string& table) {
  auto to = target.columns(table);
  if (!to) return make_error(to.error());
  auto from = source.columns(table);
  if (!from) return make_error(from.error());
  const auto has = [](const std::vector<Column>& columns, const std::string& name) {
    return std::any_of(columns.begin(), columns.end(),
                       [&](const Column& c) { return c.name == name; });
  };
  std::vector<Column> out = *to;
  if (!target.postgres() && source.postgres() && has(*from, "rowid") && !has(out, "rowid"))
    out.push_back({"rowid", Kind::integer});
  for (const Column& c : out)
    if (!has(*from, c.name) && !(c.name == "rowid" && !source.postgres()))
      return make_error("table " + table + ": the source has no column " + c.name);
  return out;
}

// Rows of one table, read from the source in their order and written in batches of many rows a
// statement.
Result<std::int64_t> copy_table(Side& source, Side& target, const std::string& table) {
  auto columns = copied_columns(source, target, table);
  if (!columns) return make_error(columns.error());
  std::string names;
  for (const Column& c : *columns) names += (names.empty() ? "" : ", ") + name_sql(c.name);
  auto from_columns = source.columns(table);
  if (!from_columns) return make_error(from_columns.error());
  const bool ordered =
      !source.postgres() || std::any_of(from_columns->begin(), from_columns->end(),
                                        [](const Column& c) { return c.name == "rowid"; });
  db::Statement rows = source.db().prepare("SELECT " + names + " FROM " + name_sql(table) +
                                           (ordered ? " ORDER BY rowid" : ""));
  const std::size_t width = columns->size();
  const std::size_t per_statement =
      std::max<std::size_t>(1, std::min<std::size_t>(200, 30000 / width));
  struct Value {
    Kind kind;
    bool null;
    std::int64_t integer;
    double real;
    std::string text;
  };
  std::vector<Value> batch;
  std::int64_t written = 0;
  const auto flush = [&]() -> Status {
    if (batch.empty()) return Ok{};
    const std::size_t n = batch.size() / width;
    std::string sql = "INSERT INTO " + name_sql(table) + " (" + names + ") VALUES ";
    for (std::size_t row = 0; row < n; ++row) {
      sql += row ? ", (" : "(";
      for (std::size_t col = 0; col < width; ++col)
        sql += (col ? ", ?" : "?") + std::to_string(row * width + col + 1);
      sql += ")";
    }
    db::Statement insert = target.db().prepare(sql);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const int at = static_cast<int>(i + 1);
      const Value& v = batch[i];
      if (v.null)
        insert.bind_null(at);
      else if (v.kind == Kind::integer)
        insert.bind(at, v.integer);
      else if (v.kind == Kind::real)
        insert.bind(at, v.real);
      else
        insert.bind(at, v.text);
    }
    if (insert.step() != db::Step::done) return target.fail("writing the rows of " + table);
    written += static_cast<std::int64_t>(n);
    batch.clear();
    return Ok{};
  };
  db::Step step;
  while ((step = rows.step()) == db::Step::row) {
    for (std::size_t col = 0; col < width; ++col) {
      const int at = static_cast<int>(col);
      const Kind kind = (*columns)[col].kind;
      Value v{kind, rows.is_null(at), 0, 0.0, {}};
      if (!v.null && kind == Kind::integer)
        v.integer = rows.integer(at);
      else if (!v.null && kind == Kind::real)
        v.real = rows.real(at);
      else if (!v.null)
        v.text = rows.text(at);
      batch.push_back(std::move(v));
    }
    if (batch.size() >= per_statement * width) {
      if (Status s = flush(); !s) return make_error(s.error());
    }
  }
  if (step != db::Step::done) return source.fail("reading the rows of " + table);
  if (Status s = flush(); !s) return make_error(s.error());
  auto identities = target.identities(table);
  if (!identities) return make_error(identities.error());
  for (const std::string& column : *identities) {
    db::Statement next =
        target.db().prepare("SELECT setval(pg_get_serial_sequence(?1, ?2), COALESCE((SELECT MAX(" +
                            name_sql(column) + ") FROM " + name_sql(table) + "), 0) + 1, false)");
    next.bind(1, table).bind(2, column);
    if (next.step() != db::Step::row)
      return target.fail("setting the next " + table + "." + column);
  }
  return written;
}

}  // namespace

Result<std::vector<TableCount>> copy_database(const std::string& from, const std::string& to) {
  if (from == to) return make_error("--from and --to name the same database");
  auto source = open_side(from, true);
  if (!source) return make_error(source.error());
  auto target = open_side(to, false);
  if (!target) return make_error(target.error());
  auto tables = target->tables();
  if (!tables) return make_error(tables.error());
  auto source_tables = source->tables();
  if (!source_tables) return make_error(source_tables.error());
  if (*source_tables != *tables)
    return make_error("the two databases do not hold the same tables after their migrations");
  for (const std::string& table : *tables) {
    auto rows = target->count(table);
    if (!rows) return make_error(rows.error());
    if (*rows > 0)
      return make_error("database " + db::redacted(to) + " already holds " + std::to_string(*rows) +
                        " rows in " + table + ": copy into an empty database");
  }
  auto order = parents_first(*target, *tables);
  if (!order) return make_error(order.error());

  // One snapshot of the source: servers that write to it meanwhile change none of what is read.
  if (Status s = source->db().exec(
          source->postgres() ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
      !s)
    return source->fail("beginning a read");
  if (Status s = target->db().begin(); !s) return target->fail("beginning the copy");
  std::vector<TableCount> counts;
  for (const std::string& table : *order) {
    auto written = copy_table(*source, *target, table);
    auto read = written ? source->count(table) : Result<std::int64_t>(make_error(written.error()));
    if (!read) {
      (void)target->db().rollback();
      (void)source->db().rollback();
      return make_error(read.error());
    }
    counts.push_back({table, *read, 0});
  }
  (void)source->db().rollback();
  if (Status s = target->db().commit(); !s) return target->fail("committing the copy");
  for (TableCount& c : counts) {
    auto rows = target->count(c.table);
    if (!rows) return make_error(rows.error());
    c.target = *rows;
  }
  return counts;
}

}  // namespace doska::server
