// What the page offers: the variants (Kaiser's UCI names, their pieces for the legend) and the
// play levels, which are pychess's fairyfishnet levels 0 to 8 as Kaiser plays them (README.md,
// "Play levels": `Skill Level`, then `go movetime M depth D`).

export const VARIANTS = {
  empire: {
    name: 'Empire Chess',
    legend: [
      ['e', 'white', 'Eagle', 'moves like a queen, captures like a knight'],
      ['c', 'white', 'Cardinal', 'moves like a queen, captures like a bishop'],
      ['t', 'white', 'Tower', 'moves like a queen, captures like a rook'],
      ['d', 'white', 'Duke', 'moves like a queen, captures like a king'],
      ['s', 'white', 'Soldier', 'steps forward or sideways'],
    ],
    note: 'Kings may not face each other on an open file or rank; a king on the far rank wins; stalemate and threefold repetition lose.',
  },
  orda: {
    name: 'Orda Chess',
    legend: [
      ['l', 'black', 'Lancer', 'moves like a knight, captures like a rook'],
      ['a', 'black', 'Horse Archer', 'moves like a knight, captures like a bishop'],
      ['h', 'black', 'Kheshig', 'moves and captures like a knight and a king'],
      ['y', 'black', 'Yurt', 'one step diagonally or straight forward'],
    ],
    note: 'The Horde cannot castle and its pawns never double-step; pawns promote to a queen or a Kheshig; a king on the far rank wins.',
  },
  chess: { name: 'Chess', legend: [], note: '' },
};

/** Level n: Skill Level, move time (ms) and depth of the search Kaiser plays with. */
export const LEVELS = [
  { skill: -4, movetime: 50, depth: 1 },
  { skill: 0, movetime: 50, depth: 1 },
  { skill: 3, movetime: 100, depth: 1 },
  { skill: 6, movetime: 150, depth: 2 },
  { skill: 10, movetime: 200, depth: 3 },
  { skill: 14, movetime: 300, depth: 5 },
  { skill: 16, movetime: 400, depth: 8 },
  { skill: 18, movetime: 500, depth: 13 },
  { skill: 20, movetime: 1000, depth: 22 },
];
