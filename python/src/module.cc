// The compiled part of the `rulekit` Python package (`rulekit._rulekit`): games and states in
// OpenSpiel's shape, and `play`. The package's __init__.py adds the Python side (load_game's
// keyword parameters, the AEC environment, Rule Game's research loop).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "any_game.h"
#include "module_api.h"
#include "play.h"

namespace py = pybind11;
using nlohmann::json;
using rk::py::AnyGame;
using rk::py::AnyState;

namespace {

// A state, with the game that made it kept alive by the state itself.
using StatePtr = std::shared_ptr<AnyState>;

void check_player(const AnyState& s, int player) {
  if (player < 0 || player >= s.game()->num_players()) throw py::value_error("no player " + std::to_string(player));
}

py::array_t<float> tensor(const AnyState& s, int player) {
  check_player(s, player);
  std::vector<float> t = s.observation_tensor(player);
  std::vector<py::ssize_t> shape;
  for (int d : s.game()->observation_shape()) shape.push_back(d);
  py::array_t<float> out(shape);
  std::copy(t.begin(), t.end(), out.mutable_data());
  return out;
}

py::object json_to_py(const json& j) {
  return py::module_::import("json").attr("loads")(j.dump());
}

}  // namespace

PYBIND11_MODULE(_rulekit, m) {
  m.doc() = "rulekit's games in OpenSpiel's shape (the compiled part; see help(rulekit))";
  m.attr("__version__") = RULEKIT_VERSION;
  m.attr("GAMES") = rk::py::game_names();

  py::class_<AnyGame, std::shared_ptr<AnyGame>>(m, "Game")
      .def("name", &AnyGame::name)
      .def("num_players", &AnyGame::num_players)
      .def("num_distinct_actions", &AnyGame::num_distinct_actions)
      .def("observation_tensor_shape", &AnyGame::observation_shape)
      .def("observation_tensor_size",
           [](const AnyGame& g) {
             int n = 1;
             for (int d : g.observation_shape()) n *= d;
             return n;
           })
      .def("params_json", [](const AnyGame& g) { return g.params().dump(); })
      .def("new_initial_state", [](const AnyGame& g, uint64_t seed) { return StatePtr(g.new_state(seed)); }, py::arg("seed") = 1)
      .def("deserialize_state",
           [](const AnyGame& g, const std::string& text) {
             std::string error;
             auto s = rk::py::deserialize(g, text, error);
             if (!s) throw py::value_error(error);
             return StatePtr(std::move(s));
           })
      .def("check_agent", &AnyGame::check_agent)
      .def("__repr__", [](const AnyGame& g) { return "<rulekit game " + g.name() + " " + g.params().dump() + ">"; });

  py::class_<AnyState, StatePtr>(m, "State")
      .def("current_player", &AnyState::current_player)
      .def("legal_actions", [](const AnyState& s) { return s.legal_actions(); })
      .def("legal_actions", [](const AnyState& s, int player) {
        return s.current_player() == player ? s.legal_actions() : std::vector<int>();
      })
      .def("legal_actions_mask",
           [](const AnyState& s) {
             py::array_t<int8_t> mask(s.game()->num_distinct_actions());
             int8_t* d = mask.mutable_data();
             std::fill(d, d + mask.size(), int8_t{0});
             for (int a : s.legal_actions()) d[a] = 1;
             return mask;
           })
      .def("apply_action",
           [](AnyState& s, int action) {
             if (!s.apply_action(action)) throw py::value_error("action " + std::to_string(action) + " is not legal here");
           })
      .def("action_to_string", [](const AnyState& s, int action) { return s.action_to_string(action); })
      .def("action_to_string", [](const AnyState& s, int, int action) { return s.action_to_string(action); })
      .def("is_chance_node", [](const AnyState& s) { return s.current_player() == rk::py::kOsChance; })
      .def("is_simultaneous_node", [](const AnyState&) { return false; })  // gates are asked a seat at a time
      .def("is_player_node", [](const AnyState& s) { return s.current_player() >= 0; })
      .def("chance_outcomes",
           [](const AnyState& s) {
             std::vector<std::pair<int, double>> out;
             if (s.current_player() == rk::py::kOsChance) out.push_back({0, 1.0});
             return out;
           })
      .def("is_terminal", &AnyState::terminal)
      .def("returns", &AnyState::returns)
      .def("player_return", [](const AnyState& s, int p) {
        check_player(s, p);
        return s.returns()[static_cast<size_t>(p)];
      })
      .def("clone", [](const AnyState& s) { return StatePtr(s.clone()); })
      .def("__copy__", [](const AnyState& s) { return StatePtr(s.clone()); })
      .def("__deepcopy__", [](const AnyState& s, py::dict) { return StatePtr(s.clone()); })
      .def("observation_string",
           [](const AnyState& s, int p) {
             check_player(s, p);
             return s.observation_string(p);
           })
      .def("observation_tensor", &tensor)
      .def("information_state_string",
           [](const AnyState& s, int p) {
             check_player(s, p);
             return rk::py::information_state(s, p);
           })
      .def("serialize", [](const AnyState& s) { return rk::py::serialize(s); })
      .def("history", [](const AnyState& s) { return s.history(); })
      .def("move_number", [](const AnyState& s) { return s.history().size(); })
      .def("num_players", [](const AnyState& s) { return s.game()->num_players(); })
      .def("get_game", [](const AnyState& s) { return std::const_pointer_cast<AnyGame>(s.game()); })
      .def("seed", &AnyState::seed)
      .def("state_hash", &AnyState::hash)
      .def("log_json", &AnyState::log_json)
      .def("error", &AnyState::error)
      .def("info", [](const AnyState& s) { return json_to_py(s.info()); })
      .def("determinize",
           [](AnyState& s, int observer, uint64_t seed) {
             check_player(s, observer);
             if (!s.determinize(observer, seed)) throw py::value_error(s.game()->name() + " has no determinize");
           })
      .def("__str__", &AnyState::to_string);

  m.def(
      "_load_game",
      [](const std::string& name, const std::string& params) {
        std::string error;
        auto g = rk::py::load_game(name, json::parse(params), error);
        if (!g) throw py::value_error(error);
        return g;
      },
      "name and parameters as JSON text");

  m.def(
      "_play",
      [](const AnyGame& g, size_t n, const std::vector<std::string>& agents, uint64_t seed, int threads, bool records, bool histories) {
        if (agents.size() != 1 && agents.size() != static_cast<size_t>(g.num_players())) {
          throw py::value_error("agents: one name for every seat or one per seat (" + std::to_string(g.num_players()) + ")");
        }
        for (const auto& a : agents) {
          if (!g.check_agent(a)) throw py::value_error("no bot named " + a + " for " + g.name() + " (random, greedy, mcts[:N][:dD])");
        }
        rk::py::PlayResult r;
        {
          py::gil_scoped_release release;
          r = g.play({n, agents, seed, threads, records, histories});
        }
        py::array_t<double> returns({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(r.players)});
        std::copy(r.returns.begin(), r.returns.end(), returns.mutable_data());
        py::array_t<int64_t> lengths(static_cast<py::ssize_t>(n));
        std::copy(r.lengths.begin(), r.lengths.end(), lengths.mutable_data());
        py::array_t<bool> finished(static_cast<py::ssize_t>(n));
        for (size_t i = 0; i < n; ++i) finished.mutable_data()[i] = r.finished[i] != 0;
        py::dict out;
        out["returns"] = returns;
        out["lengths"] = lengths;
        out["finished"] = finished;
        if (records) out["records"] = json_to_py(json(r.records));
        if (histories) out["histories"] = r.histories;
        return out;
      },
      py::arg("game"), py::arg("n"), py::arg("agents"), py::arg("seed"), py::arg("threads"), py::arg("records"), py::arg("histories"));

  m.def("_game_seed", &rk::py::game_seed, "the seed rulekit.play deals game i from");
  m.def("_vck_report", [](const std::string& records, const std::string& preset, int players, const std::vector<std::string>& agents,
                          uint64_t seed) { return rk::py::vck_report(json::parse(records), preset, players, agents, seed); });
}
