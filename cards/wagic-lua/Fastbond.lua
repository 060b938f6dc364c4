-- Fastbond: You may play any number of lands on each of your turns. Whenever you play a land, if
-- it wasn't the first land you played this turn, Fastbond deals 1 damage to you.
return {
  extra_lands = -1,  -- any number
  land_played = function(me, land)
    local who = mtg.controller(me)
    if mtg.controller(land) == who and mtg.lands_played(who) > 1 then
      mtg.trigger(function() mtg.damage_player(who, 1) end, "Fastbond deals 1 damage to you")
    end
  end,
}
