-- Psychic Drain: Target player puts the top X cards of their library into their graveyard and
-- you gain X life.
return {
  resolve = function(me)
    local player, x = mtg.target_player(1), mtg.x()
    if player then
      local library = mtg.cards_in("library", player)
      for i = #library, math.max(#library - x + 1, 1), -1 do mtg.move(library[i], "graveyard") end
    end
    mtg.gain_life(mtg.controller(me), x)
  end,
}
