-- Jihad: As Jihad enters the battlefield, choose a color and an opponent. White creatures get
-- +2/+1 as long as the chosen player controls a nontoken permanent of the chosen color. When the
-- chosen player controls no nontoken permanents of the chosen color, sacrifice Jihad.
-- Two players: the opponent is the other one. The +2/+1 is an effect its state handler starts
-- and ends (mtg.end_effect) as the condition comes and goes.
-- Remembered as game data: "color", "player" (the choices), "pump" (the running effect's id),
-- "due" (its sacrifice is on the stack: it does not trigger again before it resolves, CR 603.8).
local colors = { "green", "blue", "red", "black", "white" }

local function holds(player, color)
  for _, c in ipairs(mtg.cards_in("battlefield", player)) do
    if not mtg.token(c) and mtg.has_color(c, color) then return true end
  end
  return false
end

return {
  resolve = function(me)
    mtg.remember(me, "pump", nil)  -- a new object: an id kept from an earlier time on the battlefield is over
    mtg.remember(me, "color", colors[mtg.choose(colors)])
    mtg.remember(me, "player", mtg.opponent(mtg.controller(me)))
  end,
  state = function(me)
    local color, player = mtg.recall(me, "color"), mtg.recall(me, "player")
    if not color then return end
    local pump = mtg.recall(me, "pump")
    if holds(player, color) then
      if not pump then mtg.remember(me, "pump", mtg.pump("creature[white]", 2, 1, "source")) end
      return
    end
    if pump then
      mtg.end_effect(pump)
      mtg.remember(me, "pump", nil)
    end
    if mtg.recall(me, "due") then return end
    mtg.remember(me, "due", true)
    mtg.trigger(function(jihad)
      mtg.remember(jihad, "due", nil)
      mtg.sacrifice(jihad)
    end, "sacrifice Jihad")
  end,
}
