-- Kjeldoran Frostbeast: At end of combat, destroy all creatures blocking or blocked by Kjeldoran
-- Frostbeast.
return {
  phase = function(me)
    if mtg.phase() ~= "combatends" then return end
    for _, creature in ipairs(mtg.combat_partners(me)) do
      if mtg.zone(creature) == "battlefield" then mtg.destroy(creature) end
    end
  end,
}
