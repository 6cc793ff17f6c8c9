// The lobby: open challenges to a game between people, to accept or to make.
import {api, subscribeLobby} from '../api.js';
import {store} from '../store.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {sideName, variantName, fillVariantSelect} from '../variants.js';
import {attempt, toast} from '../messages.js';
import {openGame, playPath} from '../round/game.js';

const lobby = {
  unsubscribe: null,
  seeks: [],
  mine: new Map(),   // seek id -> its key: this page's open challenges
};

// The lobby's stream is open while the dialog is, or while this page has a challenge waiting
// (its creator learns that it was accepted when it leaves the list).
function lobbyListen() {
  const wanted = $('dlg-lobby').open || lobby.mine.size > 0;
  if (wanted && !lobby.unsubscribe) lobby.unsubscribe = subscribeLobby(onSeeks);
  if (!wanted && lobby.unsubscribe) { lobby.unsubscribe(); lobby.unsubscribe = null; }
}

async function onSeeks(seeks) {
  lobby.seeks = seeks;
  renderLobby();
  const open = new Set(seeks.map((s) => s.id));
  for (const [id, key] of [...lobby.mine]) {
    if (open.has(id)) continue;
    lobby.mine.delete(id);
    const answer = await api.seek(id, key).catch(() => null);
    if (answer && answer.state === 'accepted') {
      toast(t('lobby.accepted'), 'info');
      await enterGame(answer.game, answer.side, answer.key);
    }
  }
  lobbyListen();
}

function renderLobby() {
  const rows = $('seek-rows');
  rows.replaceChildren();
  $('seek-empty').hidden = lobby.seeks.length > 0;
  for (const seek of lobby.seeks) {
    const row = document.createElement('tr');
    row.dataset.seek = seek.id;
    const cell = (text) => Object.assign(document.createElement('td'), {textContent: text});
    const clock = !seek.clock ? t('time.none')
        : seek.clock.days_per_move ? t(`time.corr${seek.clock.days_per_move}`, {}, `${seek.clock.days_per_move} d`)
        : `${seek.clock.initial_s / 60}+${seek.clock.increment_s}`;
    // The seek names its creator's side: the creator plays it, anyone else the other.
    const mine = lobby.mine.has(seek.id);
    const yours = seek.side === 'random' ? t('side.random')
        : sideName(seek.variant, mine ? seek.side : seek.side === 'white' ? 'black' : 'white');
    const action = document.createElement('td');
    const button = document.createElement('button');
    button.type = 'button';
    if (mine) {
      button.textContent = t('lobby.cancel');
      button.dataset.action = 'cancel';
      button.addEventListener('click', async () => {
        const key = lobby.mine.get(seek.id);
        if (await attempt(() => api.cancelSeek(seek.id, key))) lobby.mine.delete(seek.id);
      });
      action.append(Object.assign(document.createElement('span'), {className: 'muted', textContent: `${t('lobby.waiting')} `}));
    } else {
      button.textContent = t('lobby.accept');
      button.dataset.action = 'accept';
      button.className = 'primary';
      button.addEventListener('click', async () => {
        const answer = await attempt(() => api.acceptSeek(seek.id));
        if (!answer) return;
        await enterGame(answer.game.id, answer.side, answer.keys[answer.side]);
      });
    }
    action.append(button);
    row.append(cell(variantName(seek.variant)), cell(clock), cell(yours), action);
    rows.append(row);
  }
}

// Opens a game this page holds one side of, by its key. No links are kept: they are for a game
// one person creates for two, and here each player has a key already.
async function enterGame(id, side, key) {
  store.saveKeys(id, {[side]: key}, null);
  const url = new URL(playPath(id), location.origin);
  url.searchParams.set('key', key);
  url.searchParams.set('side', side);
  history.pushState({}, '', url.pathname + url.search);
  if ($('dlg-lobby').open) $('dlg-lobby').close();
  await attempt(() => openGame(id));
}

export function setupLobby() {
  events.on('texts', renderLobby);
  const dialog = $('dlg-lobby');
  $('btn-lobby').addEventListener('click', () => {
    fillVariantSelect($('seek-variant'), $('seek-variant').value || (state.game && state.game.variant) || 'international');
    dialog.showModal();
    lobbyListen();
  });
  dialog.addEventListener('close', lobbyListen);
  $('seek-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const spec = {variant: $('seek-variant').value, side: $('seek-side').value,
                  opponent: {kind: 'person'}};
    const time = $('seek-time').value;
    if (time.startsWith('d')) {
      spec.clock = {days_per_move: Number(time.slice(1))};
    } else if (time) {
      const [initial, increment] = time.split('+').map(Number);
      spec.clock = {initial_s: initial, increment_s: increment};
    }
    const answer = await attempt(() => api.createSeek(spec));
    if (!answer) return;
    lobby.mine.set(answer.seek.id, answer.key);
    if (!lobby.seeks.some((s) => s.id === answer.seek.id)) lobby.seeks.push(answer.seek);
    renderLobby();
    lobbyListen();
  });
}
