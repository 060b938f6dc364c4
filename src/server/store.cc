// Which store a server opens: PostgreSQL for a connection URI, SQLite in the data folder otherwise.
#include "server/store.h"

#include <filesystem>

#include "server/pg_store.h"
#include "server/sqlite_store.h"

namespace rk::server {

bool Store::is_postgres(const std::string& db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

std::unique_ptr<Store> Store::open_any(const std::string& db, const std::string& data_folder, bool durable,
                                       int64_t wal_checkpoint_bytes, std::string& error) {
  if (is_postgres(db)) return PgStore::open(db, durable, error);
  return open((std::filesystem::path(data_folder) / "rulekit.db").string(), durable, wal_checkpoint_bytes, error);
}

std::unique_ptr<Store> Store::open(const std::string& path, bool durable, int64_t wal_checkpoint_bytes,
                                   std::string& error) {
  return SqliteStore::open(path, durable, wal_checkpoint_bytes, error);
}

}  // namespace rk::server
