-- Cho-Manno's Blessing: Flash. Enchant creature. As Cho-Manno's Blessing enters the battlefield,
-- choose a color. Enchanted creature has protection from the chosen color. This effect doesn't
-- remove Cho-Manno's Blessing (auraward, a keyword of the card).
local colors = { "green", "blue", "red", "black", "white" }

return {
  resolve = function(me)
    local color = colors[mtg.choose(colors)]
    local creature = mtg.attached(me)
    if creature then mtg.grant(creature, "protection from " .. color, "source") end
  end,
}
