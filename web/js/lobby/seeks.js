// This page's own open seeks (from the lobby or a quick-pairing tile) and the lobby's live list:
// the list's stream is open while the lobby is shown or while a seek of this page waits, and a
// seek of ours that leaves the list is asked about (GET /api/seeks/{id}?key=): accepted, this
// page enters the game.
import {api, subscribeLobby} from '../api.js';
import {store} from '../store.js';
import {t} from '../i18n.js';
import {events} from '../state.js';
import {attempt, toast} from '../messages.js';
import {currentPage, navigate} from '../pages.js';
import {playPath} from '../round/game.js';

export const lobby = {
  seeks: [],          // the open seeks, as the stream last listed them
  mine: new Map(),    // seek id -> {key, seek, quick}: this page's seeks that wait
};

let unsubscribe = null;

export function lobbyListen() {
  const wanted = currentPage() === 'lobby' || lobby.mine.size > 0;
  if (wanted && !unsubscribe) unsubscribe = subscribeLobby(onSeeks);
  if (!wanted && unsubscribe) { unsubscribe(); unsubscribe = null; }
}

async function onSeeks(seeks) {
  lobby.seeks = seeks;
  events.emit('seeks');
  const open = new Set(seeks.map((s) => s.id));
  for (const [id, {key}] of [...lobby.mine]) {
    if (open.has(id)) continue;
    // A list sent before the seek was made does not have it yet: only an answer other than
    // "open" ends the wait.
    const answer = await api.seek(id, key).catch((e) => (e.status === 404 ? {state: 'gone'} : null));
    if (!answer || answer.state === 'open' || !lobby.mine.has(id)) continue;
    lobby.mine.delete(id);
    events.emit('own-seeks');
    if (answer.state === 'accepted') {
      toast(t('lobby.accepted'), 'info');
      await enterGame(answer.game, answer.side, answer.key);
    }
  }
  lobbyListen();
}

export function addOwnSeek(seek, key, {quick = false} = {}) {
  lobby.mine.set(seek.id, {key, seek, quick});
  if (!lobby.seeks.some((s) => s.id === seek.id)) lobby.seeks.push(seek);
  events.emit('own-seeks');
  events.emit('seeks');
  lobbyListen();
}

export async function cancelOwnSeek(id) {
  const entry = lobby.mine.get(id);
  if (!entry) return;
  const done = await attempt(() => api.cancelSeek(id, entry.key));
  // Cancelled, or gone meanwhile (taken: the stream's next list says so).
  if (!done) return;
  lobby.mine.delete(id);
  lobby.seeks = lobby.seeks.filter((s) => s.id !== id);
  events.emit('own-seeks');
  events.emit('seeks');
  lobbyListen();
}

// Opens a game this page holds one side of, by its key. No links are kept: they are for a game
// one person creates for two, and here each player has a key already.
export async function enterGame(id, side, key) {
  store.saveKeys(id, {[side]: key}, null);
  const url = new URL(playPath(id), location.origin);
  url.searchParams.set('key', key);
  url.searchParams.set('side', side);
  await navigate(url.pathname + url.search);
}

// An accepted seek or a quick pairing that joined one: {game, side, keys}.
export async function enterAccepted(answer) {
  await enterGame(answer.game.id, answer.side, answer.keys[answer.side]);
}

export function setupSeeks() {
  events.on('page', lobbyListen);
}
