-- Hurkyl's Recall: Return all artifacts target player owns to their hand.
return {
  resolve = function(me)
    local player = mtg.target_player(1)
    if not player then return end
    for _, artifact in ipairs(mtg.cards("artifact|battlefield")) do
      if mtg.owner(artifact) == player then mtg.move(artifact, "hand") end
    end
  end,
}
