// Every keyword of the one keyword table is either described in words (describe-rules.ts), and
// those very words reach the terminal, the browser and the line mode, or exempt here with a reason.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FormPrompt } from '../../src/contracts/renderer.js';
import { describeFormRules, describeRules, FORMAT_RULES } from '../../src/core/describe-rules.js';
import type { Draft, Field, FormModel, StringFormat } from '../../src/core/form-model.js';
import { ENFORCED_KEYWORDS, type KeywordLocation } from '../../src/core/schema/keywords.js';
import { parseRequestedSchema } from '../../src/core/schema-parser.js';
import { validateContent } from '../../src/core/validate.js';
import { fieldBlock as browserBlock } from '../../src/frontends/browser/pages/field-controls.js';
import { formRulesNote } from '../../src/frontends/browser/pages/field-hints.js';
import { describeField, formRulesLines } from '../../src/frontends/plain/describe-field.js';
import { fieldBlock as terminalBlock } from '../../src/frontends/terminal/field-view.js';
import { FormDriver } from '../../src/frontends/terminal/form-driver.js';
import { formFrame } from '../../src/frontends/terminal/form-view.js';

type Json = Record<string, unknown>;

/** A keyword shown as a rule: the schema that carries it and the phrase it must produce. */
interface Sample {
  readonly schema: Json;
  readonly phrase: string;
}

const OPTIONS = 'the options themselves are the rule: each front-end lists exactly the allowed choices';
const FILTERS = 'filters the options offered (schema/option-filters.ts): only allowed choices are listed';

/** Keywords that are structure, not rules on a value, each with why nothing needs saying. */
const EXEMPT: Readonly<Record<KeywordLocation, Readonly<Record<string, string>>>> = {
  form: {
    properties: 'structure: the fields themselves, each drawn as a field',
    required: 'shown on each field as its (required) mark, not as a rule phrase',
    additionalProperties: 'holds by construction: only the listed fields can be answered',
    unevaluatedProperties: 'holds by construction: only the listed fields can be answered',
  },
  text: {},
  number: {},
  boolean: {},
  singleSelect: {
    minLength: FILTERS,
    maxLength: FILTERS,
    format: FILTERS,
    pattern: FILTERS,
    oneOf: OPTIONS,
    enum: OPTIONS,
    const: OPTIONS,
    enumNames: 'labels of the options, not a rule',
  },
  optionEntry: { const: 'the value of one option, listed as that option' },
  multiSelect: {
    items: 'structure: holds the options, which are listed',
    uniqueItems: 'holds by construction: a choice is never repeated',
  },
  multiSelectItems: {
    minLength: FILTERS,
    maxLength: FILTERS,
    format: FILTERS,
    pattern: FILTERS,
    anyOf: OPTIONS,
    enum: OPTIONS,
    const: OPTIONS,
  },
};

/** What each field location's property schema is before its keyword is added. */
const BASE: Readonly<Partial<Record<KeywordLocation, Json>>> = {
  text: { type: 'string', title: 'Code' },
  number: { type: 'number', title: 'Amount' },
  boolean: { type: 'boolean', title: 'Agree' },
  multiSelect: { type: 'array', title: 'Band', items: { type: 'string', enum: ['x', 'y', 'z'] } },
};

const twoFields = { a: { type: 'string', title: 'Street' }, b: { type: 'string', title: 'Town' } };
const needsTown = '"Town" is needed when "Street" is filled in';

const SAMPLES: Readonly<Record<KeywordLocation, Readonly<Record<string, Sample>>>> = {
  form: {
    minProperties: { schema: { properties: twoFields, minProperties: 1 }, phrase: 'answer at least 1 field' },
    maxProperties: { schema: { properties: twoFields, maxProperties: 1 }, phrase: 'answer at most 1 field' },
    dependentRequired: {
      schema: { properties: twoFields, dependentRequired: { a: ['b'] } },
      phrase: needsTown,
    },
    dependencies: { schema: { properties: twoFields, dependencies: { a: ['b'] } }, phrase: needsTown },
  },
  text: {
    minLength: { schema: { minLength: 2 }, phrase: 'at least 2 characters' },
    maxLength: { schema: { maxLength: 5 }, phrase: 'at most 5 characters' },
    format: { schema: { format: 'date' }, phrase: 'a date, YYYY-MM-DD' },
    pattern: { schema: { pattern: '^[A-Z]{3}$' }, phrase: 'must match the pattern ^[A-Z]{3}$' },
  },
  number: {
    minimum: { schema: { minimum: 1 }, phrase: 'at least 1' },
    maximum: { schema: { maximum: 10 }, phrase: 'at most 10' },
    exclusiveMinimum: { schema: { exclusiveMinimum: 0 }, phrase: 'more than 0' },
    exclusiveMaximum: { schema: { exclusiveMaximum: 100 }, phrase: 'less than 100' },
    multipleOf: { schema: { multipleOf: 5 }, phrase: 'a multiple of 5' },
    const: { schema: { const: 7 }, phrase: 'exactly 7' },
  },
  boolean: { const: { schema: { const: true }, phrase: 'must be yes' } },
  singleSelect: {},
  optionEntry: {},
  multiSelect: {
    minItems: { schema: { minItems: 2 }, phrase: 'choose at least 2' },
    maxItems: { schema: { maxItems: 2 }, phrase: 'choose at most 2' },
  },
  multiSelectItems: {},
};

function parse(schema: Json): FormModel {
  const parsed = parseRequestedSchema({ type: 'object', ...schema });
  if (!parsed.ok) assert.fail(`sample schema refused: ${JSON.stringify(parsed.issues)}`);
  return parsed.value;
}

function onlyField(model: FormModel): Field {
  const field = model.fields[0];
  assert.ok(field !== undefined && model.fields.length === 1);
  return field;
}

function prompt(model: FormModel): FormPrompt {
  const validate = (draft: Draft) => validateContent(model, draft);
  return { kind: 'form', message: '', restored: false, model, initial: {}, defaulted: new Set(), validate };
}

/** The terminal's lines for the form's first field, as plain text. */
function terminalText(model: FormModel): string {
  const ctrl = new FormDriver(prompt(model));
  const lines = terminalBlock(ctrl, 0, ctrl.items(), 200);
  return lines.map((l) => l.line.map((s) => s.text).join('')).join('\n');
}

function browserHtml(field: Field): string {
  const state = { field, index: 0, raw: '', errors: [], defaulted: false, focus: false };
  return String(browserBlock(state));
}

function plainText(field: Field): string {
  return describeField(field, { index: 0, total: 1 }, { value: undefined, isDefault: false }).join('\n');
}

/** The phrase as the browser's `html` tag escapes it; the browser may capitalise a hint's first letter. */
function inHtml(markup: string, phrase: string): boolean {
  const escaped = phrase
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
  return markup.toLowerCase().includes(escaped.toLowerCase());
}

/** One field's phrase in the core and in all three front-ends. */
function assertFieldPhrase(model: FormModel, phrase: string): void {
  const field = onlyField(model);
  assert.ok(describeRules(field).includes(phrase), `describeRules: ${JSON.stringify(describeRules(field))}`);
  assert.ok(terminalText(model).includes(phrase), `terminal:\n${terminalText(model)}`);
  assert.ok(inHtml(browserHtml(field), phrase), `browser:\n${browserHtml(field)}`);
  assert.ok(plainText(field).includes(phrase), `line mode:\n${plainText(field)}`);
}

/** The terminal's whole form screen, as plain text. */
function terminalScreen(model: FormModel): string {
  const ctx = {
    server: { label: 's' },
    era: '2025-11-25',
    signal: new AbortController().signal,
    waiting: 0,
  } as const;
  const { lines } = formFrame(new FormDriver(prompt(model)), prompt(model), ctx, { columns: 200, rows: 60 });
  return lines.map((line) => line.map((s) => s.text).join('')).join('\n');
}

function assertFormPhrase(model: FormModel, phrase: string): void {
  assert.ok(describeFormRules(model).includes(phrase), `describeFormRules: ${describeFormRules(model)}`);
  assert.ok(terminalScreen(model).includes(phrase), `terminal:\n${terminalScreen(model)}`);
  assert.ok(inHtml(String(formRulesNote(model)), phrase), `browser: ${String(formRulesNote(model))}`);
  assert.ok(formRulesLines(model).join('\n').includes(phrase), `line mode: ${formRulesLines(model)}`);
}

const table = Object.entries(ENFORCED_KEYWORDS) as [KeywordLocation, readonly string[]][];

describe('every enforced keyword is described in one wording, or exempt with a reason', () => {
  for (const [location, keywords] of table) {
    for (const keyword of keywords) {
      it(`${location}.${keyword}: its words reach the terminal, the browser and the line mode alike`, () => {
        const exempt = EXEMPT[location][keyword];
        const sample = SAMPLES[location][keyword];
        assert.ok(
          (exempt === undefined) !== (sample === undefined),
          'described or exempt, not both nor neither',
        );
        if (sample === undefined) return;
        if (location === 'form') return assertFormPhrase(parse(sample.schema), sample.phrase);
        assertFieldPhrase(
          parse({ properties: { f: { ...BASE[location], ...sample.schema } } }),
          sample.phrase,
        );
      });
    }
  }

  it('names no keyword the table does not hold (a stale sample or exemption)', () => {
    for (const [location, keywords] of table) {
      const listed = [...Object.keys(EXEMPT[location]), ...Object.keys(SAMPLES[location])];
      assert.deepEqual(
        listed.filter((keyword) => !keywords.includes(keyword)),
        [],
        location,
      );
    }
  });
});

describe('describeRules wording', () => {
  it('says every format the same way in every front-end', () => {
    for (const [format, phrase] of Object.entries(FORMAT_RULES) as [StringFormat, string][]) {
      assertFieldPhrase(parse({ properties: { f: { type: 'string', format } } }), phrase);
    }
  });

  it('says an integer is a whole number, and joins a pair of bounds into one phrase', () => {
    assertFieldPhrase(parse({ properties: { f: { type: 'integer' } } }), 'whole number');
    assertFieldPhrase(
      parse({ properties: { f: { type: 'number', minimum: 1, maximum: 10 } } }),
      'from 1 to 10',
    );
    assertFieldPhrase(
      parse({ properties: { f: { type: 'string', minLength: 2, maxLength: 9 } } }),
      '2 to 9 characters',
    );
    assertFieldPhrase(
      parse({ properties: { f: { type: 'string', minLength: 4, maxLength: 4 } } }),
      'exactly 4 characters',
    );
    assertFieldPhrase(
      parse({ properties: { f: { ...BASE.multiSelect, minItems: 1, maxItems: 2 } } }),
      'choose 1 to 2',
    );
  });

  it('cleans and cuts a server pattern before it becomes a phrase', () => {
    const field = onlyField(
      parse({ properties: { f: { type: 'string', pattern: `a\u202e${'b'.repeat(200)}` } } }),
    );
    const [rule = ''] = describeRules(field);
    assert.ok(!rule.includes('\u202e'), 'no bidi override');
    assert.ok([...rule].length < 120, 'cut short');
  });

  it('lists several fields a field needs, by their titles', () => {
    const schema = {
      properties: { ...twoFields, c: { type: 'string' } },
      dependentRequired: { a: ['b', 'c'] },
    };
    assert.deepEqual(describeFormRules(parse(schema)), [
      '"Town" and "c" are needed when "Street" is filled in',
    ]);
  });
});
