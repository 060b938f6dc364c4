-- Traitorous Instinct: Gain control of target creature until end of turn. Untap that creature. Until end
-- of turn it gets +2/+0 and gains haste.
return {
  resolve = function(me)
    local permanent = mtg.target(1)
    if not permanent then return end
    mtg.gain_control(permanent, mtg.controller(me), "eot")
    mtg.untap(permanent)
    mtg.pump(permanent, 2, 0, "eot")
    mtg.grant(permanent, "haste", "eot")
  end,
}
