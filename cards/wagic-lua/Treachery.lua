-- Treachery: Enchant creature. When Treachery enters the battlefield, untap up to five lands. You
-- control enchanted creature.
-- The lands are chosen as it enters (click them, then Treachery to confirm).
return {
  resolve = function(me)
    local creature = mtg.attached(me)
    if creature then mtg.gain_control(creature, mtg.controller(me), "source") end
    for _, land in ipairs(mtg.choose_target("<upto:5>land") or {}) do mtg.untap(land) end
  end,
}
