// Card Fighters' Clash files as the generic tools see them (check, explain, detection): RuleScript
// (rules.json, a CFC folder, one card's script) and card data (set.xml). Registered in
// src/registry/registry.cc.
#pragma once

#include "registry/dialect.h"

namespace rk::cfc {

extern const registry::Dialect kDialect;

}  // namespace rk::cfc
