// The players of the game on view: their names (links to their profiles) and ratings beside the
// clocks, the rating change once a rated game has ended, "Rated"/"Casual" and the speed, and how
// many watch.
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {orientationFlipped, mySides} from '../sides.js';
import {modeText, playerElement} from '../players.js';
import {loadAccount} from '../account/session.js';

// The games whose end has been read into the account's ratings.
const settled = new Set();

function renderPlayers() {
  const g = state.game;
  if (!g) return;
  const people = !g.opponent || g.opponent.kind === 'person';
  const flipped = orientationFlipped();
  for (const [place, side] of [['top', flipped ? 'white' : 'black'], ['bottom', flipped ? 'black' : 'white']]) {
    const box = $(`clock-${place}`).querySelector('.clock-player');
    const player = g.players ? g.players[side] : null;
    box.dataset.side = side;
    box.replaceChildren();
    if (player && player.name) box.append(playerElement(player));
    box.hidden = !(player && player.name);
  }
  const mode = $('game-mode');
  mode.hidden = !people || g.rated === undefined;
  mode.textContent = mode.hidden ? '' : modeText(g.rated, g.speed);
  mode.dataset.rated = String(Boolean(g.rated));
  renderWatchers();
  // A rated game of this account has ended with its ratings changed: the account's ratings
  // (the lobby's range, the top bar) are read again once.
  const diffs = g.players && ['white', 'black'].some((s) => typeof g.players[s]?.diff === 'number');
  if (g.rated && g.result.over && diffs && mySides().length && state.me && !settled.has(g.id)) {
    settled.add(g.id);
    loadAccount();
  }
}

function renderWatchers() {
  const box = $('game-watchers');
  const count = state.game ? state.watchers : null;
  box.hidden = typeof count !== 'number';
  box.textContent = box.hidden ? '' : t('watchers.count', {count});
  box.dataset.count = box.hidden ? '' : String(count);
}

export function setupPlayers() {
  events.on('render', renderPlayers);
  events.on('watchers', renderWatchers);
}
