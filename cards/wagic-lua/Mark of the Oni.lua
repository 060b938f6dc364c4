-- Mark of the Oni: Enchant creature. You control enchanted creature. (Its other abilities are the card's
-- auto= lines.)
-- The aura is attached to its target as it enters; the control lasts while the aura is on the
-- battlefield.
return {
  resolve = function(me)
    local creature = mtg.attached(me)
    if creature then mtg.gain_control(creature, mtg.controller(me), "source") end
  end,
}
