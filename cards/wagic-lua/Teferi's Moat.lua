-- Teferi's Moat: As Teferi's Moat enters the battlefield, choose a color. Creatures of the chosen
-- color without flying can't attack you.
local colors = { "green", "blue", "red", "black", "white" }
local chosen = {}  -- this enchantment -> its colour

return {
  resolve = function(me)
    chosen[me] = colors[mtg.choose(colors)]
  end,
  may_attack = function(me, creature, player)
    if not chosen[me] or player == mtg.controller(me) then return true end
    return not (mtg.has_color(creature, chosen[me]) and not mtg.has(creature, "flying"))
  end,
}
