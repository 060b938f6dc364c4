-- Mass Mutiny: For each opponent, gain control of up to one target creature that player controls
-- until end of turn. Untap those creatures. They gain haste until end of turn.
-- (Two players: one opponent, one target; untap and haste are the card's auto= lines.)
return {
  keep_auto = true,
  resolve = function(me)
    local creature = mtg.target(1)
    if creature and mtg.zone(creature) == "battlefield" then
      mtg.gain_control(creature, mtg.controller(me), "eot")
    end
  end,
}
