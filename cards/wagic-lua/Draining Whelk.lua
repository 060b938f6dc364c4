-- Draining Whelk: Flash. Flying. When Draining Whelk enters the battlefield, counter target spell.
-- Put X +1/+1 counters on Draining Whelk, where X is that spell's mana value.
-- The second sentence uses what the first did: the mana value of the spell it countered.
return {
  resolve = function(me)
    local spell = mtg.choose_target("*|stack")
    if not spell or mtg.zone(spell) ~= "stack" then return end
    local value = mtg.mana_value(spell)
    mtg.counter_spell(spell)
    mtg.add_counters(me, "+1/+1", value)
  end,
}
