// The chat of a game between people (docs/players-api.md, "Chat"): the players' room for the two
// players (written with the key of a side), the watchers' room (written when signed in). Lines
// come from GET /api/games/{id}/chat and then the game's stream (`chat` events); every text is
// inserted as text, never as HTML. A player may hide the opponent's lines, remembered per game
// in this browser.
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {mySides, keyFor} from '../sides.js';
import {sideName} from '../variants.js';
import {toast} from '../messages.js';
import {openLoginDialog} from '../account/dialog.js';

const MAX = 140;

const chat = {
  id: null,                                   // the game whose lines are held
  lines: {players: new Map(), watchers: new Map()},   // n -> line, per room
  room: null,                                 // the room on view, null: the default one
};

const MUTE = (id) => `doska.chat.mute.${id}`;
const muted = (id) => localStorage.getItem(MUTE(id)) === 'on';

function isPeopleGame(g) {
  return g && (!g.opponent || g.opponent.kind === 'person');
}

// The side this page plays, when it plays exactly one (the opponent is then the other).
function ownSide() {
  const sides = mySides();
  return sides.length === 1 ? sides[0] : null;
}

const playerKey = () => (mySides().length ? keyFor(mySides()[0]) : null);

function currentRoom() {
  const rooms = availableRooms();
  return rooms.includes(chat.room) ? chat.room : rooms[0];
}

const availableRooms = () => (playerKey() ? ['players', 'watchers'] : ['watchers']);

function reset(id) {
  chat.id = id;
  chat.lines = {players: new Map(), watchers: new Map()};
  chat.room = null;
  $('chat-lines').replaceChildren();
  $('chat-input').value = '';
  updateCount();
}

async function loadLines(id) {
  const g = state.game;
  if (!g || g.id !== id || !isPeopleGame(g)) return;
  if (chat.id !== id) reset(id);
  let answer;
  try {
    answer = await api.chatLines(id, playerKey());
  } catch {
    return;   // no chat to read (an old server, a game gone): the panel stays empty
  }
  if (chat.id !== id) return;
  for (const room of ['players', 'watchers']) {
    for (const line of answer[room] || []) chat.lines[room].set(line.n, {...line, room});
  }
  renderChat();
}

function addLine(id, line) {
  if (!line || chat.id !== id || !chat.lines[line.room]) return;
  chat.lines[line.room].set(line.n, line);
  renderChat();
}

function renderChat() {
  const g = state.game;
  const panel = $('chat');
  if (!isPeopleGame(g)) { panel.hidden = true; return; }
  if (chat.id !== g.id) reset(g.id);
  panel.hidden = false;
  const room = currentRoom();
  panel.dataset.room = room;
  for (const name of ['players', 'watchers']) {
    const tab = $(`chat-tab-${name}`);
    tab.hidden = !availableRooms().includes(name);
    tab.setAttribute('aria-selected', String(name === room));
    tab.classList.toggle('selected', name === room);
  }
  // A tab says how many lines its room holds.
  $('chat-tab-players').textContent = `${t('chat.players')}${countText('players')}`;
  $('chat-tab-watchers').textContent = `${t('chat.watchers')}${countText('watchers')}`;
  const own = ownSide();
  $('chat-mute-row').hidden = !own;
  const hide = Boolean(own) && muted(g.id);
  $('chat-mute').checked = hide;
  const opponent = own === 'white' ? 'black' : own === 'black' ? 'white' : null;
  const shown = [...chat.lines[room].values()].sort((a, b) => a.n - b.n)
      .filter((line) => !(hide && line.side === opponent));
  const list = $('chat-lines');
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  list.replaceChildren(...shown.map((line) => lineElement(g, line)));
  if (atEnd) list.scrollTop = list.scrollHeight;
  $('chat-empty').hidden = shown.length > 0;
  // Writing: the players' room with the key of a side, the watchers' room when signed in.
  const canWrite = room === 'players' ? Boolean(playerKey()) : Boolean(state.me);
  $('chat-form').hidden = !canWrite;
  $('chat-signin').hidden = canWrite;
}

function countText(room) {
  const count = chat.lines[room].size;
  return count ? ` (${count})` : '';
}

function lineElement(g, line) {
  const item = document.createElement('li');
  item.className = 'chat-line';
  item.dataset.n = String(line.n);
  if (line.side) item.dataset.side = line.side;
  const author = document.createElement('span');
  author.className = 'chat-author';
  author.textContent = line.name || (line.side ? sideName(g.variant, line.side) : t('player.anonymous'));
  const text = document.createElement('span');
  text.className = 'chat-text';
  text.textContent = line.text;
  item.append(author, ' ', text);
  if (line.at) item.title = new Date(line.at).toLocaleTimeString();
  return item;
}

function updateCount() {
  const length = $('chat-input').value.length;
  $('chat-count').textContent = `${length}/${MAX}`;
  $('chat-count').classList.toggle('full', length >= MAX);
}

async function send(event) {
  event.preventDefault();
  const g = state.game;
  const text = $('chat-input').value.trim();
  if (!g || !text) return;
  const room = currentRoom();
  // Not through attempt(): a line sent keeps the board live (a move may be made meanwhile).
  let answer;
  try {
    answer = await api.say(g.id, room, text, playerKey() || undefined);
  } catch (e) {
    toast(e);
    return;
  }
  $('chat-input').value = '';
  updateCount();
  if (answer.line) addLine(g.id, {room, ...answer.line});
}

export function setupChat() {
  events.on('render', renderChat);
  events.on('texts', renderChat);
  events.on('account', () => { if (state.game) renderChat(); });
  // Lines are read when the game's stream opens (the game opened, the tab shown again); the
  // stream brings the next ones.
  events.on('listen', loadLines);
  events.on('chat-line', addLine);
  events.on('closed', () => { reset(null); $('chat').hidden = true; });
  for (const room of ['players', 'watchers']) {
    $(`chat-tab-${room}`).addEventListener('click', () => { chat.room = room; renderChat(); });
  }
  $('chat-mute').addEventListener('change', () => {
    const g = state.game;
    if (!g) return;
    if ($('chat-mute').checked) localStorage.setItem(MUTE(g.id), 'on');
    else localStorage.removeItem(MUTE(g.id));
    renderChat();
  });
  $('chat-input').addEventListener('input', updateCount);
  $('chat-form').addEventListener('submit', send);
  $('chat-signin-button').addEventListener('click', () => openLoginDialog('login'));
}
