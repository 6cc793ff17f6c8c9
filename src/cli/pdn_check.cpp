#include <cstdio>

#include "cli/commands.h"

namespace doska::cli {

int run_pdn(const std::vector<std::string>&) {
  std::fprintf(stderr, "error: pdn check is not built yet\n");
  return 2;
}

}  // namespace doska::cli
