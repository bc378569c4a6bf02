// How parked questions are shown: the --json report (P-02) and a readable block with the exact
// `answer` commands to run. Everything shown was cleaned when the question parked; names that end
// up in a command line are quoted for the shell as well.
import { safeJsonStringify } from '../../core/safe-json.js';
import type { ParkedField, ParkedQuestion } from '../../frontends/park/index.js';
import type { StoredQuestion } from './park-store.js';

/** The exact command that answers `question`, with a placeholder for each value to give. */
export function answerCommand(question: ParkedQuestion): string {
  const head = `mcp-elicit answer ${question.id}`;
  if (question.mode === 'url' || question.mode === 'sign-in') return `${head} --done`;
  const asked = question.fields.filter((field) => field.required);
  const shown = asked.length > 0 ? asked : question.fields;
  if (shown.length === 0) return `${head} --accept-defaults`;
  return `${head} ${shown.map((field) => `--set ${shellQuote(`${field.name}=<${field.type}>`)}`).join(' ')}`;
}

// Single quotes keep every character as typed; a quote inside is closed, escaped and reopened.
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export function parkedJson(questions: readonly StoredQuestion[]): string {
  const era = questions[0]?.era;
  return `${safeJsonStringify({
    ok: false,
    pending: questions.map(publicShape),
    ...(era !== undefined && { protocol: { era } }),
    error: { code: 'parked', message: parkedSentence(questions.length) },
  })}\n`;
}

/** `pending --json`: every waiting question, in the same shape, with its age. */
export function pendingJson(questions: readonly StoredQuestion[], now: number): string {
  const pending = questions.map((q) => ({
    ...publicShape(q),
    ageSeconds: Math.round((now - q.parkedAt) / 1000),
  }));
  return `${safeJsonStringify({ ok: true, pending })}\n`;
}

// The issue's field order: id, server, request, mode, message, fields, url, site, siteAscii, warnings, expiresAt, answer.
function publicShape(q: StoredQuestion) {
  return {
    id: q.id,
    server: q.server,
    request: q.request ?? null,
    mode: q.mode,
    message: q.message,
    fields: q.fields,
    url: q.url ?? null,
    site: q.site ?? null,
    siteAscii: q.siteAscii ?? null,
    warnings: q.warnings,
    ...signInShape(q),
    parkedAt: new Date(q.parkedAt).toISOString(),
    expiresAt: new Date(q.expiresAt).toISOString(),
    ...(q.expiryNote !== undefined && { expiryNote: q.expiryNote }),
    answer: q.answer,
  };
}

// A parked sign-in (issue 34 item 3): its flow, and for the device flow the code and where to enter it.
function signInShape(q: StoredQuestion) {
  if (q.mode !== 'sign-in') return {};
  return {
    flow: q.flow ?? null,
    ...(q.flow === 'device' && {
      verificationUri: q.verificationUri ?? null,
      verificationUriComplete: q.verificationUriComplete ?? null,
      userCode: q.userCode ?? null,
    }),
  };
}

function parkedSentence(count: number): string {
  return count === 1
    ? 'the server asked a question; it is parked until answered with mcp-elicit answer'
    : `the server asked ${count} questions; they are parked until answered with mcp-elicit answer`;
}

export function parkedText(questions: readonly StoredQuestion[], now: number): string {
  const blocks = questions.map((q) => questionText(q, now));
  return `${parkedSentence(questions.length)}.\n\n${blocks.join('\n')}`;
}

function questionText(q: StoredQuestion, now: number): string {
  const request = q.request ? ` (${q.request.method}${q.request.name ? ` ${q.request.name}` : ''})` : '';
  const lines = [
    `Question ${q.id} from ${q.server}${request}, ${q.mode} mode:`,
    ...q.message.split('\n').map((line) => `  ${line}`),
  ];
  for (const field of q.fields) lines.push(`  - ${fieldLine(field)}`);
  if (q.mode === 'sign-in') return signInText(q, lines, now);
  if (q.url !== undefined) {
    lines.push(`  Page to visit: ${q.url}`);
    lines.push(`  Site: ${q.site ?? '?'}${q.siteAscii && q.siteAscii !== q.site ? ` (${q.siteAscii})` : ''}`);
  }
  for (const warning of q.warnings) lines.push(`  Warning: ${warning}`);
  lines.push(`  Expires in ${minutes(q.expiresAt - now)} (${new Date(q.expiresAt).toISOString()}).`);
  if (q.expiryNote !== undefined) lines.push(`  (${q.expiryNote}.)`);
  lines.push(`  Answer: ${q.answer}`);
  lines.push(`     or: mcp-elicit answer ${q.id} --decline | --cancel`);
  return `${lines.join('\n')}\n`;
}

// The sign-in's facts and the exact commands: --done once signed in, --paste-back, --cancel.
function signInText(q: StoredQuestion, lines: string[], now: number): string {
  if (q.flow === 'device') {
    lines.push(`  Open ${q.verificationUri ?? q.url} on any device and enter the code ${q.userCode ?? '?'}`);
    if (q.verificationUriComplete !== undefined)
      lines.push(`  (or open ${q.verificationUriComplete}, which fills the code in)`);
  } else lines.push(`  Sign-in page: ${q.url}`);
  lines.push(`  Site: ${q.site ?? '?'}${q.siteAscii && q.siteAscii !== q.site ? ` (${q.siteAscii})` : ''}`);
  for (const warning of q.warnings) lines.push(`  Warning: ${warning}`);
  lines.push(`  Expires in ${minutes(q.expiresAt - now)} (${new Date(q.expiresAt).toISOString()}).`);
  if (q.expiryNote !== undefined) lines.push(`  (${q.expiryNote}.)`);
  lines.push(`  Once signed in: ${q.answer}`);
  if (q.flow !== 'device')
    lines.push(
      `  Browser on another machine: mcp-elicit answer ${q.id} --paste-back, the address it ended on as one line on stdin`,
    );
  lines.push(`  To stop: mcp-elicit answer ${q.id} --cancel`);
  return `${lines.join('\n')}\n`;
}

function fieldLine(field: ParkedField): string {
  const parts = [field.type, field.required ? 'required' : 'optional'];
  if (field.format) parts.push(field.format);
  if (field.default !== undefined) parts.push(`default ${JSON.stringify(field.default)}`);
  for (const [key, value] of Object.entries(field.limits ?? {})) parts.push(`${key} ${String(value)}`);
  const options = field.options
    ? `: ${field.options.map((o) => (o.label === o.value ? o.value : `${o.value} (${o.label})`)).join(', ')}`
    : '';
  const title = field.title !== field.name ? ` "${field.title}"` : '';
  return `${field.name}${title} (${parts.join(', ')})${options}`;
}

function minutes(ms: number): string {
  const m = Math.max(0, Math.round(ms / 60_000));
  return m < 1 ? 'under a minute' : `${m} min`;
}
