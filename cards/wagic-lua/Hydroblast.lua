-- Hydroblast: Choose one — Counter target spell if it's red; or destroy target permanent if it's red.
-- Any spell or permanent may be targeted; the mode follows from the target clicked.
return {
  cast = function(me)
    mtg.choose_target("*|battlefield,stack")
  end,
  resolve = function(me)
    local t = mtg.target(1)
    if not t or not mtg.has_color(t, "red") then return end
    if mtg.zone(t) == "stack" then
      mtg.counter_spell(t)
    elseif mtg.zone(t) == "battlefield" then
      mtg.destroy(t)
    end
  end,
}
