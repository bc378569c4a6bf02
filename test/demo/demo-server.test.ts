// The bundled demo server, driven by a plain SDK client on both protocol eras over stdio and
// Streamable HTTP: each tool elicits, and reports exactly the action and content that reached it.
import * as assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isInputRequiredResult, ProtocolError } from '@modelcontextprotocol/client';
import { type Era, eraOf } from '../../src/contracts/protocol.js';
import { parseReceived } from '../../src/demo/report.js';
import { demoStdioCommand, type RunningHttpServer, startDemoHttp } from '../helpers/servers.js';
import { connectClient, type TestClient } from './_client.js';

const profileAnswer = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  website: 'https://ada.example.org',
  birthday: '1815-12-10',
  meeting: '2026-12-01T09:30:00Z',
  age: 36,
  height: 1.65,
  newsletter: true,
  color: 'blue',
  country: 'jp',
  size: 'l',
  languages: ['en', 'fr'],
  skills: ['ts', 'rs'],
};

const combos: ReadonlyArray<readonly [Era, 'stdio' | 'http']> = [
  ['2025-11-25', 'stdio'],
  ['2026-07-28', 'stdio'],
  ['2025-11-25', 'http'],
  ['2026-07-28', 'http'],
];

let http: RunningHttpServer;
before(async () => {
  http = await startDemoHttp();
});
after(async () => {
  await http.close();
});

for (const [era, transport] of combos) {
  describe(`demo server, ${era} era over ${transport}`, () => {
    let c: TestClient;
    before(async () => {
      c = await connectClient(era, transport === 'http' ? { url: http.url } : demoStdioCommand());
      assert.equal(eraOf(c.client.getProtocolEra()), era);
    });
    after(async () => {
      await c.close();
    });

    test('it is named mcp-elicit-demo and lists the six elicitation tools with descriptions', async () => {
      assert.equal(c.client.getServerVersion()?.name, 'mcp-elicit-demo');
      const { tools } = await c.client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        'confirm',
        'delete_files',
        'profile',
        'sign_in',
        'signup',
        'survey',
      ]);
      for (const tool of tools)
        assert.ok((tool.description ?? '').length > 10, `${tool.name} has a description`);
    });

    test('its greeting prompt and vault resource elicit before they answer', async () => {
      c.answer({ action: 'accept', content: { name: 'Grace', tone: 'formal' } });
      const prompt = await c.client.getPrompt({ name: 'greeting' });
      assert.deepEqual(prompt.messages[0]?.content, {
        type: 'text',
        text: 'Write a formal greeting for Grace.',
      });
      c.answer({ action: 'decline' });
      const read = await c.client.readResource({ uri: 'demo://vault/motto' });
      assert.deepEqual(
        read.contents.map((r) => ('text' in r ? r.text : '')),
        ['reveal: action=decline\n(nothing revealed)'],
      );
      assert.deepEqual(
        c.seen.slice(-2).map((s) => s.params.message),
        ['Whom should the greeting prompt address?', 'Reveal the vault note "motto"?'],
      );
    });

    test('profile asks one form with every field type and reports the accepted content exactly', async () => {
      const before = c.seen.length;
      c.answer({ action: 'accept', content: profileAnswer });
      const text = await c.call('profile');
      const request = c.seen[before];
      assert.ok(request);
      // The path proves the era: a JSON-RPC id on 2025, the inputRequests key on 2026 (MRTR).
      if (era === '2025-11-25') assert.equal(typeof request.id, 'number');
      else assert.equal(request.id, 'profile');
      const schema = request.params.requestedSchema;
      assert.ok(schema);
      assert.deepEqual(Object.keys(schema.properties).sort(), Object.keys(profileAnswer).sort());
      assert.deepEqual(schema.required, ['name', 'email', 'country']);
      const p = schema.properties;
      assert.equal(p.name?.minLength, 2);
      assert.equal(p.email?.format, 'email');
      assert.equal(p.website?.format, 'uri');
      assert.equal(p.birthday?.format, 'date');
      assert.equal(p.meeting?.format, 'date-time');
      assert.equal(p.age?.type, 'integer');
      assert.equal(p.height?.type, 'number');
      assert.equal(p.newsletter?.type, 'boolean');
      assert.ok(Array.isArray(p.color?.enum));
      assert.ok(Array.isArray(p.country?.oneOf));
      assert.deepEqual(p.size?.enumNames, ['Small', 'Medium', 'Large']);
      assert.ok(Array.isArray((p.languages?.items as { enum?: unknown } | undefined)?.enum));
      assert.ok(Array.isArray((p.skills?.items as { anyOf?: unknown } | undefined)?.anyOf));
      assert.equal(p.skills?.minItems, 1);
      assert.equal(p.skills?.maxItems, 2);
      assert.deepEqual(parseReceived(text), [{ step: 'profile', action: 'accept', content: profileAnswer }]);
    });

    test('signup on the team plan runs account, billing and review forms, carrying answers across rounds', async () => {
      const before = c.seen.length;
      c.answer(
        { action: 'accept', content: { username: 'octocat', plan: 'team' } },
        { action: 'accept', content: { billingEmail: 'billing@example.com', company: 'ACME', seats: 12 } },
        { action: 'accept', content: {} },
      );
      const text = await c.call('signup');
      const asked = c.seen.slice(before);
      assert.equal(asked.length, 3);
      assert.deepEqual(Object.keys(asked[1]?.params.requestedSchema?.properties ?? {}).sort(), [
        'billingEmail',
        'company',
        'seats',
      ]);
      assert.match(asked[2]?.params.message ?? '', /octocat.*team/);
      assert.deepEqual(asked[2]?.params.requestedSchema?.properties, {});
      assert.deepEqual(parseReceived(text), [
        { step: 'account', action: 'accept', content: { username: 'octocat', plan: 'team' } },
        {
          step: 'billing',
          action: 'accept',
          content: { billingEmail: 'billing@example.com', company: 'ACME', seats: 12 },
        },
        { step: 'review', action: 'accept', content: {} },
      ]);
      assert.match(text, /outcome: account octocat created/);
    });

    test('signup on the free plan asks for interests instead, and a decline there stops the flow', async () => {
      const before = c.seen.length;
      c.answer({ action: 'accept', content: { username: 'freebie', plan: 'free' } }, { action: 'decline' });
      const text = await c.call('signup');
      const asked = c.seen.slice(before);
      assert.equal(asked.length, 2);
      assert.deepEqual(Object.keys(asked[1]?.params.requestedSchema?.properties ?? {}).sort(), [
        'newsletter',
        'topics',
      ]);
      assert.deepEqual(parseReceived(text), [
        { step: 'account', action: 'accept', content: { username: 'freebie', plan: 'free' } },
        { step: 'interests', action: 'decline' },
      ]);
      assert.match(text, /outcome: signup stopped at interests/);
    });

    test('confirm asks with empty properties and reports accept, decline and cancel as received', async () => {
      const before = c.seen.length;
      c.answer({ action: 'accept', content: {} }, { action: 'decline' }, { action: 'cancel' });
      const texts = [await c.call('confirm'), await c.call('confirm'), await c.call('confirm')];
      assert.deepEqual(c.seen[before]?.params.requestedSchema?.properties, {});
      assert.deepEqual(texts.map(parseReceived), [
        [{ step: 'confirm', action: 'accept', content: {} }],
        [{ step: 'confirm', action: 'decline' }],
        [{ step: 'confirm', action: 'cancel' }],
      ]);
      assert.match(texts[1] ?? '', /outcome: the user said no/);
    });

    test('delete_files keeps the files on decline and says exactly which action came back', async () => {
      c.answer({ action: 'decline' }, { action: 'cancel' });
      const declined = await c.call('delete_files');
      const cancelled = await c.call('delete_files');
      assert.deepEqual(parseReceived(declined), [{ step: 'delete', action: 'decline' }]);
      assert.match(declined, /outcome: declined: the files are kept/);
      assert.deepEqual(parseReceived(cancelled), [{ step: 'delete', action: 'cancel' }]);
      assert.match(cancelled, /outcome: cancelled: nothing was changed/);
    });

    test('survey has only optional, defaulted fields, and accepting the defaults reports them', async () => {
      const before = c.seen.length;
      c.answer({
        action: 'accept',
        content: { rating: 4, recommend: true, frontEnd: 'terminal', comment: 'No comment' },
      });
      const text = await c.call('survey');
      const schema = c.seen[before]?.params.requestedSchema;
      assert.ok(schema);
      assert.equal(schema.required, undefined);
      const defaults = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.default]));
      assert.ok(Object.values(defaults).every((v) => v !== undefined));
      assert.deepEqual(parseReceived(text), [{ step: 'survey', action: 'accept', content: defaults }]);
    });
  });
}

describe('demo server requestState (2026-07-28, mrtr.mdx server requirements 4-5)', () => {
  test('a tampered requestState on a signup retry is refused with -32602 before the handler runs', async () => {
    const c = await connectClient('2026-07-28', { url: http.url });
    try {
      const first = await c.client.callTool({ name: 'signup', arguments: {} }, { allowInputRequired: true });
      assert.ok(isInputRequiredResult(first));
      const state = first.requestState;
      assert.ok(typeof state === 'string');
      assert.ok(state.startsWith('v1.'), 'the SDK codec wire shape');
      const tampered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
      // MRTR retry params (2026-07-28 basic/patterns/mrtr); the public callTool type predates them, hence the spread.
      const retry = {
        inputResponses: { account: { action: 'accept', content: { username: 'mallory', plan: 'team' } } },
        requestState: tampered,
      };
      await assert.rejects(
        c.client.callTool({ name: 'signup', arguments: {}, ...retry }, { allowInputRequired: true }),
        (error: unknown) => ProtocolError.isInstance(error) && error.code === -32602,
      );
      assert.equal(c.seen.length, 0, 'manual mode: the handler is never used');
    } finally {
      await c.close();
    }
  });
});

describe('demo server with version negotiation left to the SDK (auto)', () => {
  for (const transport of ['stdio', 'http'] as const) {
    test(`an auto client over ${transport} lands on 2026-07-28 and its confirm answer reaches the tool`, async () => {
      const c = await connectClient('auto', transport === 'http' ? { url: http.url } : demoStdioCommand());
      try {
        assert.equal(c.client.getProtocolEra(), 'modern');
        c.answer({ action: 'decline' });
        assert.deepEqual(parseReceived(await c.call('confirm')), [{ step: 'confirm', action: 'decline' }]);
        assert.equal(c.seen[0]?.id, 'confirm');
      } finally {
        await c.close();
      }
    });
  }
});
