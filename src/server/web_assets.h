// The web page's files, compiled into the binary (generated from web/ at build time).
#pragma once

#include <cstddef>

namespace rk::server {

struct Asset {
  const char* path;  // "/index.html", "/app.js", ...
  const char* type;  // Content-Type
  const unsigned char* data;
  size_t size;
};

extern const Asset kAssets[];
extern const size_t kAssetCount;

}  // namespace rk::server
