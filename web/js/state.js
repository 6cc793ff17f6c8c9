// The state of the page that its parts share, and the events by which they ask each other for
// something: 'render' (draw the game view again), 'texts' (the language changed), 'language'
// (the player chose one), 'opened' (a game was opened), 'view-ply' (show a position of the
// game's history), 'page' (another view is shown), 'account' (signed in or out), 'listen' (the
// game's stream was opened), 'chat-line' (a line came on it), 'watchers' (their number changed),
// 'closed' (the game left the page).
import {MovePicker} from './move-picker.js';

export const $ = (id) => document.getElementById(id);

export const state = {
  variants: [],
  game: null,          // the game view being shown
  keys: {},            // side -> key held by this browser for the current game ('any': side unknown)
  flipped: false,      // the player's own flip, on top of the automatic orientation
  viewPly: null,       // null: the live position; else the number of plies of the position shown
  snapshots: new Map(),  // plies -> {board, last}, the positions this browser has seen
  picker: new MovePicker(),
  unsubscribe: null,
  clockAt: 0,          // performance.now() when the clock of the current view was received
  thinking: null,      // the computer's latest search info
  busy: false,
  review: null,        // {id, data}: the game's review as GET /api/games/{id}/review gives it
  premove: null,       // {from, to}: a move clicked while the opponent thinks (clock games)
  offline: false,      // the last request got no answer, or the event stream is cut
  streamPaused: false, // the tab is hidden and let go of its event stream
  watchers: null,      // how many watch the game on view (its stream's `watchers` event)
  me: null,            // the account signed in ({name, created, ratings}), or null
};

const listeners = new Map();

export const events = {
  on(name, listener) {
    if (!listeners.has(name)) listeners.set(name, []);
    listeners.get(name).push(listener);
  },
  emit(name, ...args) {
    for (const listener of listeners.get(name) || []) listener(...args);
  },
};
