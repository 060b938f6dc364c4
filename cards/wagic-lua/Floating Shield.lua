-- Floating Shield: Enchant creature. As Floating Shield enters the battlefield, choose a color.
-- Enchanted creature has protection from the chosen color. This effect doesn't remove Floating
-- Shield. Sacrifice Floating Shield: Target creature gains protection from the chosen color until
-- end of turn.
local colors = { "green", "blue", "red", "black", "white" }
local chosen = {}  -- this aura -> its colour

return {
  resolve = function(me)
    chosen[me] = colors[mtg.choose(colors)]
    local creature = mtg.attached(me)
    if creature then mtg.grant(creature, "protection from " .. chosen[me], "source") end
  end,
  abilities = {
    {
      cost = "{S}",
      text = "sacrifice: target creature gains protection from the chosen color",
      run = function(me)
        local creature = mtg.choose_target("creature")
        if creature and chosen[me] then mtg.grant(creature, "protection from " .. chosen[me], "eot") end
      end,
    },
  },
}
