// The board of square games (draughts 8x8 and 10x10, wolf and sheep, chess100), drawn from the
// server's board view: cells with x, y (from White's lower-left corner), dark, piece.
import {svg, arrow} from './svg.js';
import {pieceFor} from './pieces.js';
import {attachPointer} from './pointer.js';

const U = 100;   // one cell, in SVG units

export class SquareBoard {
  constructor(container, onPoint) {
    this.container = container;
    this.svgElement = null;
    this.detach = attachPointer(container, () => this.svgElement, onPoint);
  }

  // Removes the board's listeners; the next board of the page adds its own.
  destroy() {
    this.detach();
  }

  // marks: {selected, targets: Set, capturers: Set, choices: Set, lastSquares: [], lastCaptures: [],
  //         check: square of a king in check or null, letters: {general, jester},
  //         arrow: the squares of a move to show (a review's best move) or null}
  render(board, {flipped, family, marks}) {
    const {width, height} = board;
    const col = (x) => (flipped ? width - 1 - x : x);
    const row = (y) => (flipped ? y : height - 1 - y);
    const root = svg('svg', {viewBox: `0 0 ${width * U} ${height * U}`, class: 'board square-board',
                             role: 'img', 'aria-label': 'board'});
    root.append(svg('rect', {x: 0, y: 0, width: width * U, height: height * U, class: 'light'}));

    const algebraic = board.cells.some((c) => /^[a-z]\d+$/.test(c.name));
    const layers = {cells: svg('g'), marks: svg('g'), labels: svg('g', {class: 'labels'}),
                    pieces: svg('g'), hits: svg('g')};
    const last = new Set(marks.lastSquares || []);
    const lastCaptured = new Set(marks.lastCaptures || []);

    for (const cell of board.cells) {
      const px = col(cell.x) * U;
      const py = row(cell.y) * U;
      const dark = cell.dark !== false;
      layers.cells.append(svg('rect', {x: px, y: py, width: U, height: U, class: dark ? 'dark' : 'light'}));
      if (last.has(cell.name)) layers.marks.append(svg('rect', {x: px, y: py, width: U, height: U, class: 'mark-last'}));
      if (marks.selected === cell.name) {
        layers.marks.append(svg('rect', {x: px, y: py, width: U, height: U, class: 'mark-selected'}));
      }
      if (marks.premove && marks.premove.includes(cell.name)) {
        layers.marks.append(svg('rect', {x: px, y: py, width: U, height: U, class: 'mark-premove'}));
      }
      if (marks.check === cell.name) {
        layers.marks.append(svg('rect', {x: px, y: py, width: U, height: U, class: 'mark-check'}));
      }
      if (marks.capturers && marks.capturers.has(cell.name)) {
        layers.marks.append(svg('rect', {x: px + 4, y: py + 4, width: U - 8, height: U - 8, class: 'mark-capturer'}));
      }
      if (!algebraic) layers.labels.append(label(px + 5, py + 24, cell.name, 'start', 'coord square-number'));
      if (cell.piece) {
        const g = pieceFor(family, px + U / 2, py + U / 2, cell.piece, marks.letters);
        g.dataset.piece = cell.name;
        layers.pieces.append(g);
      }
      if (lastCaptured.has(cell.name) && !cell.piece) {
        layers.pieces.append(svg('path', {d: `M${px + 35},${py + 35} L${px + 65},${py + 65} M${px + 65},${py + 35} L${px + 35},${py + 65}`,
                                          class: 'mark-captured'}));
      }
      if (marks.targets && marks.targets.has(cell.name)) {
        layers.pieces.append(cell.piece
            ? svg('circle', {cx: px + U / 2, cy: py + U / 2, r: 44, class: 'mark-target-ring'})
            : svg('circle', {cx: px + U / 2, cy: py + U / 2, r: 14, class: 'mark-target'}));
      }
      if (marks.choices && marks.choices.has(cell.name)) {
        layers.pieces.append(svg('circle', {cx: px + U / 2, cy: py + U / 2, r: 30, class: 'mark-choice'}));
      }
      const classes = ['hit'];
      if (marks.check === cell.name) classes.push('check');
      if (marks.targets && marks.targets.has(cell.name)) classes.push('target');
      if (marks.choices && marks.choices.has(cell.name)) classes.push('choice');
      if (marks.capturers && marks.capturers.has(cell.name)) classes.push('capturer');
      if (marks.selected === cell.name) classes.push('selected');
      if (last.has(cell.name)) classes.push('last');
      layers.hits.append(svg('rect', {x: px, y: py, width: U, height: U, class: classes.join(' '),
                                      'data-square': cell.name, 'aria-label': cell.name,
                                      'data-piece-kind': cell.piece ? `${cell.piece.side}-${cell.piece.kind}` : null}));
    }

    // Algebraic boards: file letters along the bottom edge, rank numbers along the left edge,
    // on light squares too (draughts views list only the dark ones).
    if (algebraic) {
      const files = new Map();
      const ranks = new Map();
      for (const cell of board.cells) {
        files.set(cell.x, cell.name.replace(/\d+$/, ''));
        ranks.set(cell.y, cell.name.replace(/^[a-z]/, ''));
      }
      for (const [x, name] of files) layers.labels.append(label(col(x) * U + U - 6, height * U - 6, name, 'end'));
      for (const [y, name] of ranks) layers.labels.append(label(5, row(y) * U + 22, name, 'start'));
    }

    if (board.royal_file !== null && board.royal_file !== undefined) {
      const px = col(board.royal_file) * U;
      layers.marks.append(svg('rect', {x: px + 2, y: 2, width: U - 4, height: height * U - 4, class: 'royal-file'}));
    }

    // The square names over the pieces (a corner of the square, outlined), so that they stay
    // readable on an occupied square.
    const centres = new Map(board.cells.map((c) => [c.name, [col(c.x) * U + U / 2, row(c.y) * U + U / 2]]));
    root.append(layers.cells, layers.marks, layers.pieces, layers.labels);
    // An analysis's lines (the best boldest), and a review's best move.
    (marks.lines || []).forEach((path, i) => {
      const line = arrow(path, (name) => centres.get(name), i === 0 ? 16 : 10);
      if (!line) return;
      line.setAttribute('class', `analysis-arrow line-${i + 1}`);
      root.append(line);
    });
    const best = arrow(marks.arrow, (name) => centres.get(name), 16);
    if (best) root.append(best);
    root.append(layers.hits);
    this.container.replaceChildren(root);
    this.svgElement = root;
  }
}

function label(x, y, text, anchor, className = 'coord') {
  const element = svg('text', {x, y, 'text-anchor': anchor, class: className});
  element.textContent = text;
  return element;
}
