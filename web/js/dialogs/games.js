// The list of stored games: those this browser holds keys for, each to open again.
import {api} from '../api.js';
import {store} from '../store.js';
import {i18n, t} from '../i18n.js';
import {$} from '../state.js';
import {variantName} from '../variants.js';
import {attempt} from '../messages.js';
import {openGame, playPath} from '../round/game.js';

async function showGames() {
  const list = await attempt(() => api.mine(store.held()));
  if (!list) return;
  const body = $('games-rows');
  body.replaceChildren();
  if (!list.games.length) {
    const row = document.createElement('tr');
    const cell = document.createElement('td');
    cell.colSpan = 5;
    cell.textContent = t('games.none');
    row.append(cell);
    body.append(row);
  }
  for (const game of list.games) {
    const row = document.createElement('tr');
    row.dataset.id = game.id;
    const saved = store.keyOf(game.id);
    const cells = [
      variantName(game.variant),
      new Date(game.updated || game.created).toLocaleString(i18n.lang),
      !game.opponent || game.opponent.kind === 'person' ? t('opponent.person')
                                                        : t('opponent.computer_level', {level: game.opponent.level}),
      `${game.plies} · ${game.result ? game.result.text : '*'}`,
    ];
    for (const text of cells) row.append(Object.assign(document.createElement('td'), {textContent: text}));
    const action = document.createElement('td');
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'open-game';
    open.textContent = saved ? t('games.open') : t('games.view');
    open.addEventListener('click', async () => {
      $('dlg-games').close();
      history.pushState({}, '', playPath(game.id));
      await attempt(() => openGame(game.id));
    });
    action.append(open);
    row.append(action);
    body.append(row);
  }
  if (!$('dlg-games').open) $('dlg-games').showModal();
}

export function setupGamesDialog() {
  $('btn-games').addEventListener('click', showGames);
  $('welcome-games').addEventListener('click', showGames);
}
