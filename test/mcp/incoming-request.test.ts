// Each elicitation/create is parsed once into a typed request; a malformed one gets the text of
// the -32602 error that names the property and the reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeRefused,
  type ElicitRequest,
  type ParsedRequest,
  parseElicitRequest,
} from '../../src/mcp/incoming-request.js';
import { req } from '../helpers/req.js';

const schema = { type: 'object', properties: { name: { type: 'string', pattern: '^[A-Z]' } } };

function ok(parsed: ParsedRequest): ElicitRequest {
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.issues.map((i) => i.message).join('; '));
  return parsed.value;
}

function refusal(parsed: ParsedRequest): string {
  assert.equal(parsed.ok, false);
  return parsed.ok ? '' : parsed.issues.map((i) => i.message).join('; ');
}

describe('parseElicitRequest', () => {
  it('reads a request without mode as form mode, with its model parsed once (pattern kept)', () => {
    const request = ok(
      parseElicitRequest({ message: 'Who?', requestedSchema: schema }, ['form'], '2025-11-25'),
    );
    assert.equal(request.mode, 'form');
    assert.equal(request.message, 'Who?');
    const field = request.mode === 'form' ? request.model.fields[0] : undefined;
    assert.equal(field?.kind === 'text' ? field.pattern : undefined, '^[A-Z]');
  });

  it('refuses params that are not an object', () => {
    for (const params of [undefined, null, 'x', [1]]) {
      assert.equal(
        refusal(parseElicitRequest(params, ['form'], '2025-11-25')),
        'Invalid elicitation request: params must be an object',
      );
    }
  });

  it('refuses an unknown mode and a mode the client did not declare', () => {
    assert.match(
      refusal(parseElicitRequest({ mode: 'sms', message: 'm' }, ['form', 'url'], '2025-11-25')),
      /unsupported mode "sms"/,
    );
    assert.match(
      refusal(
        parseElicitRequest(
          { mode: 'url', message: 'm', url: 'https://e.com/', elicitationId: 'a' },
          ['form'],
          '2025-11-25',
        ),
      ),
      /^Client does not support url-mode elicitation requests/,
    );
  });

  it('names every problem of a form request in one message', () => {
    const text = refusal(parseElicitRequest({ mode: 'form' }, ['form'], '2025-11-25'));
    assert.match(text, /^Invalid elicitation request: /);
    assert.match(text, /"message" must be a string/);
    assert.match(text, /"requestedSchema" is missing/);
  });

  it('requires an elicitationId for URL mode on 2025-11-25 and ignores one on 2026-07-28', () => {
    const params = { mode: 'url', message: 'Sign in', url: 'https://example.com/' };
    assert.match(
      refusal(parseElicitRequest(params, ['url'], '2025-11-25')),
      /"elicitationId" must be a string/,
    );
    const legacy = ok(parseElicitRequest({ ...params, elicitationId: 'e1' }, ['url'], '2025-11-25'));
    assert.deepEqual(legacy, {
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/',
      elicitationId: 'e1',
      meta: {},
    });
    const modern = ok(parseElicitRequest({ ...params, elicitationId: 'e1' }, ['url'], '2026-07-28'));
    assert.deepEqual(modern, { mode: 'url', message: 'Sign in', url: 'https://example.com/', meta: {} });
  });

  it(req`names a bad url and a missing message together (S-05, S-10)`, () => {
    const text = refusal(
      parseElicitRequest({ mode: 'url', url: 'https://exa mple.com' }, ['url'], '2026-07-28'),
    );
    assert.equal(text, 'Invalid elicitation request: "message" must be a string; "url" is not a valid URL');
  });

  it('keeps the progress token and related-task metadata, and nothing else of _meta', () => {
    const related = { taskId: 't-1' };
    const request = ok(
      parseElicitRequest(
        {
          message: 'm',
          requestedSchema: schema,
          _meta: { progressToken: 7, 'io.modelcontextprotocol/related-task': related, other: 1 },
        },
        ['form'],
        '2025-11-25',
      ),
    );
    assert.deepEqual(request.meta, { progressToken: 7, relatedTask: related });
    const odd = ok(
      parseElicitRequest(
        { message: 'm', requestedSchema: schema, _meta: { progressToken: {} } },
        ['form'],
        '2025-11-25',
      ),
    );
    assert.deepEqual(odd.meta, {});
  });

  it('uses the schema parser it is given (the session cache)', () => {
    let calls = 0;
    const parse = () => {
      calls++;
      return { ok: true as const, value: { fields: [], notes: [], satisfiable: true } };
    };
    ok(parseElicitRequest({ message: 'm', requestedSchema: schema }, ['form'], '2025-11-25', parse));
    assert.equal(calls, 1);
  });
});

describe('describeRefused', () => {
  it('describes what a refused request looked like for the event log', () => {
    assert.deepEqual(describeRefused({ message: 'm' }), { mode: 'form', message: 'm' });
    assert.deepEqual(describeRefused({ mode: 'url', message: 3, url: 'x' }), {
      mode: 'url',
      message: '',
      url: 'x',
    });
    assert.deepEqual(describeRefused({ mode: 'sms' }), { mode: 'unknown', message: '' });
    assert.deepEqual(describeRefused('junk'), { mode: 'form', message: '' });
  });
});
