-- Floating Shield: Enchant creature. As Floating Shield enters the battlefield, choose a color.
-- Enchanted creature has protection from the chosen color. This effect doesn't remove Floating
-- Shield. Sacrifice Floating Shield: Target creature gains protection from the chosen color until
-- end of turn.
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the aura: its colour.

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
    local creature = mtg.attached(me)
    if creature then mtg.grant(creature, "protection from " .. mtg.recall(me, "color"), "source") end
  end,
  abilities = {
    {
      cost = "{S}",
      text = "sacrifice: target creature gains protection from the chosen color",
      run = function(me)
        local creature = mtg.choose_target("creature")
        if creature and mtg.recall(me, "color") then mtg.grant(creature, "protection from " .. mtg.recall(me, "color"), "eot") end
      end,
    },
  },
}
