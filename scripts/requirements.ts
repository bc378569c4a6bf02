// The requirements table (docs/requirements.json) and the citations of its ids in src/ and test/.
// `node --import tsx scripts/requirements.ts --write` regenerates docs/requirements.md;
// test/requirements.test.ts checks that every cited id exists and every client MUST has a test.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const ERAS = ['2025-11-25', '2026-07-28'] as const;

export type Requirement = {
  readonly id: string;
  readonly level: string;
  readonly rule: string;
  /** `server` for a rule that binds only the server; otherwise taken from the id's group. */
  readonly side?: 'server';
  /** Published-spec section per era; null when the rule does not exist in that era. */
  readonly spec?: {
    readonly '2025-11-25'?: string | null;
    readonly '2026-07-28'?: string | null;
    readonly tasks?: string;
  };
  /** Why a MUST row has no citing test (e.g. "verified by the conformance suite"). */
  readonly untested?: string;
};

export type Table = { readonly groups: Record<string, string>; readonly rows: readonly Requirement[] };

/** One citation of an id: where it is, and whether it is in code (a title, an assertion) or a comment. */
export type Citation = {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly inCode: boolean;
};

/** An id as cited: one letter for the group, a dash, two digits (C-17, E-11, H-07). */
export const ID_PATTERN = /\b([A-Z])-(\d{2})\b/g;
/** A range such as `C-23..C-30` cites every id in between. */
const RANGE = /\b([A-Z])-(\d{2})\.\.\1-(\d{2})\b/g;
const SCANNED = ['src', 'test', 'scripts', 'bench'];
const SKIPPED = new Set(['scripts/requirements.ts', 'test/requirements.test.ts']);

export function loadTable(): Table {
  return JSON.parse(readFileSync(join(root, 'docs', 'requirements.json'), 'utf8')) as Table;
}

/** A MUST / MUST NOT that binds the client in at least one era (the rows that need a test). */
export function isClientMust(row: Requirement): boolean {
  if (row.side === 'server' || !/^MUST( NOT)?$/.test(row.level)) return false;
  if (!['A', 'C', 'M', 'T', 'X'].includes(row.id[0] ?? '')) return false;
  return ERAS.some((era) => typeof row.spec?.[era] === 'string');
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (/\.(ts|mjs|js|json)$/.test(entry.name) && !SKIPPED.has(path)) out.push(path);
  }
  return out.sort();
}

/** Blanks comments (keeping line breaks) so what remains is code and string literals. */
export function stripComments(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|\s)\/\/[^\n]*/g, blank);
}

function idsIn(line: string): string[] {
  const ids = [...line.matchAll(ID_PATTERN)].map((m) => m[0]);
  for (const [, group, from, to] of line.matchAll(RANGE)) {
    for (let n = Number(from) + 1; n < Number(to); n++) ids.push(`${group}-${String(n).padStart(2, '0')}`);
  }
  return ids;
}

export function scanCitations(): Citation[] {
  const out: Citation[] = [];
  // The README and the manual pages (docs/*.md) cite rule ids as well; the generated table does not.
  const pages = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'requirements.md')
    .map((name) => `docs/${name}`);
  for (const file of [...SCANNED.flatMap(listFiles), 'README.md', ...pages]) {
    const text = readFileSync(join(root, file), 'utf8');
    const code = /\.(json|md)$/.test(file) ? text : stripComments(text);
    const lines = text.split('\n');
    const codeLines = code.split('\n');
    lines.forEach((line, index) => {
      const inCode = new Set(idsIn(codeLines[index] ?? ''));
      for (const id of new Set(idsIn(line))) out.push({ id, file, line: index + 1, inCode: inCode.has(id) });
    });
  }
  return out;
}

/** Test files that cite each id outside comments (in a `req(...)` title or an assertion message). */
export function verifyingTests(citations: readonly Citation[]): Map<string, string[]> {
  const byId = new Map<string, Set<string>>();
  for (const c of citations) {
    if (!c.inCode || !c.file.endsWith('.test.ts')) continue;
    const files = byId.get(c.id) ?? new Set<string>();
    files.add(c.file);
    byId.set(c.id, files);
  }
  return new Map([...byId].map(([id, files]) => [id, [...files].sort()]));
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderMarkdown(table: Table, tests: ReadonlyMap<string, readonly string[]>): string {
  const out = [
    '# Requirements',
    '',
    '<!-- Generated from docs/requirements.json by `npm run requirements`; edit the JSON, not this file. -->',
    '',
    'The rules this client implements, each under the id that comments and test titles cite (`C-17`,',
    '`E-11`, ...). Rules are paraphrased. The era columns name where the published MCP specification',
    'states each rule (— : not in that era): `client/elicitation §8.1` is the page',
    '`specification/<era>/client/elicitation` on modelcontextprotocol.io, section 8.1. Level is the RFC',
    '2119 keyword, or `definition`, `informative`, `edge`, `house` for rows without one.',
    '',
    '"Verified by" lists the test files that cite the id outside comments, usually in a title written',
    'with ``req`sentence (C-17)` `` from `test/helpers/req.ts`. `test/requirements.test.ts` finds them',
    'and fails when a cited id is missing here or a client MUST has neither a test nor a stated reason.',
    '',
  ];
  for (const [group, title] of Object.entries(table.groups)) {
    const rows = table.rows.filter((r) => r.id.startsWith(`${group}-`));
    out.push(`## ${group}: ${title}`, '');
    out.push('| id | level | rule | 2025-11-25 | 2026-07-28 | verified by |', '|---|---|---|---|---|---|');
    for (const row of rows) {
      const era = (name: (typeof ERAS)[number]) => row.spec?.[name] ?? '—';
      const modern = row.spec?.tasks
        ? `${era('2026-07-28') === '—' ? '' : `${era('2026-07-28')}; `}${row.spec.tasks}`
        : era('2026-07-28');
      const files = tests.get(row.id) ?? [];
      const verified =
        files.length > 0
          ? files.map((f) => `\`${f.replace(/^test\//, '')}\``).join(', ')
          : (row.untested ?? '');
      const level = row.side === 'server' ? `${row.level} (server)` : row.level;
      out.push(
        `| ${row.id} | ${level} | ${cell(row.rule)} | ${cell(era('2025-11-25'))} | ${cell(modern)} | ${cell(verified)} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

export function markdownPath(): string {
  return join(root, 'docs', 'requirements.md');
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const text = renderMarkdown(loadTable(), verifyingTests(scanCitations()));
  if (process.argv.includes('--write')) writeFileSync(markdownPath(), text);
  else process.stdout.write(text);
}
