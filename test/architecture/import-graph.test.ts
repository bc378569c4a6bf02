// The layers stay visible: no import cycles in src/, and the arrows point one way (core is pure,
// contracts sit between the adapter and the front-ends, the adapter starts no processes).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { root } from '../helpers/cli.js';
import { listSources } from '../helpers/sources.js';

const src = join(root, 'src');

/** Every import of every file (static, type-only and dynamic), resolved: files or `node:*`/packages. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of listSources(src)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles.map(({ fileName }) =>
      fileName.startsWith('.')
        ? relative(src, resolve(dirname(file), fileName.replace(/\.js$/, '.ts')))
        : fileName,
    );
    graph.set(relative(src, file), targets);
  }
  return graph;
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
  return cycles;
}

/** Files reachable from `start`, and the external modules they import. */
function reach(graph: Map<string, string[]>, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of graph.get(file) ?? []) if (graph.has(next)) stack.push(next);
  }
  return new Set([...seen].flatMap((f) => [f, ...(graph.get(f) ?? [])]));
}

const layer = (file: string) => file.split('/')[0] ?? file;

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('has no import cycles', () => {
    assert.deepEqual(
      findCycles(graph).map((c) => c.join(' → ')),
      [],
    );
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'node:fs']],
      ['c.ts', ['a.ts']],
    ]);
    assert.deepEqual(findCycles(cyclic), [['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('keeps core pure, the contracts free of front-end and adapter code, the adapter and the front-ends apart and below sign-in, connect/ and proxy/, sign-in off the front-ends, connect/ below cli/ and proxy/, files/ below all', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const to = graph.has(target) ? layer(target) : target;
        const internal = graph.has(target);
        if (layer(file) === 'core' && (internal ? to !== 'core' : to.startsWith('node:')))
          wrong.push(`${file} → ${target}`);
        if (layer(file) === 'contracts' && internal && !['core', 'contracts'].includes(to))
          wrong.push(`${file} → ${target}`);
        // The adapter and the front-ends meet only in the contracts; neither reaches sign-in, the
        // connection layer, the proxy or the CLI.
        if (layer(file) === 'mcp' && ['frontends', 'auth', 'connect', 'proxy', 'cli', 'demo'].includes(to))
          wrong.push(`${file} → ${target}`);
        if (layer(file) === 'frontends' && ['mcp', 'auth', 'connect', 'proxy', 'cli', 'demo'].includes(to))
          wrong.push(`${file} → ${target}`);
        // Sign-in sits beside the adapter: it asks through the contracts, never a front-end.
        if (layer(file) === 'auth' && ['frontends', 'cli', 'demo', 'proxy', 'connect'].includes(to))
          wrong.push(`${file} → ${target}`);
        // The connection layer serves the CLI and the proxy alike: it reaches neither, nor a front-end.
        if (layer(file) === 'connect' && ['frontends', 'cli', 'demo', 'proxy'].includes(to))
          wrong.push(`${file} → ${target}`);
        // The proxy connects upstream through connect/, never through the CLI.
        if (layer(file) === 'proxy' && ['cli', 'demo'].includes(to)) wrong.push(`${file} → ${target}`);
        // Private files serve every layer, so they reach none but the contracts and the core.
        if (layer(file) === 'files' && internal && !['core', 'contracts', 'files'].includes(to))
          wrong.push(`${file} → ${target}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('lets no adapter file reach node:child_process (the caller injects the browser opener)', () => {
    const starting = [...graph.keys()]
      .filter((file) => layer(file) === 'mcp')
      .filter((file) => reach(graph, file).has('node:child_process'));
    assert.deepEqual(starting, []);
  });

  it('keeps every file under 300 lines, the page script and stylesheet included', () => {
    const assets = ['frontends/browser/assets/app.js', 'frontends/browser/assets/app.css'];
    const long = [...graph.keys(), ...assets].filter((file) => {
      const text = readFileSync(join(src, file), 'utf8');
      return text.split('\n').length - (text.endsWith('\n') ? 1 : 0) > 300;
    });
    assert.deepEqual(long, []);
  });
});
