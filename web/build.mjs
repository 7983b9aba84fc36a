// The JavaScript half of web/build.sh: trims the module cargo built (binaryen drops every export
// but Kaiser's and what only they kept alive), bundles the engine's API, its worker and the
// board (esbuild), writes the pieces' style sheet and copies the page, all into dist/.

import binaryen from 'binaryen';
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pieceStyles } from './src/board/pieces.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const built = path.join(here, '..', 'target', 'wasm32-unknown-unknown', 'release', 'kaiser_wasm.wasm');
const EXPORTS = new Set(['memory', 'kaiser_io', 'kaiser_start', 'kaiser_line', 'kaiser_rules']);

function trimModule(bytes) {
  const module = binaryen.readBinary(bytes);
  const F = binaryen.Features;
  module.setFeatures(
    F.MVP | F.SIMD128 | F.BulkMemory | F.SignExt | F.MutableGlobals | F.NontrappingFPToInt | F.Multivalue | F.ReferenceTypes,
  );
  const names = [];
  for (let i = 0; i < module.getNumExports(); i++) names.push(binaryen.getExportInfo(module.getExportByIndex(i)).name);
  for (const name of names) if (!EXPORTS.has(name)) module.removeExport(name);
  module.runPasses(['remove-unused-module-elements']);
  const out = module.emitBinary();
  module.dispose();
  return out;
}

fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(dist, { recursive: true });
const wasm = trimModule(fs.readFileSync(built));
fs.writeFileSync(path.join(dist, 'kaiser.wasm'), wasm);

const common = { bundle: true, minify: true, sourcemap: true, target: 'es2022', logLevel: 'warning' };
await esbuild.build({ ...common, entryPoints: ['src/engine/stockfish.js'], outfile: 'dist/stockfish.js', format: 'iife' });
await esbuild.build({ ...common, entryPoints: ['src/engine/worker.js'], outfile: 'dist/kaiser.worker.js', format: 'iife' });
await esbuild.build({ ...common, entryPoints: ['src/app/main.js'], outfile: 'dist/app.js', format: 'esm' });
await esbuild.build({ ...common, entryPoints: ['src/app/style.css'], outfile: 'dist/app.css', loader: { '.svg': 'dataurl' } });

const cburnett = fs.readFileSync(path.join(here, 'node_modules/chessgroundx/assets/chessground.cburnett.css'), 'utf8');
fs.writeFileSync(path.join(dist, 'pieces.css'), pieceStyles(cburnett));
fs.copyFileSync(path.join(here, 'src/app/index.html'), path.join(dist, 'index.html'));
console.log(`web/dist: kaiser.wasm ${wasm.length} bytes`);
