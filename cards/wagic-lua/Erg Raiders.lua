-- Erg Raiders: At the beginning of your end step, if Erg Raiders didn't attack this turn, Erg
-- Raiders deals 2 damage to you unless it came under your control this turn.
local attacked = {}  -- this creature -> the turn it last attacked
local arrived = {}   -- this creature -> the turn it entered the battlefield

return {
  resolve = function(me)  -- a permanent's resolve runs as it enters
    arrived[me] = mtg.turn()
  end,
  phase = function(me)
    local step = mtg.phase()
    if step == "combatblockers" and mtg.attacking(me) then attacked[me] = mtg.turn() end
    if step ~= "endofturn" or mtg.active() ~= mtg.controller(me) then return end
    if attacked[me] == mtg.turn() or arrived[me] == mtg.turn() then return end
    mtg.damage_player(mtg.controller(me), 2)
  end,
}
