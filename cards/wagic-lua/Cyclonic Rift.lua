-- Cyclonic Rift: Return target nonland permanent you don't control to its owner's hand.
-- Overload (its other= cost): "target" becomes "each"; the overloaded spell takes no target.
local function act(me, t)
  mtg.move(t, "hand")
end

return {
  cast = function(me)
    if mtg.alternative() then mtg.no_targets() end
  end,
  resolve = function(me)
    if mtg.alternative() then
      for _, t in ipairs(mtg.cards("*[-land]|opponentbattlefield")) do act(me, t) end
    elseif mtg.target(1) then
      act(me, mtg.target(1))
    end
  end,
}
