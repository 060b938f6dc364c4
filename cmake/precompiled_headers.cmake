# Precompiled headers for clang builds (the sanitizer and fuzz pass): the standard library, fmt
# and nlohmann/json (GoogleTest for tests, CLI11 for the commands) are parsed, and their common
# templates instantiated, once per target instead of once per file. Measured on 2026-11-28 (CPU
# seconds, clang 14, ASan+UBSan -O1): a game's file 5.4 -> 4.7, a parser 5.8 -> 5.0, the Magic
# effects 2.5 -> 1.7, the server's episodes 15.1 -> 13.0, for about 3 s per target to build the
# header. GCC 12 is left out: its precompiled header (110 MB) costs about as much to load as it
# saves (six files: 33.5 s -> 31.3 s, plus 6-7 s per target to build it).
# Only third-party headers go in: a project header here would rebuild every file of the target
# when it changes. A file that forgets an #include of one of these headers still compiles in the
# clang build; the GCC build, which does not use them, finds it.
option(RULEKIT_PCH "Precompile the standard, fmt, json and gtest headers per target (clang)" ON)

set(RK_PCH_COMMON <algorithm> <array> <cstdint> <functional> <map> <memory> <optional> <set>
  <string> <string_view> <unordered_map> <utility> <vector> <fmt/format.h> <nlohmann/json.hpp>)
set(RK_PCH_TESTS <filesystem> <fstream> <sstream> <gtest/gtest.h>)

# Targets of DIR with at least MIN .cc files get the headers; smaller ones would spend more on
# building the precompiled header than they save.
function(rk_precompile_headers dir min)
  if(NOT RULEKIT_PCH OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    return()
  endif()
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|EXECUTABLE|MODULE_LIBRARY|SHARED_LIBRARY)$")
      continue()
    endif()
    get_target_property(sources ${t} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.cc$")
    list(LENGTH sources n)
    if(n LESS min)
      continue()
    endif()
    set(headers ${RK_PCH_COMMON})
    get_target_property(libs ${t} LINK_LIBRARIES)
    if("GTest::gtest_main" IN_LIST libs)
      list(APPEND headers ${RK_PCH_TESTS})
    endif()
    if("CLI11::CLI11" IN_LIST libs)
      list(APPEND headers <CLI/CLI.hpp>)  # 2 s to parse in each command's file
    endif()
    target_precompile_headers(${t} PRIVATE ${headers})
    # ccache caches files built with a clang precompiled header only when it holds no timestamp
    # (with the sloppiness set in the top CMakeLists.txt).
    target_compile_options(${t} PRIVATE "SHELL:-Xclang -fno-pch-timestamp")
  endforeach()
endfunction()
