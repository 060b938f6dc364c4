-- Jandor's Ring: {2}, {T}, Discard the last card you drew this turn: Draw a card.
-- Offered only while that card is still in your hand (the discard is part of the cost).
return {
  abilities = {
    {
      cost = "{2}{T}",
      text = "{2}, {T}, discard the last card you drew this turn: draw a card",
      can = function(me, player)
        local card = mtg.last_drawn(player)
        return card ~= nil and mtg.zone(card) == "hand" and mtg.owner(card) == player
      end,
      pay = function(me, player) mtg.discard(mtg.last_drawn(player)) end,
      run = function(me) mtg.draw(mtg.controller()) end,
    },
  },
}
