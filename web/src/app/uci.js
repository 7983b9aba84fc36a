// Reading the engine's UCI lines: `info` lines with a score and a line (the fields pychess reads,
// plus the rest the page shows) and `bestmove`.

/** The search report of an `info ... score ... pv ...` line, or null for any other line. */
export function parseInfo(line) {
  if (!line.startsWith('info ') || !line.includes(' score ')) return null;
  const words = line.split(' ');
  const info = { multipv: 1, bound: null, pv: [] };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === 'pv') {
      info.pv = words.slice(i + 1);
      break;
    }
    if (word === 'score') {
      info.score = { [words[i + 1]]: Number(words[i + 2]) };
      i += 2;
    } else if (word === 'lowerbound' || word === 'upperbound') {
      info.bound = word;
    } else if (word === 'wdl') {
      info.wdl = words.slice(i + 1, i + 4).map(Number);
      i += 3;
    } else if (['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'hashfull', 'time'].includes(word)) {
      info[word] = Number(words[++i]);
    }
  }
  return info.score ? info : null;
}

/** The move of a `bestmove` line (null for `(none)`), or undefined for any other line. */
export function parseBestMove(line) {
  if (!line.startsWith('bestmove')) return undefined;
  const move = line.split(' ')[1];
  return !move || move === '(none)' ? null : move;
}
