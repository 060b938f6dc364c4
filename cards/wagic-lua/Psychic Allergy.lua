-- Psychic Allergy: As Psychic Allergy enters the battlefield, choose a color. At the beginning of
-- each opponent's upkeep, Psychic Allergy deals X damage to that player, where X is the number of
-- nontoken permanents of the chosen color he or she controls. At the beginning of your upkeep,
-- destroy Psychic Allergy unless you sacrifice two Islands.
-- X is counted as the ability resolves. With two Islands or more, a menu: sacrifice two (chosen),
-- or let it be destroyed.
-- Remembered as game data (mtg.remember(me, "color", ..)): the chosen colour.
local colors = { "green", "blue", "red", "black", "white" }

return {
  -- The card's auto= upcost line (sacrifice two Islands or sacrifice it, as the upkeep ends) is
  -- Wagic's reading; this file's upkeep trigger is the printed one (or it is destroyed).
  upkeep_costs = false,
  resolve = function(me)
    mtg.remember(me, "color", colors[mtg.choose(colors)])
  end,
  phase = function(me)
    if mtg.phase() ~= "upkeep" then return end
    if mtg.active() == mtg.controller(me) then
      mtg.trigger(function(allergy)
        local islands = mtg.cards("island|mybattlefield")
        if #islands >= 2 and mtg.choose({ "sacrifice two Islands", "destroy Psychic Allergy" }) == 1 then
          for _, island in ipairs(mtg.choose_card("<2>island|mybattlefield")) do mtg.sacrifice(island) end
        else
          mtg.destroy(allergy)
        end
      end, "destroy Psychic Allergy unless you sacrifice two Islands")
      return
    end
    local color = mtg.recall(me, "color")
    if not color then return end
    mtg.trigger(function(allergy)
      local player, n = mtg.active(), 0
      for _, c in ipairs(mtg.cards_in("battlefield", player)) do
        if not mtg.token(c) and mtg.has_color(c, color) then n = n + 1 end
      end
      if n > 0 then mtg.damage_player(player, n) end
    end, "Psychic Allergy deals damage to that player")
  end,
}
