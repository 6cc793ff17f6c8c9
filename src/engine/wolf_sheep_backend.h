// The engine's backend for wolf and sheep: no search, the complete solution
// (games/wolf_sheep/solution.h). At level 10 it plays the fastest win or the slowest loss; the
// lower levels choose among root moves scored exactly, so they never give away a won game.
#pragma once

#include <memory>

#include "engine/backend.h"

namespace doska::engine {

std::unique_ptr<Backend> wolf_sheep_backend();

}  // namespace doska::engine
