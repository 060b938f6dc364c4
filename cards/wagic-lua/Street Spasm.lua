-- Street Spasm: Street Spasm deals X damage to target creature without flying you don't control.
-- Overload (its other= cost): "target" becomes "each"; the overloaded spell takes no target.
local function act(me, t)
  mtg.damage(t, mtg.x())
end

return {
  cast = function(me)
    if mtg.alternative() then mtg.no_targets() end
  end,
  resolve = function(me)
    if mtg.alternative() then
      for _, t in ipairs(mtg.cards("creature[-flying]|opponentbattlefield")) do act(me, t) end
    elseif mtg.target(1) then
      act(me, mtg.target(1))
    end
  end,
}
