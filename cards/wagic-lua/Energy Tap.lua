-- Energy Tap: Tap target untapped creature you control. If you do, add {C} equal to that
-- creature's mana value.
return {
  resolve = function(me)
    local creature = mtg.target(1)
    if not creature or mtg.tapped(creature) then return end
    mtg.tap(creature)
    local n = mtg.mana_value(creature)
    if n > 0 then mtg.add_mana(mtg.controller(me), "{" .. n .. "}") end
  end,
}
