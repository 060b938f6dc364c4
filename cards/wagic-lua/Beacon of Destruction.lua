-- Beacon of Destruction: Beacon of Destruction deals 5 damage to target creature or player. Shuffle Beacon of Destruction into its owner's library.
-- The first part is the card's auto= line (keep_auto); Lua adds the shuffle.
return {
  keep_auto = true,
  resolve = function(me)
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
