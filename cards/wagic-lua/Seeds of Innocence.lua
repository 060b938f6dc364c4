-- Seeds of Innocence: Destroy all artifacts. They can't be regenerated. The controller of each
-- artifact destroyed this way gains life equal to its mana value.
return {
  resolve = function(me)
    for _, artifact in ipairs(mtg.cards("artifact|battlefield")) do
      local who, value = mtg.controller(artifact), mtg.mana_value(artifact)
      mtg.destroy(artifact, true)
      if mtg.zone(artifact) ~= "battlefield" then mtg.gain_life(who, value) end
    end
  end,
}
