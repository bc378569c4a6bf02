// Small functions with one job: no function, method or arrow in src/ runs over 80 lines
// (docs/layout.md), in the TypeScript and in the page script (src/frontends/browser/assets/app.js)
// alike. A long one fails here with its file, line and length.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { root } from '../helpers/cli.js';
import { listSources } from '../helpers/sources.js';

const LIMIT = 80;
const src = join(root, 'src');

// The page script (src/frontends/browser/assets/app.js) is held to the same rule as the TypeScript.
const SOURCE_ENDINGS = ['.ts', '.js'];

/** Every function-like node with a body that spans more than `limit` lines, as `file:line name (n lines)`. */
function longFunctions(file: string, text: string, limit: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = node.name?.getText(source) ?? '(anonymous)';
      if (lines > limit) found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  it(`keeps every function in src/ at ${LIMIT} lines or fewer`, () => {
    const long = listSources(src, SOURCE_ENDINGS).flatMap((file) =>
      longFunctions(relative(root, file), readFileSync(file, 'utf8'), LIMIT),
    );
    assert.deepEqual(long, [], `split these functions:\n${long.join('\n')}`);
  });

  it('reads the page script too: a long function in a .js asset is found', () => {
    assert.ok(
      listSources(src, SOURCE_ENDINGS).some((file) => file.endsWith(join('assets', 'app.js'))),
      'app.js is among the files checked',
    );
    const body = Array.from({ length: LIMIT }, (_, i) => `    const v${i} = ${i};`).join('\n');
    const long = longFunctions('app.js', `'use strict';\n{\n  function f() {\n${body}\n  }\n}\n`, LIMIT);
    assert.deepEqual(long, [`app.js:3 f (${LIMIT + 2} lines)`]);
  });

  it('finds a long function, a long method and a long arrow', () => {
    const body = Array.from({ length: LIMIT }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function f() {\n${body}\n}`,
      `class C { m() {\n${body}\n} }`,
      `const g = () => {\n${body}\n};`,
      'function short() {\n  return 1;\n}',
    ].join('\n');
    const long = longFunctions('x.ts', text, LIMIT);
    assert.deepEqual(
      long.map((entry) => entry.split(' ')[1]),
      ['f', 'm', '(anonymous)'],
    );
  });
});
