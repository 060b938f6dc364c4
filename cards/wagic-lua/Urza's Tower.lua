-- Urza's Tower: {T}: Add {C}. If you control an Urza's Mine and an Urza's Power Plant, add {C}{C}{C} instead.
-- Replaces the card's auto= lines (auto_abilities = false): Wagic writes the bonus as a
-- produceextra line on a C++ variable (urzatron).
local function control(player, name)
  for _, card in ipairs(mtg.cards_in("battlefield", player)) do
    if mtg.name(card) == name then return true end
  end
  return false
end

return {
  auto_abilities = false,
  abilities = {
    {
      mana = true,  -- a mana ability: no stack
      cost = "{T}",
      text = "{t}:add{1} ({3} with the other two Urza's lands)",
      run = function(me)
        local you = mtg.controller(me)
        local tron = control(you, "Urza's Mine") and control(you, "Urza's Power Plant")
        mtg.add_mana(you, tron and "{3}" or "{1}")
      end,
    },
  },
}
