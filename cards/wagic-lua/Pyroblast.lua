-- Pyroblast: Choose one — Counter target spell if it's blue; or destroy target permanent if it's blue.
-- Any spell or permanent may be targeted; the mode follows from the target clicked.
return {
  cast = function(me)
    mtg.choose_target("*|battlefield,stack")
  end,
  resolve = function(me)
    local t = mtg.target(1)
    if not t or not mtg.has_color(t, "blue") then return end
    if mtg.zone(t) == "stack" then
      mtg.counter_spell(t)
    elseif mtg.zone(t) == "battlefield" then
      mtg.destroy(t)
    end
  end,
}
