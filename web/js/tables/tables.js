// The server's endgame tables at /tables (GET /api/tables): for each set being built in the
// background (doska serve --egdb-grow), how far it is complete, the table under way, the
// progress and the time left, and the tables finished since the server started.
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, events} from '../state.js';
import {currentPage} from '../pages.js';
import {variantName} from '../variants.js';

// The status is asked for again this often while the page is shown.
const REFRESH_MS = 3000;

const page = {status: null, timer: null, request: 0};

async function refresh() {
  const request = ++page.request;
  let status;
  try {
    status = await api.tables();
  } catch {
    return;   // the next refresh tries again
  }
  if (request !== page.request || currentPage() !== 'tables') return;
  page.status = status;
  render();
}

// "1 h 05 min", "12 min", "40 s"
function duration(seconds) {
  if (seconds >= 3600) {
    const minutes = Math.round(seconds / 60);
    return t('tables.hours', {h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0')});
  }
  if (seconds >= 60) return t('tables.minutes', {m: Math.round(seconds / 60)});
  return t('tables.seconds', {s: Math.max(0, Math.round(seconds))});
}

function text(tag, content, className) {
  return Object.assign(document.createElement(tag), {textContent: content, ...(className ? {className} : {})});
}

function renderGrowth(growth) {
  const box = document.createElement('section');
  box.className = 'tables-growth';
  box.dataset.game = growth.game;
  // The mill tables count pieces a side, the draughts tables pieces on the board.
  const count = growth.count === 'board' ? '.board' : '';
  box.append(text('h2', t(`tables.set${count}`, {game: variantName(growth.game), n: growth.planned || growth.target})));
  box.append(text('p', t(`tables.state.${growth.state}`), `tables-state tables-${growth.state}`));
  const bar = document.createElement('progress');
  bar.max = 100;
  bar.value = growth.percent;
  bar.setAttribute('aria-label', t('tables.progress'));
  box.append(bar);
  const percent = growth.percent >= 10 || growth.percent === 0 ? Math.floor(growth.percent) : growth.percent.toFixed(1);
  const facts = [t(`tables.complete${count}`, {n: growth.complete}), `${percent}%`];
  if (growth.table) facts.push(t('tables.under_way', {table: growth.table}));
  if (growth.seconds_left !== undefined) facts.push(t(`tables.left${count}`, {time: duration(growth.seconds_left), n: growth.step}));
  box.append(text('p', facts.join(' · '), 'tables-facts'));
  if (growth.note) box.append(text('p', growth.note, 'muted'));
  if (growth.error) box.append(text('p', growth.error, 'error'));
  if (growth.built.length) {
    const list = document.createElement('ol');
    list.className = 'tables-built';
    for (const built of growth.built)
      list.append(text('li', t('tables.built_after', {table: built.table, time: duration(built.seconds)})));
    box.append(text('h3', t('tables.built')), list);
  }
  return box;
}

function render() {
  const status = page.status;
  if (!status) return;
  $('tables-dir').textContent = status.dir ? t('tables.dir', {dir: status.dir}) : t('tables.none');
  const growing = status.growing || [];
  $('tables-empty').hidden = growing.length > 0;
  $('tables-list').replaceChildren(...growing.map(renderGrowth));
}

function start() {
  refresh();
  clearInterval(page.timer);
  page.timer = setInterval(refresh, REFRESH_MS);
}

function stop() {
  clearInterval(page.timer);
  page.timer = null;
  page.request++;
}

export function setupTables() {
  events.on('page', (name) => { if (name === 'tables') start(); else stop(); });
  events.on('texts', () => { if (currentPage() === 'tables') render(); });
}
