// Answers of the server remembered by a key and each asked once (the endgame tables' answer for a
// position): {data} when it came, {miss: code} when it was refused ('network' when none came),
// undefined while it is asked; the page is drawn again when one comes.
import {events} from './state.js';

export class RememberedAnswers {
  // ask(...args): the request; kept: how many answers to keep, the oldest forgotten first.
  constructor(ask, kept) {
    this.ask = ask;
    this.kept = kept;
    this.answers = new Map();
    this.asking = new Set();
  }

  get(key, ...args) {
    if (this.answers.has(key)) return this.answers.get(key);
    if (!this.asking.has(key)) {
      this.asking.add(key);
      this.ask(...args)
        .then((data) => ({data}))
        .catch((e) => ({miss: e.status === 0 ? 'network' : (e.code || 'error')}))
        .then((answer) => {
          this.asking.delete(key);
          if (this.answers.size >= this.kept) this.answers.delete(this.answers.keys().next().value);
          this.answers.set(key, answer);
          events.emit('render');
        });
    }
    return undefined;
  }
}
