-- Abduction: Enchant creature. When Abduction enters the battlefield, untap enchanted creature.
-- You control enchanted creature. When enchanted creature dies, return that card to the
-- battlefield under its owner's control (an auto= trigger of the card).
return {
  resolve = function(me)
    local creature = mtg.attached(me)
    if not creature then return end
    mtg.untap(creature)
    mtg.gain_control(creature, mtg.controller(me), "source")
  end,
}
