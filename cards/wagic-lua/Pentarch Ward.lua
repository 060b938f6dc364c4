-- Pentarch Ward: Enchant creature. When Pentarch Ward enters the battlefield, draw a card. As
-- it enters, choose a color. Enchanted creature has protection from the chosen color. This effect
-- doesn't remove Pentarch Ward (auraward, a keyword of the card).
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the aura: its colour.

return {
  resolve = function(me)
    mtg.draw(mtg.controller(me), 1)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
    local creature = mtg.attached(me)
    if creature then mtg.grant(creature, "protection from " .. mtg.recall(me, "color"), "source") end
  end,
  abilities = {
  },
}
