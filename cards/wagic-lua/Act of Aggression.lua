-- Act of Aggression: Gain control of target creature an opponent controls until end of turn. Untap that
-- creature. It gains haste until end of turn.
return {
  resolve = function(me)
    local permanent = mtg.target(1)
    if not permanent then return end
    mtg.gain_control(permanent, mtg.controller(me), "eot")
    mtg.untap(permanent)
    
    mtg.grant(permanent, "haste", "eot")
  end,
}
