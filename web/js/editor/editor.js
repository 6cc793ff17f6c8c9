// The board editor at /editor?variant=V&fen=F: any position of any game set up by clicks, its FEN
// shown live and editable, checked as the rules require, and played on from there against the
// computer, with a friend, on the analysis board, or in the explorer (/explorer). The page checks
// what it sees by itself (position.js); the rest is the server's: the FEN is sent to POST
// /api/analyse at depth 1, which refuses a position its parser does not take (its text shown) and
// gives no move when the game is already over.
import {api} from '../api.js';
import {t} from '../i18n.js';
import {$, state, events} from '../state.js';
import {SquareBoard} from '../square-board.js';
import {MillBoard} from '../mill-board.js';
import {familyOf, sideName, variantOf, fillVariantSelect} from '../variants.js';
import {errorText} from '../messages.js';
import {fillLevelSelect} from '../levels.js';
import {currentPage, showPage, navigate} from '../pages.js';
import {createGame} from '../dialogs/new-game.js';
import {analyse, live} from '../analysis/analysis.js';
import {explorerPath} from '../explorer/page.js';
import {renderPalette, applyTool, toolsOf, toolId} from './palette.js';
import {emptyPosition, startPosition, positionFromFen, positionFen, positionProblems, copyPosition,
        castlingPossible, MILL_PIECES} from './position.js';

// The server's check waits for this pause in the clicks or the typing.
const CHECK_DELAY_MS = 250;
const RETRY_MS = 2000;

const page = {
  position: null,
  tool: null,          // the palette's piece, or null: the eraser
  flipped: false,
  board: null,         // the SquareBoard or MillBoard drawn
  pressed: null,       // the square last pressed, with the piece it held before: {name, piece}
  typed: null,         // the FEN being typed in the field, until it is left
  sideToMove: null,    // the side to move when the fields were last drawn
  // The verdict on the FEN in force: {fen, state: 'checking' | 'ok' | 'refused', text, normal}
  // (`normal`: the FEN as the server writes it).
  verdict: null,
  timer: null,
  inFlight: false,
};

export const editorPath = (variant, fen) =>
  `/editor?variant=${encodeURIComponent(variant)}${fen ? `&fen=${encodeURIComponent(fen)}` : ''}`;

// The FEN the page stands by: the one being typed, else the board's.
const fenInForce = () => page.typed ?? positionFen(page.position);

// A click puts the palette's piece (or takes it away); a piece dragged from one square to another
// goes there instead, whatever the palette holds.
function onPoint(name, {drag}) {
  const cells = page.position.board.cells;
  const cell = cells.find((c) => c.name === name);
  if (!cell) return;
  if (drag) {
    const pressed = page.pressed;
    page.pressed = null;
    if (!pressed) return;
    // The press changed its square: undone, and the piece that stood there carried.
    cells.find((c) => c.name === pressed.name).piece = null;
    if (pressed.piece) cell.piece = pressed.piece;
  } else {
    page.pressed = {name, piece: cell.piece ? {...cell.piece} : null};
    applyTool(page.position.board, cell, page.tool);
  }
  changed();
}

function renderBoard() {
  const box = $('editor-board');
  const board = page.position.board;
  const Kind = board.kind === 'mill' ? MillBoard : SquareBoard;
  if (!(page.board instanceof Kind)) {
    if (page.board) page.board.destroy();
    page.board = new Kind(box, onPoint);
  }
  const marks = {letters: {general: t('piece.general.letter'), jester: t('piece.jester.letter')}};
  page.board.render(board, {flipped: page.flipped, family: familyOf(page.position.variant), marks});
  box.dataset.variant = page.position.variant;
  box.dataset.kind = board.kind;
}

function fillSideSelect(select, variant, value) {
  select.replaceChildren(...['white', 'black'].map((side) => {
    const option = document.createElement('option');
    option.value = side;
    option.textContent = sideName(variant, side);
    return option;
  }));
  select.value = value;
}

// The fields beside the board, for the position as it is.
function renderFields() {
  const {position} = page;
  const variant = position.variant;
  const family = familyOf(variant);
  $('editor-variant').value = variant;
  fillSideSelect($('editor-side'), variant, position.side);
  // The player's side for "continue" is the side to move, until the player chooses.
  if (page.sideToMove !== position.side) $('editor-my-side').value = position.side;
  page.sideToMove = position.side;
  $('editor-hands').hidden = family !== 'mill';
  if (family === 'mill') {
    for (const side of ['white', 'black']) {
      $(`editor-hand-${side}-label`).textContent = t('editor.hand', {side: sideName(variant, side)});
      const input = $(`editor-hand-${side}`);
      input.max = String(MILL_PIECES);
      if (document.activeElement !== input) input.value = String(position.board.hand[side]);
    }
  }
  $('editor-rights').hidden = family !== 'chess';
  for (const box of $('editor-rights').querySelectorAll('[data-right]')) {
    const right = box.dataset.right;
    if (/[AJaj]/.test(right)) {
      box.disabled = !castlingPossible(position, right);
      box.checked = !box.disabled && position.chess.castling.has(right);
    } else {
      box.checked = position.chess.extra.has(right);
    }
  }
  if (page.typed === null) $('editor-fen').value = positionFen(position);
  renderPalette($('editor-palette'), variant, page.tool, chooseTool);
}

function chooseTool(tool) {
  page.tool = tool;
  renderPalette($('editor-palette'), page.position.variant, tool, chooseTool);
}

function renderVerdict() {
  const box = $('editor-check');
  const verdict = page.verdict;
  box.dataset.state = verdict ? verdict.state : '';
  box.textContent = verdict ? verdict.text : '';
  const ok = Boolean(verdict && verdict.state === 'ok' && verdict.fen === fenInForce());
  for (const id of ['editor-play-computer', 'editor-play-friend', 'editor-analyse', 'editor-explorer']) {
    $(id).disabled = !ok;
    $(id).title = ok ? '' : t('editor.fix_first');
  }
}

function problemText({key, params}) {
  const named = {...params};
  if (named.side) named.side = sideName(page.position.variant, named.side);
  return t(`editor.check.${key}`, named);
}

// The position changed (a click, a field, a typed FEN): drawn again, its address and FEN follow,
// and it is checked.
function changed() {
  page.typed = null;
  show();
}

function show() {
  const fen = fenInForce();
  if (currentPage() === 'editor') history.replaceState({}, '', editorPath(page.position.variant, fen));
  renderBoard();
  renderFields();
  const problems = page.typed === null || positionFromFen(page.position.variant, page.typed) ? positionProblems(page.position) : [];
  clearTimeout(page.timer);
  if (problems.length) {
    page.verdict = {fen, state: 'refused', text: problems.map(problemText).join(' ')};
  } else {
    page.verdict = {fen, state: 'checking', text: t('editor.check.checking')};
    page.timer = setTimeout(serverCheck, CHECK_DELAY_MS);
  }
  renderVerdict();
}

// The server's word on the FEN in force: refused with its text, over (no move, with the score of
// the side to move), or good. One request at a time; a FEN changed meanwhile is checked next.
async function serverCheck() {
  if (page.inFlight) { page.timer = setTimeout(serverCheck, CHECK_DELAY_MS); return; }
  const variant = page.position.variant;
  const fen = fenInForce();
  page.inFlight = true;
  let verdict;
  let retry = false;
  try {
    const answer = await api.analyse({variant, fen, depth: 1});
    const side = sideName(variant, page.position.side);
    if (answer.best === null) {
      const kind = answer.score && ['win', 'loss'].includes(answer.score.kind) ? answer.score.kind : 'draw';
      verdict = {fen, state: 'refused', text: t(`editor.check.over_${kind}`, {side})};
    } else {
      verdict = {fen, state: 'ok', text: t('editor.check.ok', {side}), normal: answer.fen};
    }
  } catch (e) {
    // No answer, or the engines or this address busy: said, and asked again a little later.
    const again = [0, 429, 503].includes(e.status);
    verdict = {fen, state: again ? 'checking' : 'refused', text: errorText(e)};
    if (again) retry = true;
  } finally {
    page.inFlight = false;
  }
  if (fen !== fenInForce() || variant !== page.position.variant) return;
  if (retry) page.timer = setTimeout(serverCheck, RETRY_MS);
  page.verdict = verdict;
  // A FEN the page could not read but the server could: the board shows the server's reading.
  if (verdict.state === 'ok' && page.typed !== null && !positionFromFen(variant, page.typed)) {
    const read = positionFromFen(variant, verdict.normal);
    if (read) {
      page.position = read;
      renderBoard();
      renderFields();
    }
  }
  renderVerdict();
}

function setPosition(position) {
  page.position = position;
  if (!toolsOf(position.variant).some((tool) => toolId(tool) === toolId(page.tool))) page.tool = toolsOf(position.variant)[0];
  changed();
}

// A typed FEN sets the board as soon as the page reads it; the server checks it as typed.
function onFenTyped() {
  const text = $('editor-fen').value;
  page.typed = text;
  const read = positionFromFen(page.position.variant, text);
  if (read) page.position = read;
  show();
}

// The field left: it shows the board's FEN again, as the server writes it.
function onFenLeft() {
  if (page.typed === null) return;
  const read = positionFromFen(page.position.variant, page.typed);
  if (!read) return;
  page.position = read;
  changed();
}

// "Continue from here": a game from the FEN (createGame keeps its keys and opens it), and for the
// analysis board a game against the computer in which the side to move is the player's, analysed
// at once.
async function continueWith(kind) {
  const verdict = page.verdict;
  if (!verdict || verdict.state !== 'ok') return;
  const variant = page.position.variant;
  const spec = {variant, fen: verdict.normal || verdict.fen, side: $('editor-my-side').value};
  if (kind === 'friend') {
    spec.opponent = {kind: 'person'};
  } else {
    spec.opponent = {kind: 'computer', level: Number($('editor-level').value)};
    if (kind === 'analysis') spec.side = page.position.side;
  }
  if (kind === 'analysis') return analyseFrom(spec);
  return createGame(spec, kind === 'friend' && $('editor-both').checked);
}

// The analysis board of a position (spec: variant, fen, side to move, the computer's level): a
// game against the computer from it in which the side to move is the player's, analysed at once
// (the editor's and the explorer page's "analyse").
export async function analyseFrom(spec) {
  if (await createGame({...spec, opponent: spec.opponent || {kind: 'computer', level: 1}}, false)) analyse();
}

// Opens the editor on the address's game and FEN (else the game last edited).
export function showEditor() {
  const params = new URLSearchParams(location.search);
  const wanted = params.get('variant');
  const variant = state.variants.some((v) => v.id === wanted) ? wanted
      : page.position ? page.position.variant : state.variants.length ? state.variants[0].id : 'international';
  showPage('editor');
  fillVariantSelect($('editor-variant'), variant);
  fillSideSelect($('editor-my-side'), variant, $('editor-my-side').value || 'white');
  fillLevelSelect($('editor-level'), variant);
  const fen = params.get('fen');
  const read = fen ? positionFromFen(variant, fen) : null;
  // Without a FEN the editor comes back to the position left in it (of that game), else the start.
  const kept = !fen && page.position && page.position.variant === variant ? page.position : null;
  setPosition(read || kept || startPosition(variantOf(variant)) || emptyPosition(variant));
  if (fen && !read) {
    // A FEN the page cannot read: shown as it came, with the server's reason.
    $('editor-fen').value = fen;
    onFenTyped();
  }
  document.title = `${t('editor.title')} · doska`;
}

function edit(change) {
  const position = copyPosition(page.position);
  change(position);
  page.position = position;
  changed();
}

export function setupEditor() {
  $('editor-variant').addEventListener('change', () => {
    const variant = $('editor-variant').value;
    fillSideSelect($('editor-my-side'), variant, $('editor-my-side').value);
    fillLevelSelect($('editor-level'), variant);
    setPosition(startPosition(variantOf(variant)) || emptyPosition(variant));
  });
  $('editor-side').addEventListener('change', () => edit((p) => { p.side = $('editor-side').value; }));
  for (const side of ['white', 'black']) {
    $(`editor-hand-${side}`).addEventListener('input', () => {
      const value = Math.max(0, Math.min(MILL_PIECES, Math.floor(Number($(`editor-hand-${side}`).value) || 0)));
      edit((p) => { p.board.hand[side] = value; });
    });
  }
  for (const box of $('editor-rights').querySelectorAll('[data-right]')) {
    box.addEventListener('change', () => edit((p) => {
      const rights = /[AJaj]/.test(box.dataset.right) ? p.chess.castling : p.chess.extra;
      if (box.checked) rights.add(box.dataset.right); else rights.delete(box.dataset.right);
    }));
  }
  $('editor-start').addEventListener('click', () => setPosition(startPosition(variantOf(page.position.variant))));
  $('editor-clear').addEventListener('click', () => {
    const position = emptyPosition(page.position.variant);
    position.side = page.position.side;
    setPosition(position);
  });
  $('editor-flip').addEventListener('click', () => { page.flipped = !page.flipped; renderBoard(); });
  $('editor-fen').addEventListener('input', onFenTyped);
  $('editor-fen').addEventListener('change', onFenLeft);
  $('editor-play-computer').addEventListener('click', () => continueWith('computer'));
  $('editor-play-friend').addEventListener('click', () => continueWith('friend'));
  $('editor-analyse').addEventListener('click', () => continueWith('analysis'));
  $('editor-explorer').addEventListener('click', () => {
    const verdict = page.verdict;
    if (verdict && verdict.state === 'ok') navigate(explorerPath(page.position.variant, verdict.normal || verdict.fen));
  });
  // From the analysis board: the position analysed, in the editor.
  $('btn-analysis-edit').addEventListener('click', () => {
    const g = state.game;
    if (!g || !live.position) return;
    navigate(editorPath(g.variant, live.position.fen));
  });
  events.on('texts', () => {
    if (currentPage() !== 'editor' || !page.position) return;
    fillVariantSelect($('editor-variant'), page.position.variant);
    fillSideSelect($('editor-my-side'), page.position.variant, $('editor-my-side').value);
    fillLevelSelect($('editor-level'), page.position.variant);
    show();
  });
}
