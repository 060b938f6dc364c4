-- Armageddon Clock: At the beginning of your upkeep, put a doom counter on Armageddon Clock. At
-- the beginning of your draw step, Armageddon Clock deals damage to each player equal to the
-- number of doom counters on it. {4}: Remove a doom counter from Armageddon Clock. Any player may
-- activate this ability but only during any upkeep step.
-- The damage counts the counters as the ability resolves (a {4} paid in response still counts).
return {
  phase = function(me)
    if mtg.active() ~= mtg.controller(me) then return end
    local step = mtg.phase()
    if step == "upkeep" then
      mtg.trigger(function(clock)
        if mtg.zone(clock) == "battlefield" then mtg.add_counters(clock, "doom", 1) end
      end, "put a doom counter on Armageddon Clock")
    elseif step == "draw" then
      mtg.trigger(function(clock)
        local n = mtg.counters(clock, "doom")
        if n == 0 then return end
        mtg.damage_player(mtg.active(), n)
        mtg.damage_player(mtg.opponent(mtg.active()), n)
      end, "Armageddon Clock deals damage to each player")
    end
  end,
  abilities = {
    {
      cost = "{4}",
      text = "{4}: remove a doom counter",
      any_player = true,
      during = "upkeep",
      run = function(me) mtg.add_counters(me, "doom", -1) end,
    },
  },
}
