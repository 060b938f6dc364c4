-- Erg Raiders: At the beginning of your end step, if Erg Raiders didn't attack this turn, Erg
-- Raiders deals 2 damage to you unless it came under your control this turn.
-- "Came under your control this turn", at your own end step, is summoning sickness: it entered or
-- changed control since your turn began.
-- Remembered as game data (mtg.remember(me, "attacked", ..)): the creature: the turn it last attacked.

return {
  phase = function(me)
    local step = mtg.phase()
    if step == "combatblockers" and mtg.attacking(me) then mtg.remember(me, "attacked", mtg.turn()) end
    if step ~= "endofturn" or mtg.active() ~= mtg.controller(me) then return end
    if mtg.recall(me, "attacked") == mtg.turn() or mtg.sick(me) then return end
    mtg.trigger(function(raiders)
      mtg.damage_player(mtg.controller(raiders), 2)
    end, "Erg Raiders deals 2 damage to you")
  end,
}
