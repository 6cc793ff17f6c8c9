// The mill board: 24 points on a 7 x 7 grid, the lines between them (with the diagonals of
// mill-mixed when the view lists them), the pieces on the points.
import {svg, arrow} from './svg.js';
import {stone} from './pieces.js';
import {attachPointer} from './pointer.js';

const U = 100;
const M = 60;   // margin around the grid

export class MillBoard {
  constructor(container, onPoint) {
    this.container = container;
    this.svgElement = null;
    this.detach = attachPointer(container, () => this.svgElement, onPoint);
  }

  // Removes the board's listeners; the next board of the page adds its own.
  destroy() {
    this.detach();
  }

  render(board, {flipped, marks}) {
    const {width, height} = board;
    const size = (n) => (n - 1) * U + 2 * M;
    const px = (x) => M + (flipped ? width - 1 - x : x) * U;
    const py = (y) => M + (flipped ? y : height - 1 - y) * U;
    const at = new Map(board.cells.map((c) => [c.name, c]));
    const root = svg('svg', {viewBox: `0 0 ${size(width)} ${size(height)}`, class: 'board mill-board',
                             role: 'img', 'aria-label': 'board'});
    root.append(svg('rect', {x: 0, y: 0, width: size(width), height: size(height), rx: 18, class: 'mill-bg'}));
    for (const [a, b] of board.lines || []) {
      const p = at.get(a);
      const q = at.get(b);
      if (p && q) root.append(svg('line', {x1: px(p.x), y1: py(p.y), x2: px(q.x), y2: py(q.y), class: 'mill-line'}));
    }
    const last = new Set(marks.lastSquares || []);
    const lastCaptured = new Set(marks.lastCaptures || []);
    const hits = svg('g');
    for (const cell of board.cells) {
      const cx = px(cell.x);
      const cy = py(cell.y);
      root.append(svg('circle', {cx, cy, r: 12, class: 'mill-point'}));
      if (last.has(cell.name)) root.append(svg('circle', {cx, cy, r: 42, class: 'mark-last'}));
      if (marks.selected === cell.name) root.append(svg('circle', {cx, cy, r: 44, class: 'mark-selected'}));
      if (cell.piece) {
        const g = stone(cx, cy, cell.piece.side);
        g.dataset.piece = cell.name;
        root.append(g);
      } else if (lastCaptured.has(cell.name)) {
        root.append(svg('path', {d: `M${cx - 16},${cy - 16} L${cx + 16},${cy + 16} M${cx + 16},${cy - 16} L${cx - 16},${cy + 16}`,
                                 class: 'mark-captured'}));
      }
      if (marks.targets && marks.targets.has(cell.name)) {
        root.append(cell.piece ? svg('circle', {cx, cy, r: 38, class: 'mark-target-ring'})
                               : svg('circle', {cx, cy, r: 16, class: 'mark-target'}));
      }
      if (marks.choices && marks.choices.has(cell.name)) {
        root.append(svg('circle', {cx, cy, r: 40, class: 'mark-remove'}));
      }
      const label = svg('text', {x: cx + 30, y: cy - 28, class: 'coord'});
      label.textContent = cell.name;
      root.append(label);
      const classes = ['hit'];
      if (marks.targets && marks.targets.has(cell.name)) classes.push('target');
      if (marks.choices && marks.choices.has(cell.name)) classes.push('choice');
      if (marks.selected === cell.name) classes.push('selected');
      hits.append(svg('circle', {cx, cy, r: 46, class: classes.join(' '), 'data-square': cell.name, 'aria-label': cell.name,
                                 'data-piece-kind': cell.piece ? `${cell.piece.side}-stone` : null}));
    }
    const centre = (name) => (at.has(name) ? [px(at.get(name).x), py(at.get(name).y)] : null);
    (marks.lines || []).forEach((path, i) => {
      const line = arrow(path, centre, i === 0 ? 14 : 9);
      if (!line) return;
      line.setAttribute('class', `analysis-arrow line-${i + 1}`);
      root.append(line);
    });
    const best = arrow(marks.arrow, centre, 14);
    if (best) root.append(best);
    root.append(hits);
    this.container.replaceChildren(root);
    this.svgElement = root;
  }
}
