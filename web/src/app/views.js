// The panels beside the board, each drawn from the page's state: the evaluation bar, the
// engine's lines, the move list and the status line.

const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
};

/** A score from White's view, as the page shows it: `+0.35`, `#3`, `#-2`, or a game's result. */
export function scoreText(score) {
  if (score.result) return score.result;
  if (score.mate !== undefined) return `#${score.mate}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** White's share of the bar for a score from White's view (lichess's winning chances). */
function whiteShare(score) {
  if (score.result) return { '1-0': 1, '0-1': 0 }[score.result] ?? 0.5;
  if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.00368208 * score.cp));
}

export function drawEvalBar(bar, score) {
  const share = score ? whiteShare(score) : 0.5;
  bar.querySelector('.eval-white').style.height = `${(share * 100).toFixed(1)}%`;
  bar.querySelector('.eval-text').textContent = score ? scoreText(score) : '';
  bar.classList.toggle('white-ahead', share >= 0.5);
}

/** The engine's lines: score, depth and the line in SAN with move numbers. */
export function drawLines(box, lines, { fullmove, whiteToMove }, onPick) {
  box.replaceChildren(
    ...lines.map((line) => {
      let number = fullmove;
      let white = whiteToMove;
      const words = line.san.map((san, i) => {
        const prefix = white ? `${number}. ` : i === 0 ? `${number}… ` : '';
        if (!white) number++;
        white = !white;
        return prefix + san;
      });
      const row = el(
        'div',
        { className: 'pv' },
        el('span', { className: `pv-score ${line.whiteScore.mate ?? line.whiteScore.cp >= 0 ? 'plus' : 'minus'}` }, scoreText(line.whiteScore)),
        el('span', { className: 'pv-moves' }, words.join(' ')),
      );
      row.title = `depth ${line.depth}`;
      row.onclick = () => onPick(line.pv[0]);
      return row;
    }),
  );
}

/** The moves in SAN, numbered, the one shown marked; clicking one shows it. */
export function drawMoveList(box, game, onPick) {
  const [, turn, , , , fullmove] = game.start.split(' ');
  let number = Number(fullmove) || 1;
  let white = turn === 'w';
  const cells = [];
  if (!white) cells.push(el('span', { className: 'num' }, `${number}.`), el('span', { className: 'move empty' }, '…'));
  game.moves.forEach((move, i) => {
    if (white) cells.push(el('span', { className: 'num' }, `${number}.`));
    const cell = el('span', { className: `move${i + 1 === game.ply ? ' active' : ''}` }, move.san);
    cell.onclick = () => onPick(i + 1);
    cells.push(cell);
    if (!white) number++;
    white = !white;
  });
  if (game.moves.length === 0) cells.push(el('span', { className: 'none' }, 'No moves yet: move a piece, or let Kaiser play.'));
  box.replaceChildren(...cells);
  box.querySelector('.active')?.scrollIntoView({ block: 'nearest' });
}

/** Whose move it is, or how the game ended. */
export function statusText(position) {
  if (position.outcome) {
    const { result, reason, winner } = position.outcome;
    const who = winner ? `${winner === 'white' ? 'White' : 'Black'} wins` : 'Draw';
    return `${result} · ${who} by ${reason}`;
  }
  return `${position.turn === 'white' ? 'White' : 'Black'} to move${position.check ? ' · check' : ''}`;
}

export { el };
