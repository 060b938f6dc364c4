-- Pentarch Paladin: Flanking. As Pentarch Paladin enters the battlefield, choose a color. {W}{W},
-- {T}: Destroy target permanent of the chosen color.
-- The target is chosen as the ability resolves (Lua abilities choose when they run).
local colors = { "green", "blue", "red", "black", "white" }
local chosen = {}  -- this creature -> its colour

return {
  auto_abilities = false,  -- the card's chooseacolor line is this file
  resolve = function(me)
    chosen[me] = colors[mtg.choose(colors)]
  end,
  abilities = {
    {
      cost = "{W}{W}{T}",
      text = "{w}{w},{t}: destroy target permanent of the chosen color",
      run = function(me)
        if not chosen[me] then return end
        local permanent = mtg.choose_target("*[" .. chosen[me] .. "]|battlefield")
        if permanent then mtg.destroy(permanent) end
      end,
    },
  },
}
