-- Coldsteel Heart: Coldsteel Heart enters the battlefield tapped. As it enters, choose a
-- color. {T}: Add one mana of the chosen color.
local colors = { "green", "blue", "red", "black", "white" }
local letter = { green = "{G}", blue = "{U}", red = "{R}", black = "{B}", white = "{W}" }
-- Remembered as game data (mtg.remember(me, "color", ..)): the permanent: its colour.

return {
  auto_abilities = false,  -- the card's {T}:add{chosencolor} line is this ability
  resolve = function(me)
    mtg.tap(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
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
