// A sandboxed Lua 5.4 state for scripts that ship as data (Magic cards written in Lua today).
// Game-neutral: a game adds its own API table to the state; the host gives the sandbox and the
// diagnostics.
//
// The sandbox: base functions without load/loadfile/dofile/collectgarbage/print, string (without
// dump), table, math (without random: randomness comes from the game's own RNG through its API, so
// a replay gives the same result), utf8. No io, os, package, debug, coroutine. Reading one of the
// removed names is an error naming the sandbox (LU0003). Every chunk runs with an environment of
// its own whose reads fall through to the shared safe globals, so two scripts never see each
// other's globals.
//
// Limits: an instruction budget per call (a count hook; LU0004) and a memory cap (the allocator
// refuses past it while a script runs; LU0005). A resume nested in a running script (a handler
// another script's action set off) has a budget of its own. Errors become `file:line:col: error[CODE]: message` with the source
// line and a caret. Lua reports the line only: the column is where the `near 'token'` of a syntax
// error first appears on that line, else 1 (runtime errors: always 1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

struct lua_State;
struct lua_Debug;

namespace rk::text {
class SourceFile;
}

namespace rk::script {

struct LuaLimits {
  size_t memory_bytes = 16u << 20;       // the whole state
  int64_t instructions = 1'000'000;      // per run or resume (a card's handler needs a few hundred)
};

class LuaHost {
 public:
  explicit LuaHost(LuaLimits limits = {});
  ~LuaHost();
  LuaHost(const LuaHost&) = delete;
  LuaHost& operator=(const LuaHost&) = delete;

  lua_State* state() const { return L_; }

  // Compiles and runs a chunk in an environment of its own; on success its first result is
  // left on the stack (nil when it returns nothing). The file must outlive the host (errors
  // quote its lines). On failure returns false with the rendered diagnostic in `error`.
  bool run_chunk(const text::SourceFile& file, std::string& error);
  // Compiles a chunk without running it: its function is left on the stack. Its environment is
  // its own table reading through to the safe globals; `sealed`: a table that refuses new
  // globals (LU0003), so that running the chunk again (a fresh instance of the file) keeps nothing
  // in it from one run to the next.
  bool load_chunk(const text::SourceFile& file, std::string& error, bool sealed = false);
  // Calls the function below `nargs` arguments on the stack in a protected call with the budget
  // and the memory cap (a call inside a running script has a budget of its own); `nresults`
  // results are left on success.
  bool call(int nargs, int nresults, std::string& error);
  // A full budget again (a script rebuilt from a record gets one at each point the original was
  // resumed).
  void refill_budget();

  // Coroutines: a thread running the function on top of the stack (popped) with `nargs` arguments
  // pushed after it. Returns the thread's registry reference.
  enum class Status { kDone, kYielded, kError };
  int new_thread();
  // Resumes a thread with `nargs` values already pushed on the thread's stack; on kYielded the
  // yielded values are on the thread's stack; on kError `error` holds the diagnostic and the
  // thread is dead.
  Status resume(int thread, int nargs, std::string& error, int* nresults = nullptr);
  lua_State* thread(int ref) const;
  void release(int ref);

  // The diagnostic for a Lua error message ("chunk:line: text"), with `code`.
  std::string diagnostic(const std::string& code, const std::string& message) const;

  size_t memory_used() const;

  struct Alloc;  // the allocator's state (lua_host.cc)

 private:
  static void budget_hook(lua_State* L, lua_Debug* ar);
  void open_sandbox();
  std::string error_from(lua_State* L, int status) const;

  lua_State* L_ = nullptr;
  std::unique_ptr<Alloc> alloc_;
  LuaLimits limits_;
  std::map<std::string, const text::SourceFile*> files_;  // chunk name -> its text
};

}  // namespace rk::script
