// Child process for stdin-release.test.ts: asks one confirmation on the real stdin, prints the
// outcome, closes the renderer and then relies on the event loop emptying to exit.
import { PlainRenderer } from '../../../src/frontends/plain/index.js';
import { context, formPrompt, model } from '../scripted/fixtures.js';

const renderer = new PlainRenderer({ input: process.stdin, output: process.stdout });
const answer = await renderer.form(formPrompt(model([])), context());
process.stdout.write(`OUTCOME ${answer.outcome.action}\n`);
await renderer.close();
