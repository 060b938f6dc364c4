// The words of the effect-string language that the grammar alone cannot check: verbs and resource
// letters. A typo in either still parses (a verb is any word, a misspelt letter reads as a word
// argument), so without this check the card compiles and silently does nothing.
#pragma once

#include <span>
#include <string_view>

#include "games/vck/language/effect.h"
#include "text/diagnostic.h"

namespace rk::vck {

// Every verb an effect string may use (those the engine runs and those it reads by name).
std::span<const std::string_view> known_verbs();
// The resource words: g s m v vp p t wild.
std::span<const std::string_view> resource_words();

// Errors (with "did you mean") for unknown verbs (VK0015) and unknown resource letters (VK0016)
// in a parsed effect; `text` is the effect string its spans point into.
void check_vocabulary(std::string_view text, const Effect& e, text::Diagnostics& diags);

}  // namespace rk::vck
