-- Paradise Plume: As Paradise Plume enters the battlefield, choose a color. Whenever a player
-- casts a spell of the chosen color, you may gain 1 life. {T}: Add one mana of the chosen color.
local colors = { "green", "blue", "red", "black", "white" }
local letter = { green = "{G}", blue = "{U}", red = "{R}", black = "{B}", white = "{W}" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the permanent: its colour.

return {
  auto_abilities = false,  -- the card's chooseacolor lines are this file
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  spell_cast = function(me, spell)
    local color = mtg.recall(me, "color")
    if not color or not mtg.has_color(spell, color) then return end
    mtg.trigger(function(plume) mtg.gain_life(mtg.controller(plume), 1) end, "you gain 1 life")
  end,
  abilities = {
    {
      mana = true,
      cost = "{T}",
      text = "{t}: add one mana of the chosen color",
      run = function(me)
        if mtg.recall(me, "color") then mtg.add_mana(mtg.controller(me), letter[mtg.recall(me, "color")]) end
      end,
    },
  },
}
