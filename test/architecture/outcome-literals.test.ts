// Front-ends draw and report a choice; the wire outcome comes from core (src/core/choice-outcome.ts,
// FormSession, withdrawnOutcome). No `{ action: 'accept' | 'decline' | 'cancel' }` is built in
// any layer above it (H-45); what remains are answers given to someone else, each listed with why.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { root } from '../helpers/cli.js';
import { listSources } from '../helpers/sources.js';

const LAYERS = ['frontends', 'mcp', 'proxy', 'cli', 'auth', 'connect', 'demo', 'files'];
const ACTIONS = new Set(['accept', 'decline', 'cancel']);
/** Literals that are not outcomes, with why. */
const ALLOWED: Record<string, number> = {
  // `--accept-defaults` stands for an answers-file entry `{ action: 'accept' }`, not an outcome.
  'frontends/scripted/scripted-renderer.ts': 1,
  // The `ElicitResult` sent upstream for a task input the session refused: the wire, not an outcome.
  'proxy/task-inputs.ts': 1,
  // The demo's answers-file entries (what the scripted front-end answers), not outcomes.
  'cli/commands/demo.ts': 7,
  // `answer`'s flags and a front-end's ending handed to the holder as a `ParkAnswer` it checks again.
  'cli/park/answer.ts': 3,
  'cli/park/answer-ui.ts': 3,
  // A question the saved-round path cannot keep is withdrawn from the parking front-end (a `ParkAnswer`).
  'cli/park/round-park.ts': 2,
};

/** How many object literals in `text` have an `action` of accept, decline or cancel. */
function outcomeLiterals(text: string): number {
  const file = ts.createSourceFile('scan.ts', text, ts.ScriptTarget.Latest, true);
  let count = 0;
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      node.name.getText(file) === 'action' &&
      ts.isStringLiteralLike(node.initializer) &&
      ACTIONS.has(node.initializer.text)
    )
      count++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

describe('outcomes outside core', () => {
  it('are never built: every layer above core reports a choice and core returns the outcome', () => {
    const built: Record<string, number> = {};
    const src = join(root, 'src');
    for (const path of LAYERS.flatMap((layer) => listSources(join(src, layer)))) {
      const count = outcomeLiterals(readFileSync(path, 'utf8'));
      if (count > 0) built[relative(src, path)] = count;
    }
    assert.deepEqual(built, ALLOWED);
  });

  it('finds an outcome literal however it is returned (the check itself works)', () => {
    const text =
      "return { outcome: { action: 'cancel', reason: 'dismissed' } }; const a = { action: 'decline' };";
    assert.equal(outcomeLiterals(text), 2);
    assert.equal(outcomeLiterals("if (answer.action === 'decline') type A = { action: 'accept' };"), 0);
  });
});
