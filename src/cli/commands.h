// Subcommands that live in their own files.
#pragma once

#include <string>
#include <vector>

namespace doska::cli {

int run_play(const std::vector<std::string>& words);
int run_pdn(const std::vector<std::string>& words);
int run_analyze(const std::vector<std::string>& words);
int run_bench(const std::vector<std::string>& words);
int run_match(const std::vector<std::string>& words);
int run_solve(const std::vector<std::string>& words);
int run_hub(const std::vector<std::string>& words);
int run_uci(const std::vector<std::string>& words);
int run_dxp(const std::vector<std::string>& words);
int run_serve(const std::vector<std::string>& words);
int run_loadtest(const std::vector<std::string>& words);
int run_selfplay(const std::vector<std::string>& words);
int run_train(const std::vector<std::string>& words);
int run_rescore(const std::vector<std::string>& words);
int run_egdb(const std::vector<std::string>& words);
int run_book(const std::vector<std::string>& words);
int run_db(const std::vector<std::string>& words);
int run_puzzles(const std::vector<std::string>& words);
int run_explorer(const std::vector<std::string>& words);

}  // namespace doska::cli
