-- Szadek, Lord of Secrets: Flying. If Szadek, Lord of Secrets would deal combat damage to a
-- player, instead put that many +1/+1 counters on Szadek and that player puts that many cards
-- from the top of his or her library into his or her graveyard.
return {
  damage_to_player = function(me, player, amount, combat)
    if combat == 0 then return amount end
    mtg.add_counters(me, "+1/+1", amount)
    local library = mtg.cards_in("library", player)
    for i = #library, math.max(1, #library - amount + 1), -1 do  -- the top is last
      mtg.move(library[i], "graveyard")
    end
    return 0
  end,
}
