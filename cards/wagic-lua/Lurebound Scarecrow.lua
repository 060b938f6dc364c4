-- Lurebound Scarecrow: As Lurebound Scarecrow enters the battlefield, choose a color. When you
-- control no permanents of the chosen color, sacrifice Lurebound Scarecrow.
-- Remembered as game data: "color" (the chosen colour), "due" (its sacrifice is on the stack: a
-- state trigger does not trigger again until it has resolved, CR 603.8).
local colors = { "green", "blue", "red", "black", "white" }

local function controls_color(player, color)
  for _, c in ipairs(mtg.cards_in("battlefield", player)) do
    if mtg.has_color(c, color) then return true end
  end
  return false
end

return {
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  state = function(me)
    local color = mtg.recall(me, "color")
    if not color or mtg.recall(me, "due") or controls_color(mtg.controller(me), color) then return end
    mtg.remember(me, "due", true)
    mtg.trigger(function(scarecrow)
      mtg.remember(scarecrow, "due", nil)
      mtg.sacrifice(scarecrow)
    end, "sacrifice Lurebound Scarecrow")
  end,
}
