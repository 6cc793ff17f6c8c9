// Berserk on the game page: a player of an arena game, before his first move, halves his clock
// (POST /api/tournaments/{id}/berserk). The tournament page notes which of its games are the
// player's arena games (kept for the tab, so that a reload keeps the button).
import {api} from '../api.js';
import {$, state, events} from '../state.js';
import {mySides} from '../sides.js';
import {attempt} from '../messages.js';

const KEY = 'doska.arenaGames';

function arenaGames() {
  try { return JSON.parse(sessionStorage.getItem(KEY) || '{}'); } catch { return {}; }
}

// The player's game of an arena: the game id and its tournament.
export function noteArenaGame(game, tournament) {
  const games = arenaGames();
  games[game] = tournament;
  sessionStorage.setItem(KEY, JSON.stringify(games));
}

function renderBerserk() {
  const button = $('btn-berserk');
  const g = state.game;
  const tournament = g && arenaGames()[g.id];
  const sides = mySides();
  let shown = false;
  if (tournament && !g.result.over && sides.length === 1 && g.clock && g.clock.initial_ms > 0) {
    // White's first move is ply 0, black's ply 1.
    const plies = (g.moves || []).length;
    const mine = sides[0] === 'white' ? g.clock.white_ms : g.clock.black_ms;
    shown = plies <= (sides[0] === 'white' ? 0 : 1) && mine > g.clock.initial_ms / 2;
  }
  button.hidden = !shown;
}

export function setupBerserk() {
  events.on('render', renderBerserk);
  $('btn-berserk').addEventListener('click', async () => {
    const tournament = state.game && arenaGames()[state.game.id];
    if (!tournament) return;
    if (await attempt(() => api.tournamentStep(tournament, 'berserk'))) $('btn-berserk').hidden = true;
  });
}
