// The pure engine on its own: no SDK, no server, no I/O. Parse a requested schema as a server would
// send it, pre-fill its defaults, check answers, and build the ElicitResult to send back.
// Run: npx tsx examples/pure-engine.ts
import {
  failClosed,
  initialDraft,
  parseRequestedSchema,
  toElicitResult,
  validateContent,
} from 'mcp-elicit/core';

// What a server puts in `elicitation/create` params.requestedSchema (a flat object of primitives).
const requestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 13, maximum: 120, default: 30 },
    size: { type: 'string', title: 'T-shirt size', enum: ['S', 'M', 'L'] },
  },
  required: ['name', 'email'],
};

// Problems are data, not exceptions: a schema the spec does not allow comes back as issues.
const nested = parseRequestedSchema({ type: 'object', properties: { address: { type: 'object' } } });
if (!nested.ok) console.log(`refused: ${nested.issues.map((issue) => issue.message).join('; ')}`);

const parsed = parseRequestedSchema(requestedSchema);
if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('\n'));
const model = parsed.value;
console.log(`fields: ${model.fields.map((field) => `${field.name} (${field.kind})`).join(', ')}`);

// Defaults (SEP-1034) pre-fill the draft a front-end would show.
const { draft, defaulted } = initialDraft(model);
console.log(`pre-filled: ${JSON.stringify(draft)}, defaults: ${[...defaulted].join(', ')}`);

// An answer that does not fit: every problem is a sentence a person can read, per field.
const bad = validateContent(model, { ...draft, name: 'A', email: 'ada@', size: 'XL' });
if (!bad.ok) for (const issue of bad.issues) console.log(`issue: ${issue.field}: ${issue.message}`);

// failClosed is the last gate before sending: an accept that breaks the schema becomes a cancel.
console.log(
  `unchecked accept -> ${JSON.stringify(failClosed(model, { action: 'accept', content: { age: 7 } }))}`,
);

// A valid answer becomes the wire result, with exactly the form's fields in `content`.
const good = validateContent(model, { ...draft, name: 'Ada Lovelace', email: 'ada@example.com' });
if (good.ok)
  console.log(`send: ${JSON.stringify(toElicitResult({ action: 'accept', content: good.value }))}`);
