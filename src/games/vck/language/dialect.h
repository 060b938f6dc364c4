// VCK effect strings as the generic tools see them (check, explain, detection): the card tables
// (a folder or one table) and plain files of one effect string per line. Registered in
// src/registry/registry.cc.
#pragma once

#include "registry/dialect.h"

namespace rk::vck {

extern const registry::Dialect kDialect;

}  // namespace rk::vck
