-- Drain Life: Spend only black mana on X. Drain Life deals X damage to any target. You gain life
-- equal to the damage dealt, but not more life than the player's life total before the damage
-- or the creature's toughness.
return {
  resolve = function(me)
    local x = mtg.x()
    local creature, player = mtg.target(1), mtg.target_player(1)
    local gained = 0
    if creature and mtg.zone(creature) == "battlefield" then
      gained = math.min(x, math.max(mtg.toughness(creature), 0))
      mtg.damage(creature, x)
    elseif player then
      gained = math.min(x, math.max(mtg.life(player), 0))
      mtg.damage_player(player, x)
    end
    mtg.gain_life(mtg.controller(me), gained)
  end,
}
