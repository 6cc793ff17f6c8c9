// The dialogs that start a game: a new game, and a game or position imported from PDN, PGN or
// FEN.
import {api} from '../api.js';
import {store} from '../store.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {sideName, variantOf, fillVariantSelect} from '../variants.js';
import {attempt} from '../messages.js';
import {fillLevelSelect} from '../levels.js';
import {openGame, playPath} from '../round/game.js';

function fillOpponentFields(prefix) {
  const variant = $(`${prefix}-variant`).value;
  const person = $(`${prefix}-opponent-person`).checked;
  $(`${prefix}-level-row`).hidden = person;
  fillLevelSelect($(`${prefix}-level`), variant);
  $(`${prefix}-both-row`).hidden = !person;
  const sideSelect = $(`${prefix}-side`);
  const current = sideSelect.value;
  const sides = person ? ['white', 'black'] : ['white', 'black', 'random'];
  sideSelect.replaceChildren(...sides.map((s) => {
    const option = document.createElement('option');
    option.value = s;
    option.textContent = s === 'random' ? t('side.random') : sideName(variant, s);
    return option;
  }));
  sideSelect.value = sides.includes(current) ? current : 'white';
  $(`${prefix}-clock-fields`).hidden = !$(`${prefix}-clock-on`).checked;
  const options = $(`${prefix}-options`);
  options.replaceChildren();
  for (const option of variantOf(variant).options || []) {
    if (option.type !== 'bool') continue;
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = option.name;
    box.dataset.option = option.name;
    box.checked = Boolean(option.default);
    label.append(box, ` ${t(`option.${option.name}`, {}, option.name)}`);
    options.append(label);
  }
}

function gameSpec(prefix) {
  const person = $(`${prefix}-opponent-person`).checked;
  const spec = {
    variant: $(`${prefix}-variant`).value,
    opponent: person ? {kind: 'person'} : {kind: 'computer', level: Number($(`${prefix}-level`).value)},
    side: $(`${prefix}-side`).value,
  };
  const days = $(`${prefix}-days`);
  if (days && days.value) {
    spec.clock = {days_per_move: Number(days.value)};
  } else if ($(`${prefix}-clock-on`).checked) {
    spec.clock = {initial_s: Math.round(Number($(`${prefix}-clock-min`).value) * 60),
                  increment_s: Number($(`${prefix}-clock-inc`).value)};
  }
  const options = {};
  for (const box of $(`${prefix}-options`).querySelectorAll('[data-option]')) options[box.dataset.option] = box.checked;
  if (Object.keys(options).length) spec.options = options;
  return {spec, bothHere: person && $(`${prefix}-both`).checked};
}

// Creates the game of `spec` (also the board editor's), keeps its keys and opens it.
export async function createGame(spec, bothHere, onError = null) {
  const answer = await attempt(() => api.create(spec), {onError});
  if (!answer) return false;
  const view = answer.game;
  const keys = answer.keys || {};
  const person = spec.opponent.kind === 'person';
  let mine;
  if (!person) {
    const computer = view.opponent && view.opponent.side;
    mine = computer ? [computer === 'white' ? 'black' : 'white'] : Object.keys(keys).filter((s) => keys[s]);
  } else if (bothHere) {
    mine = ['white', 'black'];
  } else {
    mine = [spec.side === 'black' ? 'black' : 'white'];
  }
  const held = {};
  for (const s of mine) if (keys[s]) held[s] = keys[s];
  store.saveKeys(view.id, held, person && !bothHere ? answer.links : null);
  const side = mine.length === 1 ? mine[0] : null;
  const url = new URL(playPath(view.id), location.origin);
  if (side && keys[side]) {
    url.searchParams.set('key', keys[side]);
    url.searchParams.set('side', side);
  }
  history.pushState({}, '', url.pathname + url.search);
  await attempt(() => openGame(view.id));
  return true;
}

export function setupNewGameDialog() {
  // A language chosen while a dialog is open: its lists in the new language.
  events.on('texts', () => {
    for (const prefix of ['new', 'imp']) {
      if ($(`dlg-${prefix === 'new' ? 'new' : 'import'}`).open) {
        fillVariantSelect($(`${prefix}-variant`), $(`${prefix}-variant`).value);
        fillOpponentFields(prefix);
      }
    }
  });
  const dialog = $('dlg-new');
  for (const id of ['new-variant', 'new-opponent-computer', 'new-opponent-person', 'new-clock-on']) {
    $(id).addEventListener('change', () => fillOpponentFields('new'));
  }
  $('btn-new').addEventListener('click', () => {
    fillVariantSelect($('new-variant'), $('new-variant').value || (state.game && state.game.variant) || 'international');
    fillOpponentFields('new');
    dialog.showModal();
  });
  $('welcome-new').addEventListener('click', () => $('btn-new').click());
  $('new-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const {spec, bothHere} = gameSpec('new');
    if (await createGame(spec, bothHere)) dialog.close();
  });
}

export function setupImportDialog() {
  const dialog = $('dlg-import');
  for (const id of ['imp-variant', 'imp-opponent-computer', 'imp-opponent-person', 'imp-clock-on']) {
    $(id).addEventListener('change', () => fillOpponentFields('imp'));
  }
  $('btn-import').addEventListener('click', () => {
    fillVariantSelect($('imp-variant'), $('imp-variant').value || (state.game && state.game.variant) || 'international');
    fillOpponentFields('imp');
    showImportError('');
    dialog.showModal();
  });
  $('imp-text').addEventListener('input', () => showImportError(''));
  $('imp-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const {spec, bothHere} = gameSpec('imp');
    const text = $('imp-text').value.trim();
    if (!text) { showImportError(t('import.empty')); return; }
    // A record has tags or numbered moves; anything else is read as a FEN.
    const isRecord = /\[\s*\w+\s+"/.test(text) || /(^|\s)1\.\s*\S/.test(text);
    if (isRecord) spec.pdn = text; else spec.fen = text;
    if (await createGame(spec, bothHere, showImportError)) dialog.close();
  });
}

// A refusal of the text imported, in the dialog under the text box (a toast would lie under the
// dialog's backdrop); gone when the text is changed or the dialog opened again.
function showImportError(text) {
  $('imp-error').textContent = text;
  $('imp-error').hidden = !text;
}
