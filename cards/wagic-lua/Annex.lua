-- Annex: Enchant land. You control enchanted land.
-- The aura is attached to its target as it enters; the control lasts while the aura is on the
-- battlefield. Its other lines (if any) stay auto= lines of the card.
return {
  resolve = function(me)
    local permanent = mtg.attached(me)
    if permanent then mtg.gain_control(permanent, mtg.controller(me), "source") end
  end,
}
