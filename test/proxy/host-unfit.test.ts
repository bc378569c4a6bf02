// A host's accepted form that does not fit (issue 21): under `auto` the proxy's own front-end asks,
// with each host value that fits filled in; under `host` it is refused as `host-unfit`. Driven
// without sockets: the RoutingRenderer with a host function and a recording front-end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FormAnswer, FormPrompt, Renderer } from '../../src/contracts/renderer.js';
import { planRoutes } from '../../src/proxy/elicit-route.js';
import { RoutingRenderer } from '../../src/proxy/host-renderer.js';
import { makeContext, makePrompt } from '../frontends/terminal/harness.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], default: 'free' },
  },
  required: ['name', 'email'],
};

function rig(choice: 'auto' | 'host', hostContent: Record<string, unknown>) {
  const asked: FormPrompt[] = [];
  const logs: string[] = [];
  const self: Renderer = {
    name: 'scripted',
    interactive: true,
    form: async (prompt): Promise<FormAnswer> => {
      asked.push(prompt);
      return {
        outcome: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com', plan: 'pro' } },
      };
    },
  };
  const plan = planRoutes(choice, ['form'], ['form', 'url']);
  const routing = new RoutingRenderer(
    self,
    plan,
    async () => ({ action: 'accept', content: hostContent as Record<string, string> }),
    (line) => logs.push(line),
  );
  return { routing, asked, logs };
}

describe('proxy: a host answer that does not fit', () => {
  it('auto: a yes with no fields ({}) is asked in the proxy front-end instead, and the person answers', async () => {
    const { routing, asked, logs } = rig('auto', {});
    const answer = await routing.form(makePrompt(schema), makeContext());
    assert.deepEqual(answer.outcome, {
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.com', plan: 'pro' },
    });
    assert.equal(asked.length, 1);
    assert.match(logs.join('\n'), /did not fit the form \(.*Name.*\); asking here instead/);
  });

  it('auto: the host values that fit their fields are filled in, the rest are not', async () => {
    const { routing, asked } = rig('auto', { name: 'Grace', email: 'not an email', plan: 'pro' });
    await routing.form(makePrompt(schema), makeContext());
    const prompt = asked[0];
    assert.ok(prompt);
    assert.deepEqual(prompt.initial, { name: 'Grace', plan: 'pro' });
    assert.equal(prompt.defaulted.has('plan'), false, "the host's choice is not the server's default");
  });

  it('auto: content that fits is the host answer, and the front-end is not asked', async () => {
    const { routing, asked } = rig('auto', { name: 'Grace', email: 'g@example.com' });
    const answer = await routing.form(makePrompt(schema), makeContext());
    assert.deepEqual(answer.outcome, {
      action: 'accept',
      content: { name: 'Grace', email: 'g@example.com' },
    });
    assert.equal(asked.length, 0);
  });

  it('host: refused as host-unfit, apart from no-answer and a cancel, with the problems in words', async () => {
    const { routing, asked, logs } = rig('host', { name: 'G' });
    const answer = await routing.form(makePrompt(schema), makeContext());
    assert.equal(answer.outcome.action, 'cancel');
    assert.equal(answer.outcome.action === 'cancel' && answer.outcome.reason, 'host-unfit');
    assert.match(
      answer.outcome.action === 'cancel' ? (answer.outcome.detail ?? '') : '',
      /did not fit: .*Name/,
    );
    assert.equal(asked.length, 0);
    assert.match(logs.join('\n'), /so it was refused/);
  });
});
