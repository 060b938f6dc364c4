-- Traitorous Blood: Gain control of target creature until end of turn. Untap it. It gains trample and
-- haste until end of turn.
return {
  resolve = function(me)
    local permanent = mtg.target(1)
    if not permanent then return end
    mtg.gain_control(permanent, mtg.controller(me), "eot")
    mtg.untap(permanent)
    mtg.grant(permanent, "trample", "eot")
    mtg.grant(permanent, "haste", "eot")
  end,
}
