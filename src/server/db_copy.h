// `doska db copy --from SRC --to DST` (docs/deploy.md): every table of one database copied into
// another, SQLite to PostgreSQL or back (or to one of the same kind). Both are migrated to this
// program's schema first; the target must hold nothing yet. The rows are read in one snapshot of
// the source and written in one transaction on the target, parents before the tables that refer
// to them, then every table's rows are counted on both sides.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"

namespace doska::server {

struct TableCount {
  std::string table;
  std::int64_t source = 0, target = 0;
};

// The tables copied, in the order written, with their rows counted in the source's snapshot and
// in the target once committed (the caller compares them). An error names the database (without
// its password) and what went wrong; nothing is written to the target then.
Result<std::vector<TableCount>> copy_database(const std::string& from, const std::string& to);

}  // namespace doska::server
