// The boards of the earlier positions of a game, for the move list: the start FEN's pieces put on
// the live board's cells, then each recorded move applied by its squares and captures. The API
// gives only the current board, so the result is checked against it: when the replay does not
// end on the live board exactly, it is not used (answer null) and only positions seen live are
// shown.

const CHESS_KINDS = {k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn', g: 'general', j: 'jester'};
const SQUARE = '([a-j](?:10|[1-9]))';
const LONG_ALGEBRAIC = new RegExp(`^${SQUARE}${SQUARE}([qrbnjg])?(?:@${SQUARE})?$`);

function clone(board) {
  return {...board, cells: board.cells.map((c) => ({...c, piece: c.piece ? {...c.piece} : null})),
          hand: board.hand ? {...board.hand} : board.hand};
}

// Draughts, wolf-sheep and mill FEN: `S:W<list>:B<list>[:H<w>,<b>]`, K before a king,
// ranges `31-50` on numbered boards.
export function placeListFen(board, fen, kindOf) {
  const byName = new Map(board.cells.map((c) => [c.name, c]));
  for (const field of fen.split(':').slice(1)) {
    const tag = field[0];
    if (tag === 'H' && board.hand) {
      const [w, b] = field.slice(1).split(',').map(Number);
      board.hand = {white: w, black: b};
      continue;
    }
    if (tag !== 'W' && tag !== 'B') continue;
    const side = tag === 'W' ? 'white' : 'black';
    for (let item of field.slice(1).split(',').filter(Boolean)) {
      item = item.trim().replace(/\.$/, '');
      const king = item.startsWith('K');
      if (king) item = item.slice(1);
      const range = item.match(/^(\d+)-(\d+)$/);
      const names = range ? Array.from({length: Number(range[2]) - Number(range[1]) + 1}, (_, i) => String(Number(range[1]) + i))
                          : [item];
      for (const name of names) {
        const cell = byName.get(name);
        if (!cell) return false;
        cell.piece = {side, kind: kindOf(side, king)};
      }
    }
  }
  return true;
}

export function placeChessFen(board, fen) {
  const rows = fen.split(' ')[0].split('/');
  const at = new Map(board.cells.map((c) => [`${c.x},${c.y}`, c]));
  for (const [index, row] of rows.entries()) {
    const y = rows.length - 1 - index;
    let x = 0;
    for (const token of row.match(/\d+|[a-zA-Z]/g) || []) {
      if (/\d/.test(token)) { x += Number(token); continue; }
      const cell = at.get(`${x},${y}`);
      const kind = CHESS_KINDS[token.toLowerCase()];
      if (!cell || !kind) return false;
      cell.piece = {side: token === token.toUpperCase() ? 'white' : 'black', kind};
      x += 1;
    }
  }
  return true;
}

function startBoard(view) {
  const board = clone(view.board);
  for (const c of board.cells) c.piece = null;
  const variant = view.variant;
  const liveKind = (side) => {
    const cell = view.board.cells.find((c) => c.piece && c.piece.side === side);
    return cell ? cell.piece.kind : 'man';
  };
  let ok;
  if (variant === 'chess100') ok = placeChessFen(board, view.start_fen);
  else if (variant === 'wolf-sheep') ok = placeListFen(board, view.start_fen, (side) => (side === 'white' ? 'sheep' : 'wolf'));
  else if (variant.startsWith('mill')) ok = placeListFen(board, view.start_fen, (side) => liveKind(side));
  else ok = placeListFen(board, view.start_fen, (side, king) => (king ? 'king' : 'man'));
  return ok ? board : null;
}

function applyMove(board, move, view) {
  const byName = new Map(board.cells.map((c) => [c.name, c]));
  const cell = (name) => byName.get(name);
  const squares = move.squares || [];
  const captures = move.captures || [];
  const variant = view.variant;
  if (!squares.length || squares.some((s) => !cell(s))) return false;

  if (variant === 'chess100') {
    const parsed = String(move.full || move.text).match(LONG_ALGEBRAIC);
    if (!parsed) return false;
    const [, fromName, toName, promotion, dropName] = parsed;
    const from = cell(fromName);
    const to = cell(toName);
    if (!from || !to || !from.piece) return false;
    const piece = from.piece;
    const target = to.piece;
    if (target && target.side === piece.side) {   // pawn castling: the two exchange squares
      from.piece = target;
      to.piece = piece;
    } else {
      for (const name of captures) if (cell(name) && name !== toName) cell(name).piece = null;
      if (piece.kind === 'pawn' && !target && from.x !== to.x && !captures.length) {
        const passed = board.cells.find((c) => c.x === to.x && c.y === from.y);   // en passant
        if (passed) passed.piece = null;
      }
      if (piece.kind === 'king' && from.y === to.y && Math.abs(from.x - to.x) === 3 && from.x === 4) {
        const [rookFrom, rookTo] = to.x > from.x ? [9, 6] : [0, 2];   // royal castling, RULINGS §4.3
        const rook = board.cells.find((c) => c.x === rookFrom && c.y === from.y);
        const rookSquare = board.cells.find((c) => c.x === rookTo && c.y === from.y);
        if (rook && rookSquare) { rookSquare.piece = rook.piece; rook.piece = null; }
      }
      from.piece = null;
      to.piece = promotion ? {side: piece.side, kind: CHESS_KINDS[promotion]} : piece;
    }
    if (dropName) {
      if (!cell(dropName)) return false;
      cell(dropName).piece = {side: piece.side, kind: 'pawn'};
    }
    return true;
  }

  const first = cell(squares[0]);
  const last = cell(squares[squares.length - 1]);
  if (squares.length === 1 && !first.piece) {   // a placement: mill, the wolf's first move
    const side = move.side;
    const kind = variant === 'wolf-sheep' ? 'wolf' : (board.cells.find((c) => c.piece && c.piece.side === side) || {piece: {kind: 'man'}}).piece.kind;
    first.piece = {side, kind};
    if (board.hand && board.hand[side] > 0) board.hand[side] -= 1;
    for (const name of captures) if (cell(name)) cell(name).piece = null;
  } else {
    const piece = first.piece;
    if (!piece) return false;
    first.piece = null;
    for (const name of captures) if (cell(name)) cell(name).piece = null;
    let moved = piece;
    if (piece.kind === 'man' && !variant.startsWith('mill')) {
      const row = piece.side === 'white' ? board.height - 1 : 0;
      // Russian men promote when they reach the last row during the capture (002 §1.5.15);
      // elsewhere at the end of the move.
      const promoted = variant.startsWith('russian') ? squares.some((s) => cell(s).y === row) : last.y === row;
      if (promoted) moved = {side: piece.side, kind: 'king'};
    }
    last.piece = moved;
  }
  return true;
}

function sameBoard(a, b) {
  const key = (p) => (p ? `${p.side}-${p.kind}` : '');
  const pieces = new Map(b.cells.map((c) => [c.name, key(c.piece)]));
  if (a.cells.some((c) => pieces.get(c.name) !== key(c.piece))) return false;
  const hand = (board) => (board.hand ? `${board.hand.white},${board.hand.black}` : '');
  return hand(a) === hand(b);
}

// Map plies -> {board, last} for 0..moves.length, or null when the replay cannot be trusted.
export function replayBoards(view) {
  try {
    let board = startBoard(view);
    if (!board) return null;
    const boards = new Map([[0, {board: clone(board), last: null}]]);
    for (const [index, move] of view.moves.entries()) {
      if (!applyMove(board, move, view)) return null;
      boards.set(index + 1, {board: clone(board), last: {squares: move.squares || [], captures: move.captures || []}});
    }
    return sameBoard(board, view.board) ? boards : null;
  } catch {
    return null;
  }
}
