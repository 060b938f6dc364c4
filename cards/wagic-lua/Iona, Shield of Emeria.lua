-- Iona, Shield of Emeria: Flying. As Iona enters the battlefield, choose a color. Your opponents
-- can't cast spells of the chosen color.
local colors = { "green", "blue", "red", "black", "white" }
local chosen = {}  -- this creature -> its colour

return {
  resolve = function(me)
    chosen[me] = colors[mtg.choose(colors)]
  end,
  may_cast = function(me, spell, player)
    return not (chosen[me] and player ~= mtg.controller(me) and mtg.has_color(spell, chosen[me]))
  end,
}
