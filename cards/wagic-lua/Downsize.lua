-- Downsize: Target creature you don't control gets -4/-0 until end of turn.
-- Overload (its other= cost): "target" becomes "each"; the overloaded spell takes no target.
local function act(me, t)
  mtg.pump(t, -4, 0, "eot")
end

return {
  cast = function(me)
    if mtg.alternative() then mtg.no_targets() end
  end,
  resolve = function(me)
    if mtg.alternative() then
      for _, t in ipairs(mtg.cards("creature|opponentbattlefield")) do act(me, t) end
    elseif mtg.target(1) then
      act(me, mtg.target(1))
    end
  end,
}
