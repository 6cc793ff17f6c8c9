// The position on the editor's board: the empty board of each game (the cells the server's board
// view lists, built here so that the editor needs no request to draw it), the pieces, the side to
// move, the mill hands and the chess100 rights; its FEN written as the server writes it, and read
// back; and the checks the page can make by itself (the rest is the server's, editor.js).
import {familyOf} from '../variants.js';
import {placeListFen, placeChessFen} from '../replay.js';

// Draughts boards: size, men a side at the start, and numbered or algebraic squares.
const DRAUGHTS = {
  international: {size: 10, men: 20, numeric: true},
  russian: {size: 8, men: 12, numeric: false},
  english: {size: 8, men: 12, numeric: true},
};
const draughtsRules = (variant) => DRAUGHTS[variant.replace(/-giveaway$/, '')];

// Mill: the pieces a side (RULINGS §3.1; the three variants give 9) and the 24 points in the
// order of RULINGS §3.1, ring by ring from the outer one, each anticlockwise from its lower-left
// corner (src/games/mill/board.h).
export const MILL_PIECES = 9;
const MILL_POINTS = ['a1', 'd1', 'g1', 'g4', 'g7', 'd7', 'a7', 'a4', 'b2', 'd2', 'f2', 'f4', 'f6', 'd6', 'b6', 'b4',
                     'c3', 'd3', 'e3', 'e4', 'e5', 'd5', 'c5', 'c4'];

const FILES = 'abcdefghij';

function draughtsCells(size, numeric) {
  const half = size / 2;
  const cells = [];
  for (let s = 0; s < size * half; s++) {
    const row = Math.floor(s / half);   // 0: the top row seen from White
    const column = 2 * (s % half) + (row % 2 === 0 ? 1 : 0);
    cells.push({name: numeric ? String(s + 1) : `${FILES[column]}${size - row}`, x: column, y: size - 1 - row,
                dark: true, piece: null});
  }
  return cells;
}

function millBoard() {
  const cells = MILL_POINTS.map((name) => ({name, x: FILES.indexOf(name[0]), y: Number(name[1]) - 1, dark: true, piece: null}));
  const lines = [];
  for (let ring = 0; ring < 3; ring++) {
    for (let k = 0; k < 8; k++) lines.push([MILL_POINTS[8 * ring + k], MILL_POINTS[8 * ring + (k + 1) % 8]]);
    // The midpoints of the sides join the next ring inwards.
    if (ring < 2) for (let k = 1; k < 8; k += 2) lines.push([MILL_POINTS[8 * ring + k], MILL_POINTS[8 * ring + 8 + k]]);
  }
  return {kind: 'mill', width: 7, height: 7, cells, lines, hand: {white: 0, black: 0}};
}

// The empty board of a game, as the server's board view draws it (docs/api.md, "The board view").
export function emptyBoard(variant) {
  const family = familyOf(variant);
  if (family === 'mill') return millBoard();
  if (family === 'chess') {
    const cells = [];
    for (let s = 0; s < 100; s++) {
      const x = s % 10;
      const y = Math.floor(s / 10);
      cells.push({name: `${FILES[x]}${y + 1}`, x, y, dark: (x + y) % 2 === 0, piece: null});
    }
    return {kind: 'square', width: 10, height: 10, royal_file: 4, cells, hand: null};
  }
  const rules = family === 'wolf-sheep' ? DRAUGHTS.russian : draughtsRules(variant);
  return {kind: 'square', width: rules.size, height: rules.size, royal_file: null,
          cells: draughtsCells(rules.size, rules.numeric), hand: null};
}

// chess100's castling rights by rook file (A: the a-rook, J: the j-rook; lower case Black) and
// the extra-pawn rights (E, e), RULINGS §4.3.
export const CASTLING = ['A', 'J', 'a', 'j'];
export const EXTRA = ['E', 'e'];

// The position: {variant, board (a board view), side, chess: {castling, extra, halfmove, fullmove}}.
export function emptyPosition(variant) {
  return {variant, board: emptyBoard(variant), side: 'white',
          chess: {castling: new Set(), extra: new Set(EXTRA), halfmove: 0, fullmove: 1}};
}

const cellAt = (board, x, y) => board.cells.find((c) => c.x === x && c.y === y);

// A castling right needs the king and that rook on their first squares.
export function castlingPossible(position, right) {
  const white = right === right.toUpperCase();
  const y = white ? 0 : 9;
  const side = white ? 'white' : 'black';
  const king = cellAt(position.board, 4, y);
  const rook = cellAt(position.board, right.toUpperCase() === 'A' ? 0 : 9, y);
  return Boolean(king && king.piece && king.piece.side === side && king.piece.kind === 'king' &&
                 rook && rook.piece && rook.piece.side === side && rook.piece.kind === 'rook');
}

const CHESS_LETTERS = {king: 'k', queen: 'q', rook: 'r', bishop: 'b', knight: 'n', pawn: 'p', general: 'g', jester: 'j'};

function chessFen(position) {
  const ranks = [];
  for (let y = 9; y >= 0; y--) {
    let row = '';
    let empty = 0;
    for (let x = 0; x < 10; x++) {
      const piece = cellAt(position.board, x, y).piece;
      if (!piece) { empty++; continue; }
      if (empty) row += String(empty);
      empty = 0;
      const letter = CHESS_LETTERS[piece.kind];
      row += piece.side === 'white' ? letter.toUpperCase() : letter;
    }
    ranks.push(empty ? row + String(empty) : row);
  }
  const {chess} = position;
  const castling = CASTLING.filter((r) => chess.castling.has(r) && castlingPossible(position, r)).join('') || '-';
  const extra = EXTRA.filter((r) => chess.extra.has(r)).join('') || '-';
  return `${ranks.join('/')} ${position.side === 'white' ? 'w' : 'b'} ${castling} - ${chess.halfmove} ${chess.fullmove} ${extra}`;
}

// A side's pieces in the server's order: numbered squares by number (runs of three men or more
// as a range), algebraic ones rank by rank from White's side; mill points in RULINGS order.
function listFen(position, side) {
  const cells = position.board.cells.filter((c) => c.piece && c.piece.side === side);
  const family = familyOf(position.variant);
  const numeric = /^\d+$/.test(position.board.cells[0].name);
  if (family !== 'mill') {
    cells.sort(numeric ? (a, b) => Number(a.name) - Number(b.name) : (a, b) => a.y - b.y || a.x - b.x);
  }
  const items = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell.piece.kind === 'king') { items.push(`K${cell.name}`); continue; }
    let j = i;
    const isMan = (c) => c && c.piece.kind === 'man';
    while (numeric && family === 'draughts' && isMan(cells[j + 1]) && Number(cells[j + 1].name) === Number(cells[j].name) + 1) j++;
    if (j >= i + 2) {
      items.push(`${cell.name}-${cells[j].name}`);
      i = j;
    } else {
      items.push(cell.name);
    }
  }
  return items.join(',');
}

// The FEN of the position, as the server writes it (so that the editor's FEN and the game's start
// FEN are the same text).
export function positionFen(position) {
  if (familyOf(position.variant) === 'chess') return chessFen(position);
  let fen = `${position.side === 'white' ? 'W' : 'B'}:W${listFen(position, 'white')}:B${listFen(position, 'black')}`;
  if (position.board.hand) fen += `:H${position.board.hand.white},${position.board.hand.black}`;
  return fen;
}

// The position a FEN describes, or null when the page cannot read it (the server then says why).
export function positionFromFen(variant, text) {
  const fen = String(text || '').trim().replace(/\.$/, '');
  const position = emptyPosition(variant);
  const family = familyOf(variant);
  if (family === 'chess') {
    const fields = fen.split(/\s+/);
    if (fields.length < 4 || !/^[wb]$/.test(fields[1]) || fields[0].split('/').length !== 10) return null;
    if (!placeChessFen(position.board, fields[0])) return null;
    position.side = fields[1] === 'w' ? 'white' : 'black';
    position.chess.castling = new Set(fields[2].split('').filter((r) => CASTLING.includes(r)));
    position.chess.halfmove = Number(fields[4]) || 0;
    position.chess.fullmove = Number(fields[5]) || 1;
    if (fields.length === 7) position.chess.extra = new Set(fields[6].split('').filter((r) => EXTRA.includes(r)));
    return position;
  }
  const side = fen.split(':')[0];
  if (!/^[WB]$/.test(side)) return null;
  position.side = side === 'W' ? 'white' : 'black';
  const kind = family === 'wolf-sheep' ? (s) => (s === 'white' ? 'sheep' : 'wolf')
             : family === 'mill' ? () => 'man' : (s, king) => (king ? 'king' : 'man');
  return placeListFen(position.board, fen, kind) ? position : null;
}

// The start position of a game (its FEN from GET /api/variants).
export const startPosition = (variant) => positionFromFen(variant.id, variant.start_fen);

export function copyPosition(position) {
  return {...position,
          board: {...position.board, cells: position.board.cells.map((c) => ({...c, piece: c.piece ? {...c.piece} : null})),
                  hand: position.board.hand ? {...position.board.hand} : null},
          chess: {...position.chess, castling: new Set(position.chess.castling), extra: new Set(position.chess.extra)}};
}

// What the rules refuse that the page sees by itself: each problem is {key, params} of a text of
// web/i18n (editor.check.*); `side` params are side ids, named by the page.
export function positionProblems(position) {
  const family = familyOf(position.variant);
  const cells = position.board.cells.filter((c) => c.piece);
  const count = (side, kind) => cells.filter((c) => c.piece.side === side && (!kind || c.piece.kind === kind)).length;
  const problems = [];
  if (family === 'draughts') {
    const {men} = draughtsRules(position.variant);
    const top = position.board.height - 1;
    for (const c of cells) {
      // A man on its promotion row would already be a king (000 §2.4; 002 §1.4.4).
      const row = c.piece.side === 'white' ? top : 0;
      if (c.piece.kind === 'man' && c.y === row) problems.push({key: 'promotion_row', params: {side: c.piece.side, square: c.name}});
    }
    for (const side of ['white', 'black']) {
      if (count(side) > men) problems.push({key: 'too_many', params: {side, count: count(side), max: men}});
    }
  } else if (family === 'wolf-sheep') {
    // Four sheep and one wolf, which places itself before the sheep move (RULINGS §2).
    if (count('white') !== 4) problems.push({key: 'sheep', params: {count: count('white')}});
    if (count('black') === 0 && position.side === 'white') problems.push({key: 'wolf_first', params: {}});
  } else if (family === 'mill') {
    for (const side of ['white', 'black']) {
      const hand = position.board.hand[side];
      if (count(side) + hand > MILL_PIECES) {
        problems.push({key: 'mill_total', params: {side, board: count(side), hand, max: MILL_PIECES}});
      }
    }
  } else {
    for (const side of ['white', 'black']) {
      if (count(side, 'king') !== 1) problems.push({key: 'kings', params: {side, count: count(side, 'king')}});
    }
    // A pawn on its promotion rank would have promoted (RULINGS §4.3).
    for (const c of cells) {
      if (c.piece.kind === 'pawn' && c.y === (c.piece.side === 'white' ? 9 : 0)) {
        problems.push({key: 'pawn_rank', params: {side: c.piece.side, square: c.name}});
      }
    }
  }
  return problems;
}
