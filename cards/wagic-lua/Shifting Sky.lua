-- Shifting Sky: As Shifting Sky enters the battlefield, choose a color. All nonland permanents are
-- the chosen color.
local colors = { "green", "blue", "red", "black", "white" }  -- the order of Wagic's colour menu

return {
  resolve = function(me)
    local i = mtg.choose(colors)
    mtg.set_color("*[-land]|battlefield", colors[i], "source")
  end,
}
