// The makers of each kind of competitor (competitor.h), one source file each.
#pragma once

#include <memory>
#include <string_view>

#include "common/result.h"
#include "match/competitor.h"

namespace doska::match {

Result<std::unique_ptr<Competitor>> make_ours(const CompetitorSpec& spec, std::string_view game,
                                              engine::TableShelves* shelves);
Result<std::unique_ptr<Competitor>> make_hub(const CompetitorSpec& spec, std::string_view game);
Result<std::unique_ptr<Competitor>> make_uci(const CompetitorSpec& spec, std::string_view game);
Result<std::unique_ptr<Competitor>> make_dxp(const CompetitorSpec& spec);

}  // namespace doska::match
