import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Field } from '../../src/core/form-model.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { looksSensitive, maskSensitive, SECRET_MASK, sensitiveReason } from '../../src/core/sensitive.js';
import { req } from '../helpers/req.js';

function text(
  name: string,
  extra: { label?: string; description?: string; format?: 'email' | 'uri' } = {},
): Field {
  return {
    kind: 'text',
    name,
    label: extra.label ?? name,
    required: false,
    ...(extra.description === undefined ? {} : { description: extra.description }),
    ...(extra.format === undefined ? {} : { format: extra.format }),
  };
}

// [field name, expected kind or undefined]
const NAMES: ReadonlyArray<readonly [string, string | undefined]> = [
  ['password', 'password'],
  ['newPassword', 'password'],
  ['PASSWORD', 'password'],
  ['confirm_passwd', 'password'],
  ['pin', 'password'],
  ['otp', 'password'],
  ['api_key', 'api-key'],
  ['apiKey', 'api-key'],
  ['APIKEY', 'api-key'],
  ['openai-api-key', 'api-key'],
  ['access_key', 'api-key'],
  ['accessToken', 'token'],
  ['github_token', 'token'],
  ['refreshtoken', 'token'],
  ['client_secret', 'secret'],
  ['secret', 'secret'],
  ['aws_credentials', 'secret'],
  ['private_key', 'secret'],
  ['seed_phrase', 'secret'],
  ['cardNumber', 'card-number'],
  ['cc_number', 'card-number'],
  ['creditcard', 'card-number'],
  ['cvv', 'card-code'],
  ['cvc2', 'card-code'],
  ['security_code', 'card-code'],
  // S-03: personal data that is not a credential is not flagged.
  ['name', undefined],
  ['email', undefined],
  ['username', undefined],
  ['user_name', undefined],
  ['passport', undefined],
  ['passport_number', undefined],
  ['address', undefined],
  ['phone', undefined],
  // Words that merely contain a trigger.
  ['tokenizer_mode', undefined],
  ['max_tokens', undefined],
  ['token_limit', undefined],
  ['secretary', undefined],
  ['spinner', undefined],
  ['pinned_message', undefined],
  ['keyboard_layout', undefined],
  ['primary_key', undefined],
  ['card_title', undefined],
  ['passwordless_login', undefined],
];

describe(req`looksSensitive flags fields that ask for secrets (S-01, S-28) and not personal data (S-03)`, () => {
  for (const [name, kind] of NAMES) {
    it(`field "${name}" is ${kind === undefined ? 'not flagged' : `flagged as ${kind}`}`, () => {
      assert.equal(sensitiveReason(text(name))?.kind, kind);
      assert.equal(looksSensitive(text(name)), kind !== undefined);
    });
  }

  it('a title or description can flag a blandly named field', () => {
    assert.equal(sensitiveReason(text('field1', { label: 'Your API Key' }))?.kind, 'api-key');
    assert.equal(
      sensitiveReason(text('field2', { description: 'The 16 digits of your credit card' }))?.kind,
      'card-number',
    );
    assert.equal(
      sensitiveReason(text('field3', { description: 'Your full name, as on your passport' })),
      undefined,
    );
  });

  it('a description that warns against giving a secret does not flag the field (server-everything "integer")', () => {
    const description =
      'Your favorite integer (do not give us your phone number, pin, or other sensitive info)';
    assert.equal(sensitiveReason(text('integer', { description })), undefined);
    assert.equal(sensitiveReason(text('note', { description: "Don't paste your password here" })), undefined);
    assert.equal(sensitiveReason(text('note', { description: 'Pin the note to the top' })), undefined);
    assert.equal(sensitiveReason(text('code', { label: 'PIN' }))?.kind, 'password');
  });

  it('an email-format field is never flagged even when its description mentions a password', () => {
    assert.equal(
      looksSensitive(text('login', { format: 'email', description: 'where we send your password reset' })),
      false,
    );
  });

  it('yes/no and choice fields are not flagged: they cannot carry a secret', () => {
    const toggle: Field = {
      kind: 'boolean',
      name: 'remember_password',
      label: 'Remember password?',
      required: false,
    };
    assert.equal(looksSensitive(toggle), false);
  });

  it('a number field named like a PIN is flagged', () => {
    const pin: Field = { kind: 'number', name: 'card_pin', label: 'PIN', integer: true, required: true };
    assert.equal(sensitiveReason(pin)?.kind, 'password');
  });

  it('a blandly named field the schema marks writeOnly or format "password" is flagged; a yes/no one is not', () => {
    const parsed = parseRequestedSchema({
      type: 'object',
      properties: {
        code: { type: 'string', writeOnly: true },
        phrase: { type: 'string', format: 'password' },
        remember: { type: 'boolean', writeOnly: true },
        note: { type: 'string', writeOnly: false },
      },
    });
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.fields.map((field) => sensitiveReason(field)?.kind),
      ['secret', 'secret', undefined, undefined],
    );
    assert.match(
      sensitiveReason(parsed.value.fields[0] as Field)?.message ?? '',
      /marks this field as secret/,
    );
  });

  it('the reason is a readable sentence naming the spec rule', () => {
    assert.match(
      sensitiveReason(text('password'))?.message ?? '',
      /password.*spec forbids servers.*in a form;/,
    );
  });
});

describe('maskSensitive: secrets out of reports (issue 19 #12)', () => {
  it('replaces the value of every field looksSensitive flags, keeping the others and every name', () => {
    // JSON, as a server sends it: `__proto__` is then a field like any other.
    const parsed = parseRequestedSchema(
      JSON.parse(`{"type": "object", "properties": {
        "username": {"type": "string"}, "password": {"type": "string"},
        "pin": {"type": "integer", "title": "PIN"}, "note": {"type": "string", "writeOnly": true},
        "__proto__": {"type": "string", "title": "API key"}, "plan": {"type": "string", "enum": ["free", "pro"]}}}`),
    );
    assert.ok(parsed.ok);
    if (!parsed.ok) return;
    const content = JSON.parse(
      '{"username": "ada", "password": "hunter22", "pin": 1234, "note": "x", "__proto__": "sk-1", "plan": "pro"}',
    );
    const masked = maskSensitive(parsed.value.fields, content);
    assert.deepEqual(Object.entries(masked), [
      ['username', 'ada'],
      ['password', SECRET_MASK],
      ['pin', SECRET_MASK],
      ['note', SECRET_MASK],
      ['__proto__', SECRET_MASK],
      ['plan', 'pro'],
    ]);
    assert.equal(content.password, 'hunter22', 'the content itself is left as it was');
  });
});
