-- Threaten: Untap target creature and gain control of it until end of turn. That creature gains
-- haste until end of turn.
return {
  resolve = function(me)
    local creature = mtg.target(1)
    if not creature then return end
    mtg.gain_control(creature, mtg.controller(me), "eot")
    mtg.untap(creature)
    mtg.grant(creature, "haste", "eot")
  end,
}
