// Unguessable episode ids and player tokens, and comparing secrets without a timing leak.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rk::server {

// "YYYYMMDD-HHMMSS-" (UTC, like the Rule Game Server's ids, so they sort by time) followed by
// 16 random base-32 characters (80 bits from the kernel's random source).
std::string new_episode_id(int64_t now_ms);
// 32 hexadecimal characters (128 random bits).
std::string new_token();
// Equal strings, compared in time that does not depend on where they first differ.
bool same_secret(std::string_view a, std::string_view b);
// Milliseconds since the epoch.
int64_t now_ms();
// "YYYYMMDD-HHMMSS.mmm" in UTC, the timestamp format of Rule Game transcripts.
std::string transcript_time(int64_t ms);

}  // namespace rk::server
