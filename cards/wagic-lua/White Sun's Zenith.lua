-- White Sun's Zenith: Put X 2/2 Cat creature tokens onto the battlefield. Shuffle White Sun's Zenith into its owner's library.
-- The first part is the card's auto= line (keep_auto); Lua adds the shuffle.
return {
  keep_auto = true,
  resolve = function(me)
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
