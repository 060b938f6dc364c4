-- Voice of All: Flying. As Voice of All enters the battlefield, choose a color. Voice of All has
-- protection from the chosen color.
-- The colour menu lists green, blue, red, black, white (Wagic's colour order).
local colors = { "green", "blue", "red", "black", "white" }

return {
  resolve = function(me)
    local color = colors[mtg.choose(colors)]
    mtg.grant(me, "protection from " .. color, "source")
  end,
}
