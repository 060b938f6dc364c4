-- Power Leak: Enchant enchantment. At the beginning of the upkeep of enchanted enchantment's
-- controller, that player may pay any amount of mana. Power Leak deals 2 damage to that player.
-- Prevent X of that damage, where X is the amount of mana that player paid this way.
-- The mana is paid from the player's pool as the ability resolves (a menu: pay 0, 1, 2; paying
-- more than 2 prevents nothing more).
return {
  phase = function(me)
    local enchanted = mtg.attached(me)
    if mtg.phase() ~= "upkeep" or not enchanted or mtg.active() ~= mtg.controller(enchanted) then return end
    local player = mtg.controller(enchanted)
    mtg.trigger(function(leak)
      local paid = mtg.pay_any(player, 2)
      if paid < 2 then mtg.damage_player(player, 2 - paid) end
    end, "Power Leak deals 2 damage, less the mana paid")
  end,
}
