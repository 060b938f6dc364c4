-- Mana Vault: At the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to
-- you. (Its other abilities are the card's auto= lines: it doesn't untap, {4} in your upkeep
-- untaps it, {T}: add {3}.)
return {
  phase = function(me)
    if mtg.phase() ~= "draw" or mtg.active() ~= mtg.controller(me) or not mtg.tapped(me) then return end
    mtg.trigger(function(vault)
      if mtg.tapped(vault) then mtg.damage_player(mtg.controller(vault), 1) end
    end, "Mana Vault deals 1 damage to you")
  end,
}
