// Live analysis: the engine searches the position shown without end and its best
// lines (1..5) come after each depth; moves tried on the board make an analysis board (the
// stored game does not change) and the analysis follows the new position. One stream at a
// time: a new position leaves the old stream, and the server stops its search.
import {streamAnalysis} from '../api.js';

// Asked again after a refusal for a busy engine: 250 ms, then 500, ... (about 4 s in all).
const RETRIES = 5;
const RETRY_MS = 250;

export class LiveAnalysis {
  // onChange: called after every change (a new position, depth, end or error).
  constructor(onChange) {
    this.onChange = onChange;
    this.base = null;       // {gameId, plies, spec: {game} or {variant, fen, moves}}
    this.tried = [];        // moves tried on the analysis board, in the game's notation
    this.lines = 3;
    this.generation = 0;    // the stream asked for last; older retries give way to it
    this.clear();
  }

  clear() {
    this.position = null;   // the "position" event: board, legal, to_move, last, moves
    this.result = null;     // the last "analysis" event: depth, lines
    this.done = null;       // why the search ended
    this.error = null;
    if (this.leave) this.leave();
    this.leave = null;
  }

  get active() { return this.base !== null; }
  // The plies of the position analysed: the game's, and the moves tried after it.
  get plies() { return this.base ? this.base.plies + this.tried.length : 0; }

  start(base, lines) {
    this.base = base;
    this.tried = [];
    if (lines) this.lines = lines;
    this.restart();
  }

  stop() {
    this.generation++;
    this.clear();
    this.base = null;
    this.tried = [];
    this.onChange();
  }

  setLines(lines) {
    this.lines = lines;
    if (this.active) this.restart();
  }

  tryMove(text) {
    this.tried.push(text);
    this.restart();
  }

  // Back to the game's position (the moves tried are dropped).
  backToGame() {
    this.tried = [];
    this.restart();
  }

  restart() {
    this.clear();
    this.open(++this.generation, 0);
    this.onChange();
  }

  // A new stream right after leaving the old one can find the server still counting the old
  // search (it learns of the leaving when the connection closes): "engine busy" or "too many
  // analyses" is then asked again a few times, a little later each time, before it is shown.
  open(generation, attempt) {
    if (generation !== this.generation || !this.base) return;
    const spec = {...this.base.spec, lines: this.lines};
    spec.moves = [...(spec.moves || []), ...this.tried];
    this.leave = streamAnalysis(spec, {
      onPosition: (p) => { this.position = p; this.onChange(); },
      onAnalysis: (a) => { this.result = a; this.onChange(); },
      onDone: (d) => { this.done = d.reason; this.leave = null; this.onChange(); },
      onError: (e) => {
        this.leave = null;
        if ((e.status === 503 || e.status === 429) && attempt < RETRIES) {
          setTimeout(() => this.open(generation, attempt + 1), RETRY_MS * (attempt + 1));
          return;
        }
        this.error = e;
        this.onChange();
      },
    });
  }

  // The squares of each line's first move, for the arrows on the board.
  arrows() {
    return this.result ? this.result.lines.map((line) => line.path || []) : [];
  }
}
