// The opening explorer in the page (GET /api/explorer/{game id}?fen=FEN, docs/api.md): the moves
// played from the analysis board's position in the games stored on the server, most played first,
// each with its number of games, a bar of its results (White's wins, draws, Black's wins) and the
// average rating of its players, and the opening book's move; a click plays a move on the
// analysis board, or on the explorer page's board (page.js, /explorer).
import {api} from '../api.js';
import {i18n, t} from '../i18n.js';
import {events} from '../state.js';
import {sideName} from '../variants.js';

const KEPT = 200;   // answers remembered, the oldest forgotten first

// By "variant fen": {data} (the answer) or {miss} (a refusal, or no answer).
const answers = new Map();
const asking = new Set();

function explorerAnswer(variant, fen) {
  const key = `${variant} ${fen}`;
  if (answers.has(key)) return answers.get(key);
  if (!asking.has(key)) {
    asking.add(key);
    api.explorer(variant, fen)
      .then((data) => ({data}))
      .catch((e) => ({miss: e.status === 0 ? 'network' : (e.code || 'error')}))
      .then((answer) => {
        asking.delete(key);
        if (answers.size >= KEPT) answers.delete(answers.keys().next().value);
        answers.set(key, answer);
        events.emit('render');
      });
  }
  return undefined;
}

const percent = (n, of) => (of ? Math.round((100 * n) / of) : 0);

// The bar of a move's results: three parts as wide as their shares, the share written in each
// wide enough for it.
function resultsBar(variant, m) {
  const bar = document.createElement('span');
  bar.className = 'explorer-bar';
  for (const [part, count] of [['white', m.white], ['draws', m.draws], ['black', m.black]]) {
    const share = percent(count, m.games);
    if (!count) continue;
    const piece = document.createElement('span');
    piece.className = `explorer-${part}`;
    piece.style.width = `${(100 * count) / m.games}%`;
    piece.textContent = share >= 15 ? `${share}%` : '';
    piece.title = part === 'draws' ? t('explorer.draws', {n: count, share})
        : t('explorer.wins', {side: sideName(variant, part), n: count, share});
    bar.append(piece);
  }
  return bar;
}

// The panel, a child of `parent` made on first use (with the id `id`): the moves from the
// position `fen` (null: none to show); `play(move)` plays a move on the board beside it (the
// analysis board, the explorer page's).
export function renderExplorerPanel(parent, {id = 'explorer', variant, fen, play}) {
  let box = parent.querySelector(':scope > .explorer');
  if (!box) {
    box = document.createElement('div');
    box.id = id;
    box.className = 'explorer';
    parent.append(box);
  }
  const answer = fen ? explorerAnswer(variant, fen) : null;
  const data = answer && answer.data;
  box.hidden = !fen;
  const drawn = fen ? `${i18n.lang} ${variant} ${fen} ${data ? 'data' : answer ? answer.miss : 'asking'}` : '';
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  box.dataset.fen = data ? data.fen : '';
  box.dataset.games = data ? String(data.games) : '';
  if (!fen) { box.replaceChildren(); return; }
  const title = document.createElement('h3');
  title.textContent = t('explorer.title');
  const parts = [title];
  if (!answer) {
    const wait = document.createElement('div');
    wait.className = 'muted';
    wait.textContent = t('explorer.loading');
    parts.push(wait);
  } else if (!data) {
    const failed = document.createElement('div');
    failed.className = 'muted';
    failed.textContent = answer.miss === 'network' ? t('error.network') : t('explorer.unavailable');
    parts.push(failed);
  } else {
    if (data.book) {
      const book = document.createElement('button');
      book.type = 'button';
      book.className = 'explorer-book';
      book.dataset.move = data.book.move;
      const value = data.book.value / 100;
      book.textContent = t('explorer.book', {move: data.book.move,
        value: `${value > 0 ? '+' : ''}${value.toFixed(2)}`, depth: data.book.depth});
      book.addEventListener('click', () => play(data.book.move));
      parts.push(book);
    }
    if (!data.moves.length) {
      const none = document.createElement('div');
      none.className = 'muted explorer-none';
      none.textContent = t('explorer.none');
      parts.push(none);
    } else {
      const table = document.createElement('table');
      table.className = 'explorer-moves';
      const head = document.createElement('tr');
      for (const name of ['move', 'games', 'results', 'rating']) {
        const th = document.createElement('th');
        th.textContent = t(`explorer.column.${name}`);
        head.append(th);
      }
      table.append(head);
      for (const m of data.moves) {
        const row = document.createElement('tr');
        row.className = 'explorer-move';
        row.dataset.move = m.move;
        row.dataset.games = String(m.games);
        row.dataset.white = String(m.white);
        row.dataset.draws = String(m.draws);
        row.dataset.black = String(m.black);
        row.dataset.rating = m.rating === null ? '' : String(m.rating);
        row.tabIndex = 0;
        row.title = t('explorer.play', {move: m.move});
        const name = document.createElement('td');
        name.className = 'explorer-move-name';
        name.textContent = m.move;
        const games = document.createElement('td');
        games.textContent = `${m.games} (${percent(m.games, data.games)}%)`;
        const bar = document.createElement('td');
        bar.append(resultsBar(variant, m));
        const rating = document.createElement('td');
        rating.textContent = m.rating === null ? '–' : String(m.rating);
        row.append(name, games, bar, rating);
        row.addEventListener('click', () => play(m.move));
        row.addEventListener('keydown', (e) => { if (e.key === 'Enter') play(m.move); });
        table.append(row);
      }
      parts.push(table);
    }
  }
  box.replaceChildren(...parts);
}
