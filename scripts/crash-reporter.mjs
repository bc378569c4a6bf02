// A node:test reporter for scripts/run-tests.mjs: one JSON line per failure (its file, and whether
// it is Chromium's renderer crash), so the runner can tell a crashed browser from a failed assertion.
const CRASH = /\b(Page|Target) crashed\b/;

export default async function* crashReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const error = event.data.details?.error;
    // A suite that failed only because a test in it failed says nothing of its own.
    if (error?.failureType === 'subtestsFailed') continue;
    const message = String(error?.cause?.message ?? error?.message ?? '');
    yield `${JSON.stringify({ file: event.data.file, crash: CRASH.test(message) })}\n`;
  }
}
