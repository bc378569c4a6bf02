import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  BooleanField,
  MultiSelectField,
  NumberField,
  SingleSelectField,
  TextField,
} from '../../src/core/form-model.js';
import { formatFieldValue, parseFieldInput } from '../../src/core/value-parse.js';
import { req } from '../helpers/req.js';

const text: TextField = { kind: 'text', name: 'name', label: 'Name', required: true };
const flag: BooleanField = { kind: 'boolean', name: 'subscribe', label: 'Subscribe', required: false };
const age: NumberField = { kind: 'number', name: 'age', label: 'Age', required: false, integer: true };
const price: NumberField = { kind: 'number', name: 'price', label: 'Price', required: false, integer: false };
const colour: SingleSelectField = {
  kind: 'single-select',
  name: 'colour',
  label: 'Colour',
  required: false,
  variant: 'titled',
  options: [
    { value: 'r', label: 'Red' },
    { value: 'g', label: 'Green' },
    { value: 'b', label: 'Blue, dark' },
  ],
};
const toppings: MultiSelectField = {
  kind: 'multi-select',
  name: 'toppings',
  label: 'Toppings',
  required: false,
  variant: 'titled',
  options: [
    { value: 'ham', label: 'Ham' },
    { value: 'egg', label: 'Egg' },
    { value: 'olive', label: 'Olives, black' },
  ],
};

function value(result: ReturnType<typeof parseFieldInput>): unknown {
  assert.equal(result.ok, true, result.ok ? '' : result.issues[0]?.message);
  return result.ok ? result.value : undefined;
}

function message(result: ReturnType<typeof parseFieldInput>): string {
  assert.equal(result.ok, false);
  assert.equal(result.ok ? 0 : result.issues.length, 1);
  return result.ok ? '' : (result.issues[0]?.message ?? '');
}

describe('parseFieldInput', () => {
  it('treats empty or blank text as a field left empty, for every kind', () => {
    for (const field of [text, flag, age, colour, toppings]) {
      assert.equal(value(parseFieldInput(field, '')), undefined);
      assert.equal(value(parseFieldInput(field, '   ')), undefined);
    }
  });

  it('keeps text exactly as typed', () => {
    assert.equal(value(parseFieldInput(text, ' Ada Lovelace ')), ' Ada Lovelace ');
  });

  it('reads y/yes/true/1 and n/no/false/0 as booleans, case-insensitively', () => {
    for (const word of ['y', 'YES', 'True', '1', ' yes '])
      assert.equal(value(parseFieldInput(flag, word)), true);
    for (const word of ['n', 'No', 'FALSE', '0']) assert.equal(value(parseFieldInput(flag, word)), false);
  });

  it('rejects other boolean words with a message naming the field and the accepted forms', () => {
    const text = message(parseFieldInput(flag, 'maybe'));
    assert.match(text, /^Subscribe: /);
    assert.match(text, /y, yes, true or 1/);
    assert.match(text, /n, no, false or 0/);
  });

  it(req`parses numbers with a dot decimal and keeps fractions for number fields (E-15)`, () => {
    assert.equal(value(parseFieldInput(price, '95.5')), 95.5);
    assert.equal(value(parseFieldInput(price, '-3')), -3);
    assert.equal(value(parseFieldInput(price, '.5')), 0.5);
    assert.equal(value(parseFieldInput(price, '1e3')), 1000);
    assert.ok(Object.is(value(parseFieldInput(price, '-0')), 0));
  });

  it(req`rejects locale commas, hex, NaN, Infinity and overflow (E-15)`, () => {
    for (const bad of ['1,5', '0x10', 'NaN', 'Infinity', '-Infinity', '1e999', '12abc', '1 000']) {
      const text = message(parseFieldInput(price, bad));
      assert.match(text, /^Price: /, bad);
      assert.match(text, /dot before decimals/, bad);
    }
  });

  it('requires a whole number for integer fields', () => {
    assert.equal(value(parseFieldInput(age, '42')), 42);
    assert.equal(value(parseFieldInput(age, '42.0')), 42);
    assert.match(message(parseFieldInput(age, '42.5')), /Age: "42.5" is not a whole number/);
  });

  it('picks a single-select option by value, or by a unique case-insensitive label', () => {
    assert.equal(value(parseFieldInput(colour, 'g')), 'g');
    assert.equal(value(parseFieldInput(colour, 'green')), 'g');
    assert.equal(value(parseFieldInput(colour, ' RED ')), 'r');
    assert.equal(value(parseFieldInput(colour, 'blue, dark')), 'b');
  });

  it('rejects an unknown single-select option and lists the options', () => {
    const text = message(parseFieldInput(colour, 'purple'));
    assert.match(text, /^Colour: "purple" is not one of the options/);
    assert.match(text, /Red \(r\), Green \(g\), Blue, dark \(b\)/);
  });

  it('rejects a label that matches more than one option', () => {
    const twins: SingleSelectField = {
      ...colour,
      options: [
        { value: 'a', label: 'Same' },
        { value: 'b', label: 'same' },
      ],
    };
    assert.match(message(parseFieldInput(twins, 'SAME')), /matches more than one option/);
  });

  it('reads comma-separated multi-select values or labels, trimmed and without duplicates', () => {
    assert.deepEqual(value(parseFieldInput(toppings, 'ham, Egg')), ['ham', 'egg']);
    assert.deepEqual(value(parseFieldInput(toppings, 'egg,,ham,EGG')), ['egg', 'ham']);
    assert.deepEqual(value(parseFieldInput(toppings, 'Olives, black')), ['olive']);
  });

  it('accepts JSON array text for multi-select, including an explicit empty selection', () => {
    assert.deepEqual(value(parseFieldInput(toppings, '["olive","ham"]')), ['olive', 'ham']);
    assert.deepEqual(value(parseFieldInput(toppings, '[]')), []);
    assert.match(message(parseFieldInput(toppings, '[1,2]')), /not a JSON array of strings/);
  });

  it('rejects a multi-select item that is not an option, naming the field', () => {
    assert.match(
      message(parseFieldInput(toppings, 'ham, pineapple')),
      /^Toppings: "pineapple" is not one of the options/,
    );
  });

  it(req`shows escape sequences from server labels and typed text inert in messages (H-07)`, () => {
    const hostile: BooleanField = { ...flag, label: 'Ok\u001b[31mRED\u001b]0;title\u0007' };
    const text = message(parseFieldInput(hostile, 'x\u001b[2J'));
    assert.ok(!text.includes('\u001b') && !text.includes('\u0007'));
    assert.match(text, /^OkRED: "x"/);
  });
});

describe('formatFieldValue', () => {
  it('shows option labels for selects, yes/no for booleans and (empty) when absent', () => {
    assert.equal(formatFieldValue(colour, 'b'), 'Blue, dark');
    assert.equal(formatFieldValue(toppings, ['ham', 'olive']), 'Ham, Olives, black');
    assert.equal(formatFieldValue(toppings, []), '(none selected)');
    assert.equal(formatFieldValue(flag, true), 'yes');
    assert.equal(formatFieldValue(flag, false), 'no');
    assert.equal(formatFieldValue(price, 95.5), '95.5');
    assert.equal(formatFieldValue(text, undefined), '(empty)');
    assert.equal(formatFieldValue(text, ''), '""');
  });

  it('falls back to the raw value for a select value that is not an option', () => {
    assert.equal(formatFieldValue(colour, 'zz'), 'zz');
  });
});
