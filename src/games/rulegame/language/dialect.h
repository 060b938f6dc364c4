// Rule Game files as the generic tools see them (check, explain, detection): rule files and
// boards. Registered in src/registry/registry.cc.
#pragma once

#include "registry/dialect.h"

namespace rk::rulegame {

extern const registry::Dialect kDialect;

}  // namespace rk::rulegame
