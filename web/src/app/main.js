// Kaiser's analysis board: the board (chessgroundx) with moves checked by Kaiser's rules in the
// module, the engine's lines as it thinks (MultiPV), an evaluation bar, the moves in SAN, FEN and
// PGN in and out, the variant and play level, and games against Kaiser. The engine runs in a
// Web Worker through the Fairy-Stockfish-like API (stockfish.js, loaded by the page); the rules
// run in a second instance of the same module here on the page.

import { Chessground } from 'chessgroundx';
import { loadKaiser } from '../engine/module.js';
import { EngineClient } from './engine.js';
import { Game } from './game.js';
import { VARIANTS, LEVELS } from './config.js';
import { drawEvalBar, drawLines, drawMoveList, statusText, el } from './views.js';

const $ = (id) => document.getElementById(id);

const state = {
  variant: 'empire',
  mode: 'analysis', // or 'white' / 'black': the side the player plays against Kaiser
  level: 5,
  multipv: 3,
  analysing: true,
  orientation: 'white',
  lines: [],
  thinking: false,
};

let rules;
let engine;
let game;
let board;
let redrawQueued = false;

function showError(message) {
  const box = $('message');
  box.textContent = message;
  box.hidden = !message;
}

function kaiserColor() {
  return state.mode === 'white' ? 'black' : state.mode === 'black' ? 'white' : null;
}

/** The board as the game shows it, movable where the player may move. */
function drawBoard() {
  const position = game.current;
  const atEnd = game.ply === game.moves.length;
  const playerMay = state.mode === 'analysis' || (atEnd && position.turn === state.mode && !state.thinking);
  board.set({
    fen: position.fen.split(' ')[0],
    turnColor: position.turn,
    orientation: state.orientation,
    check: position.check,
    lastMove: game.lastMove(),
    movable: { color: playerMay && !position.outcome ? position.turn : undefined, dests: game.dests() },
  });
  drawArrows();
}

function drawArrows() {
  const shapes = state.mode === 'analysis' && state.analysing ? state.lines.filter(Boolean).slice(0, 3) : [];
  board.setAutoShapes(
    shapes.map((line, i) => ({
      orig: line.pv[0].slice(0, 2),
      dest: line.pv[0].slice(2, 4),
      brush: i === 0 ? 'best' : 'other',
      modifiers: { lineWidth: 13 - i * 3 },
    })),
  );
}

function drawPanels() {
  const position = game.current;
  drawMoveList($('moves'), game, (ply) => goTo(ply));
  $('status').textContent = statusText(position);
  $('status').classList.toggle('over', Boolean(position.outcome));
  $('fen').value = position.fen;
  $('pgn').value = game.pgn();
  drawEngine();
}

function drawEngine() {
  const position = game.current;
  const [, , , , , fullmove] = position.fen.split(' ');
  const lines = state.lines.filter(Boolean);
  const best = lines[0];
  const analysing = state.mode === 'analysis' && state.analysing;
  drawEvalBar($('eval-bar'), analysing && best ? best.whiteScore : position.outcome ? outcomeScore(position) : null);
  $('lines').hidden = !analysing;
  if (analysing) {
    drawLines($('lines'), lines, { fullmove: Number(fullmove), whiteToMove: position.turn === 'white' }, (uci) => userMove(uci));
  }
  let summary = 'Engine off';
  if (state.thinking) summary = `Kaiser (level ${state.level}) is thinking…`;
  else if (analysing && best) summary = `Depth ${best.depth} · ${(best.nps / 1000).toFixed(0)} kn/s · ${formatNodes(best.nodes)} nodes`;
  else if (analysing) summary = position.outcome ? 'Game over' : 'Thinking…';
  else if (state.mode !== 'analysis') summary = `Playing against Kaiser, level ${state.level}`;
  $('engine-summary').textContent = summary;
}

function outcomeScore(position) {
  return { result: position.outcome.result };
}

function formatNodes(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}

function redrawSoon() {
  if (redrawQueued) return;
  redrawQueued = true;
  requestAnimationFrame(() => {
    redrawQueued = false;
    drawEngine();
    drawArrows();
  });
}

/** Takes an engine report for the position shown. */
function onInfo(position, info) {
  if (position !== game.current || !info.pv.length) return;
  if (info.bound && info.multipv === 1) return; // as pychess: only exact scores for the main line
  const san = game.sanLine(info.pv);
  if (!san) return; // a line of a position no longer shown
  const sign = position.turn === 'white' ? 1 : -1;
  const whiteScore = info.score.mate !== undefined ? { mate: sign * info.score.mate } : { cp: sign * info.score.cp };
  state.lines[info.multipv - 1] = { ...info, san, whiteScore };
  state.lines.length = Math.min(state.lines.length, state.multipv);
  redrawSoon();
}

/** After every change of position: redraw, then let the engine analyse or reply. */
function update() {
  state.lines = [];
  drawBoard();
  drawPanels();
  const position = game.current;
  const request = { fen: game.start, moves: game.playedMoves() };
  if (position.outcome) {
    engine.halt();
  } else if (state.mode === 'analysis') {
    if (state.analysing) engine.analyse(game.variant, request, state.multipv, (info) => onInfo(position, info));
    else engine.halt();
  } else if (position.turn === kaiserColor() && game.ply === game.moves.length) {
    kaiserMoves(request);
  } else {
    engine.halt();
  }
}

async function kaiserMoves(request) {
  state.thinking = true;
  drawBoard();
  drawEngine();
  const shown = game.current;
  const uci = await engine.play(game.variant, request, state.level);
  state.thinking = false;
  if (game.current !== shown) return update(); // the player went elsewhere meanwhile
  if (uci) game.play(uci);
  update();
}

function goTo(ply) {
  game.goTo(ply);
  update();
}

function userMove(uci) {
  try {
    game.play(uci);
  } catch (error) {
    showError(error.message);
  }
  update();
}

/** The player's move on the board; a promotion asks which piece. */
function onBoardMove(from, to) {
  const choices = game.movesBetween(from, to);
  if (choices.length <= 1) return userMove(choices[0]?.uci ?? from + to);
  const color = game.current.turn;
  const box = $('promotion');
  box.replaceChildren(
    ...choices.map(({ uci, san }) => {
      const letter = uci[4];
      const button = el('button', { className: 'promotion-choice', title: san });
      button.append(el('span', { className: `piece-icon ${letter}-piece ${color}` }));
      button.onclick = () => {
        box.hidden = true;
        userMove(uci);
      };
      return button;
    }),
  );
  box.hidden = false;
}

function newGame(variant, fen = null) {
  try {
    game = new Game(rules, variant, fen);
  } catch (error) {
    showError(error.message);
    return;
  }
  showError('');
  state.variant = variant;
  $('variant').value = variant;
  drawLegend();
  engine.newGame();
  update();
}

function drawLegend() {
  const { legend, note } = VARIANTS[state.variant];
  $('legend').hidden = legend.length === 0;
  $('legend-items').replaceChildren(
    ...legend.map(([letter, color, name, how]) =>
      el('div', { className: 'legend-item' }, el('span', { className: `piece-icon ${letter}-piece ${color}` }), el('b', {}, name), el('span', {}, how)),
    ),
  );
  $('legend-note').textContent = note;
}

function setupControls() {
  for (const [value, { name }] of Object.entries(VARIANTS)) $('variant').append(el('option', { value }, name));
  LEVELS.forEach((_, i) => $('level').append(el('option', { value: i }, `Level ${i}${i === 8 ? ' (full strength)' : ''}`)));
  $('variant').value = state.variant;
  $('level').value = state.level;
  $('multipv').value = state.multipv;
  $('variant').onchange = () => newGame($('variant').value);
  $('level').onchange = () => {
    state.level = Number($('level').value);
    drawEngine();
  };
  $('mode').onchange = () => {
    state.mode = $('mode').value;
    if (state.mode !== 'analysis') {
      state.orientation = state.mode;
      const kaiser = `Kaiser, level ${state.level}`;
      game.tags = state.mode === 'white' ? [['White', 'You'], ['Black', kaiser]] : [['White', kaiser], ['Black', 'You']];
    }
    update();
  };
  $('multipv').onchange = () => {
    state.multipv = Number($('multipv').value);
    update();
  };
  $('analyse').onchange = () => {
    state.analysing = $('analyse').checked;
    update();
  };
  $('new-game').onclick = () => newGame(state.variant);
  $('first').onclick = () => goTo(0);
  $('back').onclick = () => goTo(game.ply - 1);
  $('forward').onclick = () => goTo(game.ply + 1);
  $('last').onclick = () => goTo(game.moves.length);
  $('flip').onclick = () => {
    state.orientation = state.orientation === 'white' ? 'black' : 'white';
    drawBoard();
  };
  $('load-fen').onclick = () => newGame(state.variant, $('fen').value.trim());
  $('load-pgn').onclick = () => {
    try {
      game = Game.fromPgn(rules, $('pgn').value);
      state.variant = game.variant;
      $('variant').value = game.variant;
      showError('');
      drawLegend();
      update();
    } catch (error) {
      showError(`PGN: ${error.message}`);
    }
  };
  $('copy-pgn').onclick = () => navigator.clipboard?.writeText($('pgn').value);
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select')) return;
    if (event.key === 'ArrowLeft') goTo(game.ply - 1);
    if (event.key === 'ArrowRight') goTo(game.ply + 1);
  });
}

async function main() {
  const started = performance.now();
  setupControls();
  board = Chessground($('board'), {
    coordinates: true,
    autoCastle: true,
    movable: { free: false, showDests: true, events: { after: onBoardMove } },
    draggable: { showGhost: true },
    animation: { duration: 180 },
    drawable: {
      brushes: {
        best: { key: 'kb', color: '#1f6fd1', opacity: 0.8, lineWidth: 13 },
        other: { key: 'ko', color: '#2a2a2a', opacity: 0.45, lineWidth: 10 },
      },
    },
  });
  try {
    [rules, engine] = await Promise.all([loadKaiser('kaiser.wasm'), EngineClient.start()]);
  } catch (error) {
    showError(`Kaiser could not start: ${error.message}`);
    return;
  }
  const loadMs = Math.round(performance.now() - started);
  $('engine-name').textContent = `Kaiser · ready in ${loadMs} ms`;
  // For the browser tests and web/tools: the page's state and a few of its actions.
  window.kaiserPage = { loadMs, state, get game() { return game; }, newGame, goTo, play: userMove };
  newGame(state.variant);
  document.body.dataset.ready = 'true';
}

main();
