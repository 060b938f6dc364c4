-- Hall of Triumph: As Hall of Triumph enters the battlefield, choose a color. Creatures you control
-- of the chosen color get +1/+1.
local colors = { "green", "blue", "red", "black", "white" }

return {
  resolve = function(me)
    local color = colors[mtg.choose(colors)]
    mtg.pump("creature[" .. color .. "]|mybattlefield", 1, 1, "source")
  end,
}
