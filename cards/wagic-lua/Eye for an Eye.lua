-- Eye for an Eye: The next time a source of your choice would deal damage to you this turn,
-- instead that source deals that much damage to you and Eye for an Eye deals that much damage to
-- that source's controller.
return {
  resolve = function(me)
    local source = mtg.choose_card("*|battlefield,stack")
    if source then mtg.reflect_next_damage(source, mtg.controller(me)) end
  end,
}
