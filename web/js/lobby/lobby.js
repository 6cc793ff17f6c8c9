// The lobby at /lobby: the open challenges with their creators' names and ratings, to accept,
// and a challenge to make (rated when signed in, with a range of the opponent's rating).
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {sideName, variantName, fillVariantSelect} from '../variants.js';
import {attempt} from '../messages.js';
import {currentPage} from '../pages.js';
import {clockText, modeText, playerElement, ratingOf, speedOf} from '../players.js';
import {openLoginDialog} from '../account/dialog.js';
import {lobby, addOwnSeek, cancelOwnSeek, enterAccepted, setupSeeks} from './seeks.js';

function renderLobby() {
  if (currentPage() !== 'lobby') return;
  const rows = $('seek-rows');
  rows.replaceChildren();
  $('seek-empty').hidden = lobby.seeks.length > 0;
  for (const seek of lobby.seeks) rows.append(seekRow(seek));
}

function seekRow(seek) {
  const row = document.createElement('tr');
  row.dataset.seek = seek.id;
  row.dataset.rated = String(Boolean(seek.rated));
  const cell = (content) => {
    const td = document.createElement('td');
    if (typeof content === 'string') td.textContent = content; else td.append(content);
    return td;
  };
  const range = seek.rating_range ? ` (${seek.rating_range[0]}\u2013${seek.rating_range[1]})` : '';
  const time = `${clockText(seek.clock)} · ${modeText(seek.rated, seek.speed)}${range}`;
  // The seek names its creator's side: the creator plays it, anyone else the other.
  const mine = lobby.mine.has(seek.id);
  const ours = mine || Boolean(state.me && seek.player && seek.player.name === state.me.name);
  const yours = seek.side === 'random' ? t('side.random')
      : sideName(seek.variant, ours ? seek.side : seek.side === 'white' ? 'black' : 'white');
  const action = document.createElement('td');
  if (ours) {
    action.append(Object.assign(document.createElement('span'), {className: 'muted', textContent: `${t('lobby.waiting')} `}));
  }
  if (mine) {
    action.append(button(t('lobby.cancel'), 'cancel', '', () => cancelOwnSeek(seek.id)));
  } else if (!ours) {
    action.append(button(t('lobby.accept'), 'accept', 'primary', async () => {
      // A rated game is between accounts: one signs in first.
      if (seek.rated && !state.me) { openLoginDialog('login'); return; }
      const answer = await attempt(() => api.acceptSeek(seek.id));
      if (answer) await enterAccepted(answer);
    }));
  }
  const columns = [cell(playerElement(seek.player)), cell(variantName(seek.variant)), cell(time), cell(yours), action];
  columns.forEach((column, index) => { column.className = ['seek-player', 'seek-game', 'seek-time', 'seek-side', 'seek-action'][index]; });
  columns[3].dataset.label = t('lobby.col.side');
  row.append(...columns);
  return row;
}

function button(text, action, className, onClick) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  element.dataset.action = action;
  if (className) element.className = className;
  element.addEventListener('click', onClick);
  return element;
}

function selectedClock() {
  const time = $('seek-time').value;
  if (time.startsWith('d')) return {days_per_move: Number(time.slice(1))};
  if (!time) return null;
  const [initial, increment] = time.split('+').map(Number);
  return {initial_s: initial, increment_s: increment};
}

// Rated only when signed in; the range only for a rated challenge.
function renderRatedFields() {
  const signedIn = Boolean(state.me);
  const rated = $('seek-rated');
  rated.disabled = !signedIn;
  if (!signedIn) rated.checked = false;
  $('seek-rated-note').hidden = signedIn;
  $('seek-range-row').hidden = !rated.checked;
}

async function createSeek(event) {
  event.preventDefault();
  const spec = {variant: $('seek-variant').value, side: $('seek-side').value, opponent: {kind: 'person'}};
  const clock = selectedClock();
  if (clock) spec.clock = clock;
  if ($('seek-rated').checked) {
    spec.rated = true;
    const width = Number($('seek-range').value);
    if (width) {
      const mine = ratingOf(state.me, spec.variant, speedOf(clock));
      spec.rating_range = [Math.max(600, mine - width), Math.min(3000, mine + width)];
    }
  }
  const answer = await attempt(() => api.createSeek(spec));
  if (answer) addOwnSeek(answer.seek, answer.key);
}

export function setupLobby() {
  setupSeeks();
  events.on('seeks', renderLobby);
  events.on('own-seeks', renderLobby);
  events.on('texts', () => {
    if (currentPage() === 'lobby') fillVariantSelect($('seek-variant'), $('seek-variant').value);
    renderLobby();
  });
  events.on('account', () => { renderRatedFields(); renderLobby(); });
  events.on('page', (name) => {
    if (name !== 'lobby') return;
    fillVariantSelect($('seek-variant'), $('seek-variant').value || (state.game && state.game.variant) || 'international');
    renderRatedFields();
    renderLobby();
  });
  $('seek-rated').addEventListener('change', renderRatedFields);
  $('seek-form').addEventListener('submit', createSeek);
}
