-- Sol Grail: As Sol Grail enters the battlefield, choose a color. {T}: Add one mana of the chosen
-- color.
local colors = { "green", "blue", "red", "black", "white" }
local letter = { green = "{G}", blue = "{U}", red = "{R}", black = "{B}", white = "{W}" }
local chosen = {}  -- this permanent -> its colour

return {
  auto_abilities = false,  -- the card's {T}:add{chosencolor} line is this ability
  resolve = function(me)
    chosen[me] = colors[mtg.choose(colors)]
  end,
  abilities = {
    {
      mana = true,
      cost = "{T}",
      text = "{t}: add one mana of the chosen color",
      run = function(me)
        if chosen[me] then mtg.add_mana(mtg.controller(me), letter[chosen[me]]) end
      end,
    },
  },
}
