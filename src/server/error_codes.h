// Every code an error answer of the server can carry ("code" beside "error"). The page has a
// text for each in every language (web/i18n/*.json, key "error.<code>"); a test checks it.
#pragma once

#include <array>
#include <string_view>

namespace doska::server {

inline constexpr std::array<std::string_view, 87> kErrorCodes = {
    // the request itself
    "bad_request", "body_too_large", "uri_too_long", "headers_too_large", "request_timeout",
    "not_found", "method_not_allowed", "too_many_connections", "too_many_requests",
    "list_not_public", "internal_error",
    // new games and records
    "unknown_variant", "bad_fen", "bad_import", "bad_option", "bad_export_format", "bad_ply",
    // games in progress
    "game_not_found", "bad_key", "game_over", "not_your_turn", "computer_thinking", "illegal_move",
    "draw_too_early", "draw_already_offered", "no_draw_offer", "no_draw_to_claim", "draw_refused",
    "resign_refused", "undo_computer_only", "nothing_to_take_back", "takeback_computer",
    "takeback_asked", "no_takeback_request", "rematch_too_early",
    // the lobby
    "seek_for_people", "seek_from_position", "seek_not_found", "seek_closed", "seek_taken",
    "lobby_full",
    // review and analysis
    "review_too_early", "analysis_during_game", "live_analysis_not_found", "bad_moves",
    "engine_busy", "engine_error",
    // accounts, ratings and rated seeks
    "bad_name", "name_taken", "bad_password", "bad_login", "too_many_logins",
    "too_many_registrations", "not_logged_in", "login_required", "cross_origin", "user_not_found",
    "own_seek", "out_of_range", "rated_needs_clock", "rated_from_position", "abort_too_late",
    // chat
    "no_chat", "bad_chat", "chat_too_fast", "too_many_seeks",
    // the endgame explorer
    "no_tables", "not_in_tables",
    // tournaments
    "tournament_not_found", "tournament_started", "tournament_finished", "tournament_full",
    "already_joined", "not_joined", "too_few_players", "not_creator", "berserk_not_arena",
    "no_tournament_game", "already_berserk", "berserk_no_clock", "berserk_too_late",
    // puzzles
    "no_puzzles", "bad_theme", "bad_date", "puzzle_not_found", "bad_attempt", "too_many_attempts"};

}  // namespace doska::server
