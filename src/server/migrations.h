// The storage's schema: numbered migrations, the same for SQLite and PostgreSQL, recorded in the
// table schema_version and applied when a database is opened.
#pragma once

#include "common/result.h"
#include "server/db/db.h"

namespace doska::server {

// The schema version this program writes.
int latest_schema_version();
// Brings the database up to latest_schema_version(), one transaction a migration; refuses a
// database that a newer program migrated further.
Status migrate(db::Connection& db);

}  // namespace doska::server
