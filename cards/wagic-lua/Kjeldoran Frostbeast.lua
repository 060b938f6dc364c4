-- Kjeldoran Frostbeast: At end of combat, destroy all creatures blocking or blocked by Kjeldoran
-- Frostbeast.
-- The creatures are those of this combat, seen as the ability triggers; it destroys the ones
-- still on the battlefield as it resolves.
return {
  phase = function(me)
    if mtg.phase() ~= "combatends" then return end
    local partners = mtg.combat_partners(me)
    if #partners == 0 then return end
    mtg.trigger(function()
      for _, creature in ipairs(partners) do
        if mtg.zone(creature) == "battlefield" then mtg.destroy(creature) end
      end
    end, "destroy all creatures blocking or blocked by Kjeldoran Frostbeast")
  end,
}
