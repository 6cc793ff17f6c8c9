// The game on view: opened by its id (with the keys this browser holds), kept up to date by its
// event stream, each new view of it accepted once.
import {api, subscribe} from '../api.js';
import {store} from '../store.js';
import {replayBoards} from '../replay.js';
import {state, events} from '../state.js';
import {learnSide, mySides, keyFor} from '../sides.js';
import {showPage} from '../pages.js';
import {live} from '../analysis/analysis.js';
import {refreshReview} from '../review/review.js';
import {renderStatus, renderThinking} from './status.js';
import {playPremove} from './moving.js';

export function acceptView(view) {
  if (!view || (state.game && view.id === state.game.id && view.version < state.game.version)) return;
  const previous = state.game;
  const sameGame = previous && previous.id === view.id;
  // The same version again (the answer to a request and its event): nothing changed.
  if (sameGame && view.version === previous.version && view.thinking === previous.thinking) return;
  if (!sameGame) {
    state.snapshots = new Map();
    state.viewPly = null;
    if (live.active) live.stop();
  }
  if (!sameGame || previous.version !== view.version) state.picker.reset();
  if (!view.thinking) state.thinking = null;
  // A move that came after the last view (not a game opened, not a take-back): heard and seen.
  state.arrived = sameGame && view.moves.length === previous.moves.length + 1 ? view.moves.length : null;
  state.game = view;
  state.clockAt = performance.now();
  const plies = view.moves.length;
  // An undo shortens the game: positions past its end are gone.
  for (const ply of [...state.snapshots.keys()]) if (ply > plies) state.snapshots.delete(ply);
  state.snapshots.set(plies, {board: view.board, last: view.last});
  // Positions this page did not see (a game opened midway) are rebuilt from the record.
  let missing = false;
  for (let ply = 0; ply < plies; ply++) if (!state.snapshots.has(ply)) missing = true;
  if (missing) {
    const replayed = replayBoards(view);
    if (replayed) for (const [ply, snapshot] of replayed) if (!state.snapshots.has(ply)) state.snapshots.set(ply, snapshot);
  }
  if (state.viewPly !== null && state.viewPly >= plies) state.viewPly = null;
  if (!sameGame || view.result.over) state.premove = null;
  events.emit('render');
  playPremove();
}

export async function openGame(id, {key = null, side = null, links = null} = {}) {
  if (key) store.saveKey(id, key, side, links);
  const saved = store.keyOf(id);
  state.keys = {};
  if (saved) {
    for (const [s, k] of Object.entries(saved.keys || {})) state.keys[s] = k;
  }
  if (state.unsubscribe) state.unsubscribe();
  state.unsubscribe = null;
  state.game = null;
  state.flipped = false;
  // A key from a link that does not name its side: the server says whose it is.
  const probe = state.keys.any;
  let view;
  try {
    view = await api.game(id, probe);
  } catch (e) {
    if (!probe || e.status !== 403) throw e;
    delete state.keys.any;  // a key of no side: the game opens read-only
    view = await api.game(id);
  }
  if (probe && view.you && state.keys.any === probe) learnSide(id, probe, view.you);
  state.review = null;
  state.watchers = null;
  acceptView(view);
  listen(id);
  refreshReview(id);
  showPage('game');
  events.emit('opened');
}

// The game leaves the page (another view is shown): its stream is closed.
export function closeGame() {
  if (state.unsubscribe) state.unsubscribe();
  state.unsubscribe = null;
  if (!state.game) return;
  state.game = null;
  state.watchers = null;
  events.emit('closed');
}

// The game's event stream, with the key of a side this page holds (a player's stream also
// carries the players' chat room). A hidden tab lets go of its stream (a browser opens only six
// connections to one server, and each stream holds one) and opens it again when shown; the
// stream's first event is the game as it is then.
function listen(id) {
  if (state.unsubscribe) state.unsubscribe();
  const sides = mySides();
  state.unsubscribe = subscribe(id, {
    key: sides.length ? keyFor(sides[0]) : null,
    onGame: (v) => {
      state.offline = false;
      acceptView(v);
    },
    onInfo: (info) => { state.thinking = info; renderThinking(); },
    onReview: () => refreshReview(id),
    onChat: (line) => events.emit('chat-line', id, line),
    onWatchers: ({count}) => {
      if (!state.game || state.game.id !== id) return;
      state.watchers = count;
      events.emit('watchers');
    },
    onError: () => {
      if (!state.game || state.offline) return;
      state.offline = true;
      renderStatus();
    },
  });
  events.emit('listen', id);
}

export function setupVisibility() {
  document.addEventListener('visibilitychange', () => {
    if (!state.game) return;
    if (document.hidden) {
      if (state.unsubscribe) state.unsubscribe();
      state.unsubscribe = null;
      state.streamPaused = true;
    } else if (state.streamPaused) {
      state.streamPaused = false;
      listen(state.game.id);
    }
  });
}

export function playPath(id) {
  return `/play/${encodeURIComponent(id)}`;
}
