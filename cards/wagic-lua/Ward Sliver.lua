-- Ward Sliver: As Ward Sliver enters the battlefield, choose a color. All Slivers have protection
-- from the chosen color.
local colors = { "green", "blue", "red", "black", "white" }

return {
  resolve = function(me)
    local color = colors[mtg.choose(colors)]
    mtg.grant("sliver|battlefield", "protection from " .. color, "source")
  end,
}
