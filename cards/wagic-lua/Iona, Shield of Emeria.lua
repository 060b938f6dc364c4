-- Iona, Shield of Emeria: Flying. As Iona enters the battlefield, choose a color. Your opponents
-- can't cast spells of the chosen color.
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the creature: its colour.

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  may_cast = function(me, spell, player)
    return not (mtg.recall(me, "color") and player ~= mtg.controller(me) and mtg.has_color(spell, mtg.recall(me, "color")))
  end,
}
