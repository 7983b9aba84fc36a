// The game on the board: the variant, the start position and the moves, with the ply shown.
// Every question about it goes to Kaiser's rules (the module's `rules` export): legal moves,
// SAN, FENs, the outcome, PGN.

export class Game {
  /** A game of `variant` from `fen` (the start if null); throws with the rules' reason if bad. */
  constructor(rules, variant, fen = null, moves = []) {
    this.rules = rules;
    this.variant = variant;
    const answer = this.ask({ op: 'position', variant, fen, moves });
    this.start = answer.start;
    this.moves = answer.moves; // [{uci, san, fen}]
    this.ply = this.moves.length;
    this.tags = [];
    this.current = answer;
  }

  ask(request) {
    const answer = this.rules.rules(request);
    if (!answer.ok) throw new Error(answer.error);
    return answer;
  }

  /** The game read from PGN text. */
  static fromPgn(rules, text) {
    const answer = rules.rules({ op: 'pgn_in', text });
    if (!answer.ok) throw new Error(answer.error);
    const game = new Game(rules, answer.variant, answer.start, answer.moves.map((m) => m.uci));
    game.tags = answer.tags;
    return game;
  }

  /** The UCI moves up to the ply shown. */
  playedMoves() {
    return this.moves.slice(0, this.ply).map((m) => m.uci);
  }

  /** Shows the position after `ply` moves. */
  goTo(ply) {
    this.ply = Math.max(0, Math.min(ply, this.moves.length));
    this.current = this.ask({ op: 'position', variant: this.variant, fen: this.start, moves: this.playedMoves() });
  }

  /** Plays `uci` at the ply shown, dropping the moves after it unless it is the next one. */
  play(uci) {
    const next = this.moves[this.ply];
    if (next && next.uci === uci) return this.goTo(this.ply + 1);
    const answer = this.ask({ op: 'position', variant: this.variant, fen: this.start, moves: [...this.playedMoves(), uci] });
    this.moves = answer.moves;
    this.ply = this.moves.length;
    this.current = answer;
  }

  /** The SAN of `line` played from the position shown, or null if it is not legal there. */
  sanLine(line) {
    const moves = [...this.playedMoves(), ...line];
    const answer = this.rules.rules({ op: 'position', variant: this.variant, fen: this.start, moves });
    return answer.ok ? answer.moves.slice(this.ply).map((m) => m.san) : null;
  }

  /** The game as PGN. */
  pgn() {
    const tags = [['Event', 'Analysis with Kaiser'], ['Site', location.host || '?'], ...this.tags];
    const moves = this.moves.map((m) => m.uci);
    return this.ask({ op: 'pgn_out', variant: this.variant, fen: this.start, moves, tags }).pgn;
  }

  /** The chessgroundx destinations of the position shown: from-square to its to-squares. */
  dests() {
    const dests = new Map();
    for (const { uci } of this.current.legal) {
      const from = uci.slice(0, 2);
      const to = uci.slice(2, 4);
      if (!dests.has(from)) dests.set(from, []);
      if (!dests.get(from).includes(to)) dests.get(from).push(to);
    }
    return dests;
  }

  /** The legal moves from `from` to `to` (several when a pawn promotes). */
  movesBetween(from, to) {
    return this.current.legal.filter((m) => m.uci.slice(0, 4) === from + to);
  }

  lastMove() {
    const last = this.moves[this.ply - 1];
    return last ? [last.uci.slice(0, 2), last.uci.slice(2, 4)] : [];
  }
}
