-- Volition Reins: Enchant permanent. When Volition Reins enters the battlefield, if enchanted
-- permanent is tapped, untap it. You control enchanted permanent.
return {
  resolve = function(me)
    local permanent = mtg.attached(me)
    if not permanent then return end
    if mtg.tapped(permanent) then mtg.untap(permanent) end
    mtg.gain_control(permanent, mtg.controller(me), "source")
  end,
}
