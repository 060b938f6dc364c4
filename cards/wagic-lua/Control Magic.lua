-- Control Magic: Enchant creature. You control enchanted creature.
-- The aura is attached to its target as it enters; the control lasts while the aura is on the
-- battlefield (it falls off when the creature leaves, which ends the effect too).
return {
  resolve = function(me)
    local creature = mtg.attached(me)
    if creature then mtg.gain_control(creature, mtg.controller(me), "source") end
  end,
}
