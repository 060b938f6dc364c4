-- Temporary Insanity: Untap target creature with power less than the number of cards in your graveyard
-- and gain control of it until end of turn. That creature gains haste until end of turn.
return {
  resolve = function(me)
    local permanent = mtg.target(1)
    if not permanent then return end
    mtg.gain_control(permanent, mtg.controller(me), "eot")
    mtg.untap(permanent)
    
    mtg.grant(permanent, "haste", "eot")
  end,
}
