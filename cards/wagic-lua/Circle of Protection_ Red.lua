-- Circle of Protection: Red: {1}: The next time a red source of your choice would deal damage to
-- you this turn, prevent that damage.
-- The source is chosen as the ability is activated (it is no target: shroud does not stop it).
return {
  abilities = {
    {
      cost = "{1}",
      text = "{1}: prevent the next damage from a red source",
      run = function(me)
        local source = mtg.choose_card("*[red]|battlefield,stack")
        if source then mtg.prevent_next_damage(source, mtg.controller(me)) end
      end,
    },
  },
}
