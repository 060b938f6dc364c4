// The stores the server's durability and crash tests run against: SQLite in the data folder (the
// default) and PostgreSQL on the tests' private cluster (pg_cluster.h). A test parametrized on
// StoreKind asks store_args() for the `rulekit serve` arguments of a fresh store; its ctest names
// end in /Sqlite or /Postgres, so `ctest -R Postgres` runs the PostgreSQL ones.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "pg_cluster.h"

namespace rk::test {

enum class StoreKind { sqlite, postgres };

// How gtest and ctest name the parameter ("GetParam() = Postgres").
inline void PrintTo(StoreKind k, std::ostream* os) { *os << (k == StoreKind::sqlite ? "Sqlite" : "Postgres"); }

inline std::string store_name(const testing::TestParamInfo<StoreKind>& i) {
  return i.param == StoreKind::sqlite ? "Sqlite" : "Postgres";
}

// The arguments that put a server on a fresh store of `kind` (none for SQLite: the data folder
// is fresh); false when PostgreSQL is absent, with why in `skip`.
inline bool store_args(StoreKind kind, const std::string& prefix, std::vector<std::string>& args, std::string& skip) {
  args.clear();
  if (kind == StoreKind::sqlite) return true;
  PgCluster* pg = PgCluster::get();
  if (!pg) {
    skip = "*** SKIPPED: " + PgCluster::why() + " ***";
    std::fprintf(stderr, "%s\n", skip.c_str());
    return false;
  }
  args = {"--db", pg->new_database(prefix)};
  return true;
}

}  // namespace rk::test

// In a test body: `serve_args` holds the store's arguments, or the test skips, saying why loudly.
#define RK_STORE_ARGS(serve_args, prefix)                                           \
  std::vector<std::string> serve_args;                                              \
  if (std::string skip_why; !::rk::test::store_args(GetParam(), prefix, serve_args, skip_why)) { \
    GTEST_SKIP() << skip_why;                                                       \
  }
