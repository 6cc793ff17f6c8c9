// Feeds request bodies of the HTTP API (docs/api.md) to the server's readers: every body reader
// (server/requests.h), and for a create request that reads, its position and record as the
// import reads them (server/records.h, the game's session): every move read must be legal and
// must play. Errors must say why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/session.h"
#include "server/records.h"
#include "server/requests.h"

namespace {

using namespace doska;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_server_request: %s\n", what.c_str());
  std::abort();
}

template <typename T>
void check(const Result<T>& result, const char* reader) {
  if (!result && result.error().empty()) fail(std::string(reader) + ": an error without a message");
}

void import(const server::CreateRequest& request) {
  if (!find_game(request.variant)) return;
  std::optional<std::string> fen = request.fen;
  std::vector<std::string> moves;
  if (request.pdn) {
    auto record = server::read_record(*request.pdn);
    check(record, "read_record");
    if (!record) return;
    if (auto tag = record->tag("FEN")) fen = *tag;
    moves = record->moves;
  }
  auto session =
      new_session(request.variant, fen ? std::optional<std::string_view>(*fen) : std::nullopt,
                  SessionOptions{request.huffing, true});
  check(session, "new_session");
  if (!session) return;
  GameSession& game = **session;
  for (std::size_t i = 0; i < moves.size() && i < 200; ++i) {
    auto view = game.read_move(moves[i]);
    check(view, "read_move");
    if (!view) return;
    if (Status played = game.play(view->text); !played)
      fail("a move read as legal does not play: " + view->text + ": " + played.error());
    (void)game.board();
    (void)game.legal_move_views();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  auto create = server::parse_create(body);
  check(create, "parse_create");
  check(server::parse_move(body), "parse_move");
  check(server::parse_key(body), "parse_key");
  check(server::parse_draw(body), "parse_draw");
  check(server::parse_analyse(body), "parse_analyse");
  if (auto review = server::parse_review(body); review) {
    if (review->ms < 50 || review->ms > 10000) fail("parse_review: a time out of its range");
  } else if (review.error().empty()) {
    fail("parse_review: an error without a message");
  }
  if (auto held = server::parse_held(body); held) {
    if (held->size() > server::kMaxHeldGames) fail("parse_held: more games than allowed");
  } else {
    check(held, "parse_held");
  }
  check(server::read_record(body), "read_record");
  // `doska pdn check` reads every game of a file: as many games as the text has, each readable.
  if (auto all = server::read_records(body); all) {
    for (const server::RecordGame& game : *all)
      if (game.line < 1) fail("read_records: a game before line 1");
  } else {
    check(all, "read_records");
  }
  if (create) import(*create);
  return 0;
}
