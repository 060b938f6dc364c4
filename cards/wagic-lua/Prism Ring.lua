-- Prism Ring: As Prism Ring enters the battlefield, choose a color. Whenever
-- you cast a spell of the chosen color, you gain 1 life.
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the permanent: its colour.

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  spell_cast = function(me, spell)
    local color = mtg.recall(me, "color")
    if not color or not mtg.has_color(spell, color) then return end
    if mtg.controller(spell) ~= mtg.controller(me) then return end
    mtg.trigger(function(ring) mtg.gain_life(mtg.controller(ring), 1) end, "you gain 1 life")
  end,
}
