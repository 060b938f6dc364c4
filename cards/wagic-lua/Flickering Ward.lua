-- Flickering Ward: Enchant creature. As Flickering Ward enters the battlefield, choose a color.
-- Enchanted creature has protection from the chosen color. This effect doesn't remove Flickering
-- Ward. {W}: Return Flickering Ward to its owner's hand.
local colors = { "green", "blue", "red", "black", "white" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the aura: its colour.

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
    local creature = mtg.attached(me)
    if creature then mtg.grant(creature, "protection from " .. mtg.recall(me, "color"), "source") end
  end,
  abilities = {
    {
      cost = "{W}",
      text = "{w}: return Flickering Ward to its owner's hand",
      run = function(me)
        if mtg.zone(me) == "battlefield" then mtg.move(me, "hand") end
      end,
    },
  },
}
