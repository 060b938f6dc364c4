-- Beacon of Unrest: Put target artifact or creature card from a graveyard onto the battlefield
-- under your control. Shuffle Beacon of Unrest into its owner's library.
return {
  resolve = function(me)
    local card = mtg.target(1)
    if card then mtg.move(card, "battlefield", mtg.controller(me)) end
    mtg.move(me, "library")
    mtg.shuffle(mtg.owner(me))
  end,
}
