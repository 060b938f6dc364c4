// Pieces of the rules that Wagic's scenario tests exercise in families (issue 31): each test on
// small cards of its own.
#include <gtest/gtest.h>

#include <string>

#include "own_cards.h"

namespace rk::mtg {
namespace {

const std::string kLands = "[card]\nname=Isle\ntype=Land\n[/card]\n[card]\nname=Wood\ntype=Land\n[/card]\n"
                           "[card]\nname=Marsh\ntype=Land\n[/card]\n";

// "{T}{S}:thisforeach(counter{0/0.1.Page}) draw:1": the cost sacrifices the card before the
// effect counts, so the count is of the counters it had as it left (last known information).
TEST(WagicRulesFamilies, ACountOfCountersOnACardItsCostSacrificedUsesWhatItHad) {
  const std::string cards = "[card]\nname=Ledger\nmana={1}\ntype=Artifact\nauto={0}:counter(0/0,1,Page)\n"
                            "auto={T}{S}:thisforeach(counter{0/0.1.Page}) draw:1 controller\n[/card]\n" + kLands;
  TestOutcome r = test::play_own(cards, "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:ledger\nlibrary:isle,wood,marsh\n[PLAYER2]\n[DO]\n"
                                        "ledger\nchoice 0\nnext\nledger\nchoice 0\nnext\nledger\nchoice 1\n[ASSERT]\nCOMBATATTACKERS\n[PLAYER1]\n"
                                        "graveyard:ledger\nhand:wood,marsh\nlibrary:isle\n[PLAYER2]\n[END]\n");
  EXPECT_EQ(r.status, TestOutcome::kPass) << test::trace_of(r);
}

}  // namespace
}  // namespace rk::mtg
