-- Curse of Wizardry: As Curse of Wizardry enters the battlefield, choose a color. Whenever a
-- player casts a spell of the chosen color, that player loses 1 life.
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the permanent: its colour.

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  spell_cast = function(me, spell)
    local color = mtg.recall(me, "color")
    if not color or not mtg.has_color(spell, color) then return end
    local caster = mtg.controller(spell)
    mtg.trigger(function() mtg.lose_life(caster, 1) end, "that player loses 1 life")
  end,
}
