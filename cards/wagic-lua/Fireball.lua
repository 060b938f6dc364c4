-- Fireball: This spell costs {1} more to cast for each target beyond the first. Fireball deals X
-- damage divided evenly, rounded down, among any number of targets.
-- Targets are chosen after the mana is paid (the engine pays X with all the pool, as Wagic's
-- harness does), so the {1} per extra target is taken out of the X paid.
return {
  resolve = function(me)
    local targets = {}
    for i = 1, 100 do
      local creature, player = mtg.target(i), mtg.target_player(i)
      if not creature and not player then break end
      targets[#targets + 1] = { creature = creature, player = player }
    end
    if #targets == 0 then return end
    local x = mtg.x() - (#targets - 1)
    local each = x // #targets
    if each <= 0 then return end
    for _, t in ipairs(targets) do
      if t.creature and mtg.zone(t.creature) == "battlefield" then
        mtg.damage(t.creature, each)
      elseif t.player then
        mtg.damage_player(t.player, each)
      end
    end
  end,
}
