// Quick pairing on the home page, as lichess's: tiles of a game and a time control; a click
// joins the oldest matching seek (the game opens) or makes one and waits for an opponent, with a
// button to stop waiting. Rated when signed in and the switch is on, casual otherwise.
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {variantName} from '../variants.js';
import {attempt} from '../messages.js';
import {currentPage} from '../pages.js';
import {clockText, modeText, speedName, speedOf} from '../players.js';
import {openLoginDialog} from '../account/dialog.js';
import {lobby, addOwnSeek, cancelOwnSeek, enterAccepted} from './seeks.js';

// The grid when no game is chosen: the games played most, at their usual speeds.
const POPULAR = [
  ['international', 60, 0], ['international', 180, 2], ['international', 300, 3],
  ['international', 600, 5], ['international', 900, 10],
  ['russian', 180, 2], ['russian', 300, 3],
  ['english', 180, 2], ['english', 300, 3],
  ['mill', 180, 2],
];

// The grid of one game chosen.
const CLOCKS = [[60, 0], [180, 2], [300, 3], [600, 5], [900, 10], [1800, 20]];

function tiles() {
  const chosen = $('quick-variant').value;
  return chosen ? CLOCKS.map(([initial, increment]) => [chosen, initial, increment]) : POPULAR;
}

// This page's seek that waits for an opponent from a tile, if any.
const waiting = () => [...lobby.mine].find(([, entry]) => entry.quick) || null;

function fillGameSelect() {
  const select = $('quick-variant');
  const current = select.value;
  const popular = Object.assign(document.createElement('option'), {value: '', textContent: t('quick.popular')});
  select.replaceChildren(popular, ...state.variants.map((v) =>
    Object.assign(document.createElement('option'), {value: v.id, textContent: variantName(v.id)})));
  select.value = state.variants.some((v) => v.id === current) ? current : '';
}

// The tiles, made again only when the grid changes (another game chosen, another language): a
// tile replaced under the pointer would lose its click.
function buildTiles() {
  $('quick-grid').replaceChildren(...tiles().map(([variant, initial, increment]) => {
    const clock = {initial_s: initial, increment_s: increment};
    const tile = document.createElement('button');
    tile.type = 'button';
    tile.className = 'quick-tile';
    tile.dataset.variant = variant;
    tile.dataset.clock = `${initial}+${increment}`;
    tile.append(
      Object.assign(document.createElement('span'), {className: 'quick-time', textContent: clockText(clock)}),
      Object.assign(document.createElement('span'), {className: 'quick-game', textContent: variantName(variant)}),
      Object.assign(document.createElement('span'), {className: 'quick-speed', textContent: speedName(speedOf(clock))}));
    tile.addEventListener('click', () => play(variant, initial, increment));
    return tile;
  }));
  renderQuick();
}

// What changes without the grid: the tile that waits, the rated switch, the waiting line.
function renderQuick() {
  if (currentPage() !== 'home') return;
  const wait = waiting();
  const waitingSeek = wait ? wait[1].seek : null;
  for (const tile of $('quick-grid').children) {
    const here = waitingSeek && waitingSeek.variant === tile.dataset.variant && waitingSeek.clock &&
                 `${waitingSeek.clock.initial_s}+${waitingSeek.clock.increment_s}` === tile.dataset.clock;
    tile.classList.toggle('waiting', Boolean(here));
  }
  const signedIn = Boolean(state.me);
  $('quick-rated').disabled = !signedIn;
  if (!signedIn) $('quick-rated').checked = false;
  $('quick-rated-note').hidden = signedIn;
  $('quick-wait').hidden = !wait;
  if (wait) {
    $('quick-wait-text').textContent = t('quick.waiting', {
      game: variantName(waitingSeek.variant), clock: clockText(waitingSeek.clock),
      mode: modeText(waitingSeek.rated, waitingSeek.speed)});
  }
}

async function play(variant, initial, increment) {
  const wait = waiting();
  if (wait) {
    // Another tile: the seek that waits gives way to the new one; the same tile waits on.
    const seek = wait[1].seek;
    if (seek.variant === variant && seek.clock && seek.clock.initial_s === initial && seek.clock.increment_s === increment) return;
    await cancelOwnSeek(wait[0]);
    if (waiting()) return;
  }
  const rated = Boolean(state.me) && $('quick-rated').checked;
  const answer = await attempt(() => api.quickSeek({variant, clock: {initial_s: initial, increment_s: increment}, rated}));
  if (!answer) return;
  if (answer.game) await enterAccepted(answer);
  else addOwnSeek(answer.seek, answer.key, {quick: true});
}

export function setupQuickPairing() {
  events.on('page', (name) => { if (name === 'home') { fillGameSelect(); buildTiles(); } });
  events.on('texts', () => { if (currentPage() === 'home') { fillGameSelect(); buildTiles(); } });
  events.on('own-seeks', renderQuick);
  // Signed in: rated by default; signed out: casual.
  let signedAs = null;
  events.on('account', () => {
    const name = state.me ? state.me.name : null;
    if (name !== signedAs) $('quick-rated').checked = Boolean(name);
    signedAs = name;
    renderQuick();
  });
  $('quick-variant').addEventListener('change', buildTiles);
  $('quick-cancel').addEventListener('click', () => { const wait = waiting(); if (wait) cancelOwnSeek(wait[0]); });
  $('quick-signin').addEventListener('click', () => openLoginDialog('login'));
}
