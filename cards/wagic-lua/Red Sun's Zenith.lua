-- Red Sun's Zenith: Red Sun's Zenith deals X damage to target creature or player. If a
-- creature dealt damage this way would die this turn, exile it instead. Shuffle Red Sun's Zenith into its owner's library.
-- The first part is the card's auto= line (keep_auto); Lua adds the shuffle.
return {
  keep_auto = true,
  resolve = function(me)
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
