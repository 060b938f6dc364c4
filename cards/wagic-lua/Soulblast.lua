-- Soulblast: As an additional cost to cast this spell, sacrifice all creatures you control.
-- Soulblast deals damage to any target equal to the total power of the sacrificed creatures.
-- The cost is paid by the cast handler; resolve uses what it paid (the power as they left).
-- Remembered as game data (mtg.remember(me, "paid", ..)): the spell (object id): total power sacrificed.

return {
  cast = function(me)
    local total = 0
    for _, creature in ipairs(mtg.cards("creature|mybattlefield")) do
      total = total + math.max(mtg.power(creature), 0)
      mtg.sacrifice(creature)
    end
    mtg.remember(me, "paid", total)
  end,
  resolve = function(me)
    local amount = mtg.recall(me, "paid") or 0
    mtg.remember(me, "paid", nil)
    local creature, player = mtg.target(1), mtg.target_player(1)
    if creature then
      mtg.damage(creature, amount)
    elseif player then
      mtg.damage_player(player, amount)
    end
  end,
}
