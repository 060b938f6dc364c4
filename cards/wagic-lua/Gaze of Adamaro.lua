-- Gaze of Adamaro: Gaze of Adamaro deals damage equal to the number of cards in target player's hand to that player.
return {
  resolve = function(me)
    local player = mtg.target_player(1)
    if player then mtg.damage_player(player, #mtg.cards_in("hand", player)) end
  end,
}
