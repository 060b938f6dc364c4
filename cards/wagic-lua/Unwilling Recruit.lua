-- Unwilling Recruit: Gain control of target creature until end of turn. Untap that creature. It
-- gets +X/+0 and gains haste until end of turn.
return {
  resolve = function(me)
    local creature = mtg.target(1)
    if not creature then return end
    mtg.gain_control(creature, mtg.controller(me), "eot")
    mtg.untap(creature)
    mtg.pump(creature, mtg.x(), 0, "eot")
    mtg.grant(creature, "haste", "eot")
  end,
}
