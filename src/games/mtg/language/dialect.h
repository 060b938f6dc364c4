// Wagic card code as the generic tools see it (check, explain, detection): databases, sets, card
// files and macros. Registered in src/registry/registry.cc.
#pragma once

#include "registry/dialect.h"

namespace rk::mtg {

extern const registry::Dialect kDialect;

}  // namespace rk::mtg
