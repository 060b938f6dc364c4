-- Black Sun's Zenith: Put X -1/-1 counters on each creature. Shuffle Black Sun's Zenith into its
-- owner's library.
return {
  resolve = function(me)
    local x = mtg.x()
    for _, creature in ipairs(mtg.cards("creature|battlefield")) do
      mtg.add_counters(creature, "-1/-1", x)
    end
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
