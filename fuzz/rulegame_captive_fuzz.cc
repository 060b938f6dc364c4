// The Captive Game Server's command loop: arbitrary client input must get answers, never a
// crash, on a fixed rule set and board.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "games/rulegame/runners/captive.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string dir = [] {
    const std::string d = "/tmp/rulekit-captive-fuzz";
    std::ofstream(d + ".rules.txt") << "Order X=[1,[2,7],3]\n1 (pos:X, bucket:[!p*[0,1,2,3], p+1])\n(color:red, bucket:p) (postpos:T)\n";
    std::ofstream(d + ".board.json")
        << R"({"id":0,"value":[{"id":0,"color":"RED","shape":"STAR","x":1,"y":1},)"
        << R"({"id":1,"color":"BLUE","shape":"SQUARE","x":2,"y":1},{"id":2,"color":"RED","shape":"CIRCLE","x":6,"y":6}]})";
    return d;
  }();
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out, err;
  rk::rulegame::CaptiveIO io{in, out, err, ""};
  rk::rulegame::run_captive({"output=FULL", dir + ".rules.txt", dir + ".board.json"}, io);
  return 0;
}
