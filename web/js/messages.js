// What the page tells the player: a passing message, a request whose refusal is shown, a text
// of the server in the page's language, a text copied.
import {i18n, t, hasText} from './i18n.js';
import {localizeServerText} from './server-texts.js';
import {$, state, events} from './state.js';

let toastTimer = null;

// A text of the server (a reason, a status line, a refusal) in the language of the page.
export const serverText = (text) => localizeServerText(text, i18n.lang, state.game ? state.game.variant : '');

// A refusal of the server (an ApiError, or its text) in the language of the page: the text of its
// code ("error.<code>" with its parameters; "detail" and "reason", the game's own English texts,
// are translated where the page knows them and else kept), else the server's text translated, else the
// text as it came. In English the server's own text is shown: it is the most precise.
export function errorText(e) {
  if (e && e.status === 0) return t('error.network');
  const message = e && typeof e === 'object' ? (e.message || String(e)) : String(e);
  const code = e && typeof e === 'object' && typeof e.code === 'string' ? e.code : '';
  if (i18n.lang === 'en' || !code || !hasText(`error.${code}`)) return serverText(message);
  const params = {...(e.params || {})};
  // A frame without the detail (an illegal move) gives way to the detail when the page translates
  // it whole: it says more (why the move is not one, a capture that is compulsory).
  const detail = typeof params.detail === 'string' ? serverText(params.detail) : '';
  const whole = detail && detail !== params.detail &&
                !/[A-Za-z]{2,}/.test(detail.replace(/'[^']*'|"[^"]*"/g, ''));
  if (whole && !t(`error.${code}`).includes('{detail}')) return detail;
  // A refusal whose reason is a word of the API (bad_name: length, characters, reserved) has a
  // text of its own.
  if (typeof params.reason === 'string' && hasText(`error.${code}.${params.reason}`)) {
    return t(`error.${code}.${params.reason}`, params);
  }
  for (const name of ['detail', 'reason']) {
    if (typeof params[name] === 'string') params[name] = serverText(params[name]);
  }
  return t(`error.${code}`, params);
}

export function toast(message, kind = 'error') {
  const box = $('toast');
  box.textContent = kind === 'error' ? errorText(message) : message;
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
    if (onError) onError(errorText(e));
    else toast(e);
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
