-- Dance of the Dead: Enchant creature card in a graveyard. When Dance of the Dead enters the
-- battlefield, if it's on the battlefield, it loses "enchant creature card in a graveyard" and
-- gains "enchant creature put onto the battlefield with Dance of the Dead." Return enchanted
-- creature card to the battlefield tapped under your control and attach Dance of the Dead to it.
-- When Dance of the Dead leaves the battlefield, that creature's controller sacrifices it.
-- Enchanted creature gets +1/+1 and doesn't untap during its controller's untap step. At the
-- beginning of the upkeep of enchanted creature's controller, that player may pay {1}{B}. If he
-- or she does, untap that creature.
-- Remembered as game data (mtg.remember(me, "animated", ..)): the aura: the creature it brought back.
-- The {1}{B} is paid from the player's pool as the upkeep ability resolves (tap lands for it first).

return {
  auto_abilities = false,  -- the card's teach(creature) transforms(..) line is what this file does
  resolve = function(me)
    local card = mtg.attached(me)
    if not card or mtg.zone(card) ~= "graveyard" then return end
    mtg.move(card, "battlefield", mtg.controller(me))
    mtg.tap(card)
    mtg.attach(me, card)
    mtg.remember(me, "animated", card)
    mtg.pump(card, 1, 1, "source")
    mtg.grant(card, "doesnotuntap", "source")
  end,
  leaves = function(me)
    local card = mtg.recall(me, "animated")
    mtg.remember(me, "animated", nil)
    if not card then return end
    mtg.trigger(function()
      if mtg.zone(card) == "battlefield" then mtg.sacrifice(card) end
    end, "that creature's controller sacrifices it")
  end,
  phase = function(me)
    local card = mtg.recall(me, "animated")
    if mtg.phase() ~= "upkeep" or not card or mtg.attached(me) ~= card then return end
    if mtg.zone(card) ~= "battlefield" or mtg.active() ~= mtg.controller(card) then return end
    mtg.trigger(function()
      if mtg.zone(card) ~= "battlefield" then return end
      if mtg.pay(mtg.controller(card), "{1}{B}") then mtg.untap(card) end
    end, "that player may pay {1}{B} to untap the creature")
  end,
}
