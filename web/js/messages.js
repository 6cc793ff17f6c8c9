// What the page tells the player: a passing message, a request whose refusal is shown, a text
// of the server in the page's language, a text copied.
import {i18n, t} from './i18n.js';
import {localizeServerText} from './server-texts.js';
import {$, state, events} from './state.js';

let toastTimer = null;

// A text of the server (a reason, a status line, a refusal) in the language of the page.
export const serverText = (text) => localizeServerText(text, i18n.lang, state.game ? state.game.variant : '');

export function toast(message, kind = 'error') {
  const box = $('toast');
  box.textContent = kind === 'error' ? serverText(message) : message;
  box.className = `toast show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.className = 'toast'; }, 6000);
}

// Runs a request with the page busy; a refusal is shown by `onError(text)` if given (a dialog
// shows it next to its field), else as a toast. Answers null when it failed.
export async function attempt(action, {onError = null} = {}) {
  if (state.busy) return null;
  state.busy = true;
  document.body.classList.add('busy');
  const board = $('board');
  if (board) board.dataset.interactive = 'no';
  try {
    const result = await action();
    state.offline = false;
    return result;
  } catch (e) {
    // No answer at all (the network or the server is down): said in the page's language, and
    // the status no longer says it is the player's move as if nothing happened.
    if (e.status === 0) state.offline = true;
    const message = e.status === 0 ? t('error.network') : e.message || String(e);
    if (onError) onError(serverText(message));
    else toast(message);
    return null;
  } finally {
    state.busy = false;
    document.body.classList.remove('busy');
    if (state.game) events.emit('render');   // the board is live again
  }
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('copied'), 'info');
    return;
  } catch {
    // Pages served over plain http from another machine have no clipboard API.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  // Outside an open modal dialog the page is inert: the scratch area goes inside it.
  (document.querySelector('dialog[open]') || document.body).append(area);
  area.select();
  let copied = false;
  try { copied = document.execCommand('copy'); } catch { copied = false; }
  area.remove();
  toast(t(copied ? 'copied' : 'copy_failed'), 'info');
}
