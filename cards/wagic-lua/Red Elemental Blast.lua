-- Red Elemental Blast: Choose one — Counter target blue spell; or destroy target blue permanent.
-- The mode follows from the target the player clicks (a spell on the stack or a permanent), as
-- Wagic's own version reads it; the target is chosen as the spell is cast.
return {
  cast = function(me)
    mtg.choose_target("*[blue]|battlefield,stack")
  end,
  resolve = function(me)
    local t = mtg.target(1)
    if not t or not mtg.has_color(t, "blue") then return end  -- no longer a legal target
    if mtg.zone(t) == "stack" then
      mtg.counter_spell(t)
    elseif mtg.zone(t) == "battlefield" then
      mtg.destroy(t)
    end
  end,
}
