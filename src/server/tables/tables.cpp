#include "server/tables/tables.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <system_error>

#include "common/text.h"
#include "games/draughts/egdb.h"
#include "games/draughts/rules.h"
#include "games/mill/egdb.h"
#include "games/mill/rules.h"

extern char** environ;

namespace doska::server {

namespace me = doska::mill::egdb;
namespace de = doska::draughts::egdb;

namespace {

// What the background build needs of a game's tables: the mill games count pieces a side (3..N),
// the draughts games pieces on the board (2..N).
struct TableSet {
  std::string folder;  // the folder's game: "mill" for mill and mixed mill
  bool per_side = true;
  int first = 0, last = 0;  // the pieces a set may go up to
  // Every table of at most `pieces` on disk: the largest such pieces (0: none).
  std::function<int(const std::string& dir)> complete;
  // Each table of a set up to `pieces`: its file and its positions.
  std::function<std::vector<std::pair<std::string, std::uint64_t>>(const std::string& dir,
                                                                   int pieces)>
      tables;
  // Bytes that a build up to `pieces` holds in memory at least.
  std::function<std::uint64_t(int pieces)> memory;
};

std::optional<TableSet> table_set(const std::string& game) {
  if (const mill::Rules* found = mill::find_rules(game)) {
    const mill::Rules* rules = mill::find_rules(me::table_game(*found));
    if (!rules) return std::nullopt;
    TableSet set;
    set.folder = me::table_game(*rules);
    set.first = rules->losing_count + 1;
    set.last = me::kMaxPieces;
    set.complete = [rules](const std::string& dir) {
      auto db = me::Database::open_only(*rules, dir, {});
      return db ? (*db)->complete_pieces() : 0;
    };
    set.tables = [rules](const std::string& dir, int pieces) {
      std::vector<std::pair<std::string, std::uint64_t>> out;
      for (const me::Material& m : me::materials(*rules, pieces))
        out.emplace_back(me::table_path(*rules, dir, m), me::table_size(m));
      return out;
    };
    // Every table unpacked, a byte a slot.
    set.memory = [rules](int pieces) {
      std::uint64_t bytes = 0;
      for (const me::Material& m : me::materials(*rules, pieces)) bytes += me::table_size(m);
      return bytes;
    };
    return set;
  }
  if (const draughts::Rules* rules = draughts::find_rules(game)) {
    // Up to 7 pieces: 8 on 8x8 are about 12 times the 7-piece tables (docs/egdb.md, "Not yet").
    TableSet set;
    set.folder = std::string(rules->id);
    set.per_side = false;
    set.first = 2;
    set.last = std::min(7, de::kMaxPieces);
    set.complete = [rules](const std::string& dir) {
      auto db = de::Database::open_only(*rules, dir, {});
      return db ? (*db)->complete_pieces() : 0;
    };
    set.tables = [rules](const std::string& dir, int pieces) {
      std::vector<std::pair<std::string, std::uint64_t>> out;
      for (const de::Material& m : de::materials(pieces))
        out.emplace_back(de::table_path(*rules, dir, m), de::table_size(*rules, m));
      return out;
    };
    // The pair being solved, two bytes a position (the smaller tables held unpacked within the
    // rest of the budget, or packed: `doska egdb build --memory`).
    set.memory = [rules](int pieces) {
      std::uint64_t largest = 0;
      for (const de::Material& m : de::materials(pieces))
        largest =
            std::max(largest, de::table_size(*rules, m) + de::table_size(*rules, m.flipped()));
      return 2 * largest;
    };
    return set;
  }
  return std::nullopt;
}

std::string count_text(const TableSet& set, int pieces) {
  return std::to_string(pieces) + (set.per_side ? " a side" : " pieces");
}

std::uint64_t machine_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0
             ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
             : 0;
}

std::string errno_text(int error) {
  return std::error_code(error, std::generic_category()).message();
}

std::string gigabytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / 1e9);
  return text;
}

// The number before `suffix` in `line` ("34%" → 34), if any.
std::optional<int> number_before(const std::string& line, std::string_view suffix) {
  const auto at = line.find(suffix);
  if (at == std::string::npos || at == 0) return std::nullopt;
  auto start = at;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(line[start - 1]))) --start;
  return parse_int(std::string_view(line).substr(start, at - start));
}

// The share of the positions of a set up to `pieces` whose tables are on disk, to a tenth of a
// percent.
double percent_on_disk(const TableSet& set, const std::string& dir, int pieces) {
  std::uint64_t done = 0, all = 0;
  std::error_code ec;
  for (const auto& [path, size] : set.tables(dir, pieces)) {
    all += size;
    if (std::filesystem::exists(path, ec)) done += size;
  }
  return all ? std::floor(1000.0 * static_cast<double>(done) / static_cast<double>(all)) / 10.0 : 0;
}

}  // namespace

Result<std::vector<GrowTarget>> parse_grow_targets(std::string_view text) {
  std::vector<GrowTarget> targets;
  for (const std::string_view piece : split(text, ',')) {
    const std::string part(trim(piece));
    const auto colon = part.find(':');
    const auto set = table_set(part.substr(0, colon));
    if (!set)
      return make_error("--egdb-grow " + doska::quoted(part) +
                        ": the background build is for the mill games (mill, mill-mixed, "
                        "mill-ceylon: pieces a side) and the draughts games (russian, english, "
                        "international and their giveaway: pieces on the board), as GAME:PIECES");
    const auto pieces =
        colon == std::string::npos ? std::nullopt : parse_int(part.substr(colon + 1));
    if (!pieces || *pieces < set->first || *pieces > set->last)
      return make_error("--egdb-grow " + doska::quoted(part) + ": give the pieces" +
                        (set->per_side ? " a side, " : " on the board, ") +
                        std::to_string(set->first) + ".." + std::to_string(set->last) +
                        (set->per_side ? " (mill:9)" : " (russian:6)"));
    for (const GrowTarget& t : targets)
      if (t.game == set->folder)
        return make_error("--egdb-grow names the tables of " + set->folder + " twice");
    targets.push_back({set->folder, *pieces});
  }
  if (targets.empty()) return make_error("--egdb-grow needs GAME:PIECES (mill:9)");
  return targets;
}

Tables::Tables(TablesOptions options) : options_(std::move(options)) {
  if (!options_.shelf) options_.grow.clear();
  for (const GrowTarget& t : options_.grow) growths_.emplace_back().target = t;
}

Tables::~Tables() {
  stop();
}

void Tables::say(const std::string& line) const {
  if (options_.log) options_.log("doska: tables: " + line);
}

std::uint64_t Tables::allowed_memory() const {
  return options_.memory ? options_.memory : machine_memory() / 2;
}

void Tables::start() {
  if (growths_.empty() || worker_.joinable()) return;
  worker_ = std::thread([this] { run(); });
}

void Tables::stop() {
  stopping_.store(true);
  {
    std::lock_guard lock(mutex_);
    if (child_ > 0) kill(child_, SIGTERM);
  }
  if (worker_.joinable()) worker_.join();
}

// One complete set after another (mill 3..5, then 3..6; draughts up to 5 pieces, then 6), and
// of all the targets' next sets the one with the fewest positions left to build first: every
// game's small sets are whole before any game's big ones (mill 3..5, russian and english up to 5
// pieces, mill 3..6 and 3..7, international up to 5, russian and english up to 6, then mill 3..8;
// docs/egdb.md). A single build goes by the pieces in all (mill p3-p8 before p6-p5), so the sets
// the games reach would be whole later.
void Tables::run() {
  const std::string dir = options_.shelf->dir();
  for (std::size_t i = 0; i < growths_.size(); ++i) plan(i);
  while (!stopping_.load()) {
    std::size_t best = growths_.size();
    int best_step = 0;
    std::uint64_t best_left = 0;
    for (std::size_t i = 0; i < growths_.size(); ++i) {
      const TableSet set = *table_set(growths_[i].target.game);  // the target never changes
      int step = 0, planned = 0;
      {
        std::lock_guard lock(mutex_);
        if (growths_[i].state != "waiting") continue;
        step = std::max(growths_[i].complete + 1, set.first);
        planned = growths_[i].planned;
      }
      if (step > planned) continue;
      std::uint64_t left = 0;
      std::error_code ec;
      for (const auto& [path, size] : set.tables(dir, step))
        if (!std::filesystem::exists(path, ec)) left += size;
      if (best == growths_.size() || left < best_left) {
        best = i;
        best_step = step;
        best_left = left;
      }
    }
    if (best == growths_.size()) return;
    if (!build_step(best, best_step)) {
      if (stopping_.load()) return;
      continue;  // failed: the other targets go on
    }
    const TableSet set = *table_set(growths_[best].target.game);
    const int complete = set.complete(dir);
    options_.shelf->refresh(set.folder);
    std::lock_guard lock(mutex_);
    Growth& g = growths_[best];
    g.complete = complete;
    if (complete < best_step) {
      g.state = "failed";
      g.error = "the set up to " + count_text(set, best_step) + " is not whole after its build";
      say(g.target.game + ": " + g.error);
    } else if (complete >= g.planned) {
      g.state = "done";
      g.percent = 100;
      g.table.clear();
      say(g.target.game + ": done, complete up to " + count_text(set, complete));
    } else {
      g.state = "waiting";  // its next set, when its turn comes
    }
    g.seconds_left = -1;
  }
}

void Tables::plan(std::size_t index) {
  const std::string dir = options_.shelf->dir();
  const TableSet set = *table_set(growths_[index].target.game);
  const int wanted = growths_[index].target.pieces;
  // The most pieces whose build fits in the memory allowed.
  const std::uint64_t memory = allowed_memory();
  int planned = wanted;
  while (planned > set.first && set.memory(planned) > memory) --planned;
  const int complete = set.complete(dir);
  std::lock_guard lock(mutex_);
  Growth& g = growths_[index];
  g.per_side = set.per_side;
  g.planned = planned;
  g.complete = complete;
  if (planned < wanted) {
    g.note = "up to " + count_text(set, wanted) + " would need " + gigabytes(set.memory(wanted)) +
             " of memory; " + gigabytes(memory) + " allowed: up to " + count_text(set, planned);
    say(g.target.game + ": " + g.note);
  }
  if (complete >= planned) {
    g.state = "done";
    g.percent = 100;
    return;
  }
  g.state = "waiting";
  g.percent = percent_on_disk(set, dir, planned);
  say(g.target.game + ": building up to " + count_text(set, planned) + " in " + dir +
      " (complete now: " + std::to_string(complete) + ") at the lowest priority");
}

bool Tables::build_step(std::size_t index, int pieces) {
  const std::string dir = options_.shelf->dir();
  auto fail = [&](const std::string& error) {
    std::lock_guard lock(mutex_);
    growths_[index].state = "failed";
    growths_[index].error = error;
    say(growths_[index].target.game + ": " + error);
    return false;
  };
  {
    std::lock_guard lock(mutex_);
    growths_[index].step = pieces;
    growths_[index].state = "building";
  }
  std::error_code ec;
  std::string program = options_.program;
  if (program.empty()) program = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  if (program.empty()) return fail("cannot find the doska program to build with");

  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) return fail("cannot make a pipe: " + errno_text(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 2);
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);  // the server's sockets stay its own
  // Every core: at the lowest priority the build takes only the time the engines leave.
  const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
  std::vector<std::string> words = {program,        "egdb",
                                    "build",        growths_[index].target.game,
                                    "--pieces",     std::to_string(pieces),
                                    "--dir",        dir,
                                    "--threads",    std::to_string(threads),
                                    "--background", std::to_string(getpid())};
  const TableSet set = *table_set(growths_[index].target.game);
  if (!set.per_side) {
    // The draughts builder holds the smaller tables unpacked within --memory (GB) beside the
    // pair being solved: what the server allows less that pair, at least 1 GB.
    const std::uint64_t memory = allowed_memory();
    const std::uint64_t pair = set.memory(pieces);
    const std::uint64_t rest = memory > pair ? (memory - pair) >> 30 : 0;
    words.push_back("--memory");
    words.push_back(std::to_string(std::clamp<std::uint64_t>(rest, 1, 4096)));
  }
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  // The server blocks SIGTERM and SIGINT in every thread (one thread waits for them): the build
  // must not inherit that, or neither the server's stop nor its death would end it.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, stops;
  sigemptyset(&none);
  sigemptyset(&stops);
  sigaddset(&stops, SIGTERM);
  sigaddset(&stops, SIGINT);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &stops);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  int spawned = 0;
  {
    std::lock_guard lock(mutex_);
    if (!stopping_.load())
      spawned = posix_spawn(&pid, program.c_str(), &actions, &attributes, argv.data(), environ);
    else
      spawned = ECANCELED;
    if (spawned == 0) child_ = pid;
  }
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(pipe_fds[1]);
  if (spawned != 0) {
    close(pipe_fds[0]);
    if (spawned == ECANCELED) return false;
    return fail("cannot start " + program + ": " + errno_text(spawned));
  }

  const auto started = std::chrono::steady_clock::now();
  std::string pending, last;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(buffer, static_cast<std::size_t>(n));
    for (auto end = pending.find('\n'); end != std::string::npos; end = pending.find('\n')) {
      std::string line = pending.substr(0, end);
      pending.erase(0, end + 1);
      if (!line.empty()) last = line;
      read_line(index, line,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    }
    if (pending.size() > 65536) pending.clear();  // no line is that long
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  {
    std::lock_guard lock(mutex_);
    child_ = 0;
  }
  if (stopping_.load()) {
    std::lock_guard lock(mutex_);
    growths_[index].state = "stopped";
    return false;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return fail("the build ended without finishing: " + (last.empty() ? "no output" : last));
  say(growths_[index].target.game + ": up to " + count_text(set, pieces) + ": " + last);
  return true;
}

// A line of `doska egdb build`: "p6-p5 done; all tables: [###...] 34% 123/456, about 80 s left"
// when a table is finished (the engines take it now), else a table's own progress.
void Tables::read_line(std::size_t index, const std::string& line, double seconds) {
  const std::string& game = growths_[index].target.game;
  const auto done = line.find(" done; all tables: ");
  if (done != std::string::npos) {
    options_.shelf->refresh(game);
    const TableSet set = *table_set(game);
    const int complete = set.complete(options_.shelf->dir());
    const double percent = percent_on_disk(set, options_.shelf->dir(), growths_[index].planned);
    std::lock_guard lock(mutex_);
    Growth& g = growths_[index];
    const std::string table = line.substr(0, done);
    g.built.push_back({{"table", table}, {"seconds", static_cast<int>(seconds)}});
    g.percent = percent;
    if (auto left = number_before(line, " s left")) g.seconds_left = *left;
    g.complete = complete;
    g.table.clear();
    say(game + ": " + table + " built after " + std::to_string(static_cast<int>(seconds)) + " s, " +
        decimal_text(g.percent, 1) + "% of all (complete up to " + count_text(set, complete) + ")");
    return;
  }
  std::lock_guard lock(mutex_);
  Growth& g = growths_[index];
  if (line.rfind("error:", 0) == 0) g.error = line.substr(std::min<std::size_t>(7, line.size()));
  // "p6-p5 moves: ..." or "m2k1-m1k0 distance 3 ...": the table under way.
  const auto space = line.find(' ');
  if (space != std::string::npos && line.find('-') < space &&
      (line.compare(space, 8, " moves: ") == 0 || line.compare(space, 10, " distance ") == 0))
    g.table = line.substr(0, space);
}

nlohmann::json Tables::status() const {
  nlohmann::json growing = nlohmann::json::array();
  std::lock_guard lock(mutex_);
  for (const Growth& g : growths_) {
    nlohmann::json entry = {{"game", g.target.game},
                            {"target", g.target.pieces},
                            {"planned", g.planned},
                            {"step", g.step},
                            {"complete", g.complete},
                            {"state", g.state},
                            {"percent", g.percent},
                            {"built", g.built},
                            {"count", g.per_side ? "side" : "board"}};
    if (!g.table.empty()) entry["table"] = g.table;
    if (g.seconds_left >= 0 && g.state == "building") entry["seconds_left"] = g.seconds_left;
    if (!g.note.empty()) entry["note"] = g.note;
    if (!g.error.empty()) entry["error"] = g.error;
    growing.push_back(std::move(entry));
  }
  return {{"dir", options_.shelf ? nlohmann::json(options_.shelf->dir()) : nlohmann::json()},
          {"growing", std::move(growing)}};
}

}  // namespace doska::server
