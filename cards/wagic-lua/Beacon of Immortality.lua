-- Beacon of Immortality: Double target player's life total. Shuffle Beacon of Immortality into its
-- owner's library.
return {
  resolve = function(me)
    local player = mtg.target_player(1)
    if player and mtg.life(player) > 0 then mtg.gain_life(player, mtg.life(player)) end
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
