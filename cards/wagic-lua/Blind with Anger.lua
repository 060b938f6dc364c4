-- Blind with Anger: gain control of the target until end of turn. The rest of the card (untap, haste, ...)
-- is its auto= lines, run first (keep_auto).
return {
  keep_auto = true,
  resolve = function(me)
    local permanent = mtg.target(1)
    if permanent and mtg.zone(permanent) == "battlefield" then
      mtg.gain_control(permanent, mtg.controller(me), "eot")
    end
  end,
}
