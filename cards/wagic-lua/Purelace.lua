-- Purelace: Target spell or permanent becomes white. (Mana symbols on that permanent remain unchanged.)
return {
  cast = function(me)
    mtg.choose_target("*|battlefield,stack")
  end,
  resolve = function(me)
    local t = mtg.target(1)
    if t and (mtg.zone(t) == "battlefield" or mtg.zone(t) == "stack") then mtg.set_color(t, "white", "forever") end
  end,
}
