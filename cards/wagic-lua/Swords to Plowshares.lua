-- Swords to Plowshares: Exile target creature. Its controller gains life equal to its power.
-- The second sentence refers to what the first did: the creature's controller and power are
-- read before it leaves (a keyword line reads them after, from the exiled card).
return {
  resolve = function(me)
    local creature = mtg.target(1)
    if not creature then return end
    local who, power = mtg.controller(creature), mtg.power(creature)
    mtg.move(creature, "exile")
    mtg.gain_life(who, math.max(power, 0))
  end,
}
