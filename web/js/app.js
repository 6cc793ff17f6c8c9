// The doska browser app: one page that creates, opens and plays games through the HTTP API
// (docs/api.md), with the live game kept up to date by the server's event stream. This module
// routes the address to its view and wires the parts of the page:
//   round/     the game on view: board, moves, controls, links
//   clock/     its clocks
//   analysis/  the live analysis of a position
//   review/    the engine's review of a game
//   lobby/     open challenges between people
//   dialogs/   new game, import, export, stored games, rules
//   settings/  sound, coordinates, colours, language
import {api} from './api.js';
import {i18n} from './i18n.js';
import {store} from './store.js';
import {$, state, events} from './state.js';
import {attempt, toast} from './messages.js';
import {openGame, setupVisibility} from './round/game.js';
import {setupRender} from './round/render.js';
import {setupMoveList} from './round/move-list.js';
import {setupMoveEntry} from './round/moving.js';
import {setupControls} from './round/controls.js';
import {setupClocks} from './clock/clock.js';
import {setupAnalysis} from './analysis/analysis.js';
import {setupReview} from './review/review.js';
import {setupLobby} from './lobby/lobby.js';
import {setupSettings, setupLanguage} from './settings/settings.js';
import {setupNewGameDialog, setupImportDialog} from './dialogs/new-game.js';
import {setupExportDialog} from './dialogs/export.js';
import {setupGamesDialog} from './dialogs/games.js';
import {setupRules} from './dialogs/rules.js';

function refreshTexts() {
  i18n.apply(document);
  $('lang-select').value = i18n.lang;
  events.emit('texts');
}

function setupDialogs() {
  for (const button of document.querySelectorAll('dialog [data-close]')) {
    button.addEventListener('click', () => button.closest('dialog').close());
  }
}

async function route() {
  const match = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (!match) {
    if (state.unsubscribe) state.unsubscribe();
    state.unsubscribe = null;
    state.game = null;
    $('game').hidden = true;
    $('welcome').hidden = false;
    return;
  }
  const id = decodeURIComponent(match[1]);
  const params = new URLSearchParams(location.search);
  const key = params.get('key');
  const side = params.get('side');
  const opened = await attempt(() => openGame(id, {key, side: side === 'white' || side === 'black' ? side : null}));
  if (opened === null && !state.game) {
    $('game').hidden = true;
    $('welcome').hidden = false;
  }
}

async function main() {
  i18n.init(store.language(), navigator.languages || [navigator.language]);
  setupLanguage();
  i18n.apply(document);
  setupRender();
  setupMoveList();
  setupControls();
  setupClocks();
  setupAnalysis();
  setupReview();
  setupGamesDialog();
  setupDialogs();
  setupNewGameDialog();
  setupImportDialog();
  setupExportDialog();
  setupRules();
  setupVisibility();
  setupMoveEntry();
  setupSettings();
  setupLobby();
  events.on('language', refreshTexts);
  // The game view redrawn in the new language after the other parts.
  events.on('texts', () => events.emit('render'));
  try {
    state.variants = await api.variants();
  } catch (e) {
    toast(e.message || String(e));
  }
  window.addEventListener('popstate', route);
  await route();
  document.body.dataset.ready = 'yes';
}

main();
