-- Erg Raiders: At the beginning of your end step, if Erg Raiders didn't attack this turn, Erg
-- Raiders deals 2 damage to you unless it came under your control this turn.
-- "Came under your control this turn", at your own end step, is summoning sickness: it entered or
-- changed control since your turn began.
local attacked = {}  -- this creature -> the turn it last attacked

return {
  phase = function(me)
    local step = mtg.phase()
    if step == "combatblockers" and mtg.attacking(me) then attacked[me] = mtg.turn() end
    if step ~= "endofturn" or mtg.active() ~= mtg.controller(me) then return end
    if attacked[me] == mtg.turn() or mtg.sick(me) then return end
    mtg.trigger(function(raiders)
      mtg.damage_player(mtg.controller(raiders), 2)
    end, "Erg Raiders deals 2 damage to you")
  end,
}
