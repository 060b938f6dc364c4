-- Animate Dead: Enchant creature card in a graveyard. When Animate Dead enters the battlefield,
-- return enchanted creature card to the battlefield under your control and attach Animate Dead
-- to it. When Animate Dead leaves the battlefield, that creature's controller sacrifices it.
-- Enchanted creature gets -1/-0.
-- Remembered as game data (mtg.remember(me, "animated", ..)): the aura (object id): the creature it brought back.

return {
  resolve = function(me)
    local card = mtg.attached(me)
    if not card or mtg.zone(card) ~= "graveyard" then return end
    mtg.move(card, "battlefield", mtg.controller(me))
    mtg.attach(me, card)
    mtg.remember(me, "animated", card)
    mtg.pump(card, -1, 0, "source")
  end,
  leaves = function(me)
    local card = mtg.recall(me, "animated")
    mtg.remember(me, "animated", nil)
    if not card then return end
    mtg.trigger(function()
      if mtg.zone(card) == "battlefield" then mtg.sacrifice(card) end
    end, "that creature's controller sacrifices it")
  end,
}
