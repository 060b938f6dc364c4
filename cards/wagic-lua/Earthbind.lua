-- Earthbind: Enchant creature. When Earthbind enters the battlefield, if enchanted creature has
-- flying, Earthbind deals 2 damage to that creature and Earthbind gains "Enchanted creature loses
-- flying."
-- The flying lost is an effect on the creature while Earthbind stays on the battlefield
-- (mtg.grant with "-flying").
return {
  resolve = function(me)
    local creature = mtg.attached(me)
    if not creature or not mtg.has(creature, "flying") then return end
    mtg.trigger(function(aura)
      local c = mtg.attached(aura)
      if mtg.zone(aura) ~= "battlefield" or not c or not mtg.has(c, "flying") then return end  -- "if": checked again
      mtg.damage(c, 2)
      if mtg.zone(c) == "battlefield" then mtg.grant(c, "-flying", "source") end
    end, "Earthbind deals 2 damage to the flying creature")
  end,
}
