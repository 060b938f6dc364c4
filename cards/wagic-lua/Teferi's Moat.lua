-- Teferi's Moat: As Teferi's Moat enters the battlefield, choose a color. Creatures of the chosen
-- color without flying can't attack you.
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the enchantment: its colour.

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  may_attack = function(me, creature, player)
    if not mtg.recall(me, "color") or player == mtg.controller(me) then return true end
    return not (mtg.has_color(creature, mtg.recall(me, "color")) and not mtg.has(creature, "flying"))
  end,
}
