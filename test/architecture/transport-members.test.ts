// Transports are never patched in place: only the tap (src/mcp/transport-tap.ts) assigns a
// transport's `send` or `onmessage`, and `onclose`/`onerror` are assigned only on an SDK Client or
// Server (their own hooks) or by a transport that wraps another (H-44).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { root } from '../helpers/cli.js';
import { listSources } from '../helpers/sources.js';

const src = join(root, 'src');
const MEMBERS = new Set(['send', 'onmessage', 'onclose', 'onerror']);
const TAP = 'mcp/transport-tap.ts';

/** Where a member is assigned on something that is not a transport, with why it may be. */
const ALLOWED: Record<string, { receivers: string[]; why: string }> = {
  'cli/commands/session.ts': { receivers: ['connection.client.onclose'], why: "the SDK Client's hook" },
  'proxy/host-session.ts': { receivers: ['connection.client.onclose'], why: "the SDK Client's hook" },
  'proxy/url-sessions.ts': { receivers: ['server.onclose'], why: "the SDK Server's hook" },
  'demo/http.ts': { receivers: ['server.server.onclose'], why: "the SDK Server's hook" },
  // WatchedTransport is itself the transport the SDK connects: it owns the host's as Protocol does.
  'proxy/host-hello.ts': {
    receivers: ['inner.onmessage', 'inner.onclose', 'this.#inner.onerror'],
    why: 'a transport wrapping the host transport',
  },
};

/** `receiver.member` of every assignment (`=`, `??=`, ...) to one of MEMBERS in `text`. */
function memberAssignments(text: string): string[] {
  const file = ts.createSourceFile('scan.ts', text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      const target = node.left;
      const name = ts.isPropertyAccessExpression(target)
        ? target.name.text
        : ts.isElementAccessExpression(target) && ts.isStringLiteralLike(target.argumentExpression)
          ? target.argumentExpression.text
          : undefined;
      if (name !== undefined && MEMBERS.has(name))
        found.push(`${(target as ts.PropertyAccessExpression).expression.getText(file)}.${name}`);
    }
    if (ts.isCallExpression(node) && node.expression.getText(file) === 'Object.defineProperty') {
      const key = node.arguments[1];
      if (key && ts.isStringLiteralLike(key) && MEMBERS.has(key.text))
        found.push(`${node.arguments[0]?.getText(file)}.${key.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('transport members', () => {
  it('are assigned only by the transport tap, apart from SDK Client/Server hooks and wrapping transports', () => {
    const wrong: string[] = [];
    for (const path of listSources(src)) {
      const file = relative(src, path);
      if (file === TAP) continue;
      const allowed = ALLOWED[file]?.receivers ?? [];
      for (const assigned of memberAssignments(readFileSync(path, 'utf8')))
        if (!allowed.includes(assigned)) wrong.push(`${file}: ${assigned}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('finds a patched transport however it is written (the check itself works)', () => {
    const patched = [
      'transport.send = (m) => send(m);',
      "transport['onmessage'] = handler;",
      'upstream.transport.onclose ??= end;',
      "Object.defineProperty(transport, 'onerror', { value: report });",
    ].join('\n');
    assert.deepEqual(memberAssignments(patched), [
      'transport.send',
      'transport.onmessage',
      'upstream.transport.onclose',
      'transport.onerror',
    ]);
    assert.deepEqual(memberAssignments('const send = transport.send; transport.send(message);'), []);
  });
});
