-- Green Sun's Zenith: Search your library for a green creature card with converted mana
-- cost X or less, put it onto the battlefield, then shuffle your library. Shuffle Green Sun's Zenith into its owner's library.
-- The first part is the card's auto= line (keep_auto); Lua adds the shuffle.
return {
  keep_auto = true,
  resolve = function(me)
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
