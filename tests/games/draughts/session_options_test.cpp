// The rule options a draughts game accepts through the facade.
#include <gtest/gtest.h>

#include "games/session.h"

namespace doska {
namespace {

// RULINGS §1.2: huffing is an option of english checkers only.
TEST(DraughtsSessionOptions, Rulings_1_2_HuffingOnlyInEnglishCheckers) {
  SessionOptions huffing;
  huffing.huffing = true;
  EXPECT_TRUE(new_session("english", std::nullopt, huffing));
  for (const char* id : {"international", "russian", "international-giveaway", "russian-giveaway",
                         "english-giveaway"}) {
    auto session = new_session(id, std::nullopt, huffing);
    ASSERT_FALSE(session) << id;
    EXPECT_NE(session.error().find("english checkers only"), std::string::npos) << id;
  }
}

}  // namespace
}  // namespace doska
