-- Blue Sun's Zenith: Target player draws X cards. Shuffle Blue Sun's Zenith into its owner's library.
-- The first part is the card's auto= line (keep_auto); Lua adds the shuffle.
return {
  keep_auto = true,
  resolve = function(me)
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
