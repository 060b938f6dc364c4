-- Pentarch Paladin: Flanking. As Pentarch Paladin enters the battlefield, choose a color. {W}{W},
-- {T}: Destroy target permanent of the chosen color.
-- The target is chosen as the ability resolves (Lua abilities choose when they run).
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the creature: its colour.

return {
  auto_abilities = false,  -- the card's chooseacolor line is this file
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  abilities = {
    {
      cost = "{W}{W}{T}",
      text = "{w}{w},{t}: destroy target permanent of the chosen color",
      run = function(me)
        if not mtg.recall(me, "color") then return end
        local permanent = mtg.choose_target("*[" .. mtg.recall(me, "color") .. "]|battlefield")
        if permanent then mtg.destroy(permanent) end
      end,
    },
  },
}
