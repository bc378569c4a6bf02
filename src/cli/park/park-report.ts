// What `call --park` and `answer` print from a holder's report: the command's own output when it
// ended (same text, same --json, same exit status as without --park), or the questions now waiting.
import { ElicitError } from '../../contracts/elicit-error.js';
import type { Io } from '../frontend.js';
import type { HolderReport } from './holder-wire.js';
import { parkedJson, parkedText } from './park-output.js';

/** The exit status, or `parked` (main.ts maps it) when questions wait for an answer. */
export function showReport(report: HolderReport, io: Io, json: boolean): number | 'parked' {
  switch (report.kind) {
    case 'finished':
      io.stdout.write(report.stdout);
      io.stderr.write(report.stderr);
      return report.status;
    case 'parked':
      io.stdout.write(
        report.json || json ? parkedJson(report.questions) : parkedText(report.questions, Date.now()),
      );
      return 'parked';
    case 'refused':
      throw new ElicitError(
        'usage',
        report.code === 'unknown'
          ? `answer not taken: ${report.message}`
          : `answer not taken: ${report.message.replace(/\.$/, '')}. The question is still waiting; answer it again.`,
      );
    case 'failed':
      throw new ElicitError('config', report.message);
    case 'completed':
      // P-14: the person finished the page and the server said so; no answer was needed.
      io.stderr.write(
        'mcp-elicit: the server completed this URL step itself (notifications/elicitation/complete); nothing was sent. What came next:\n',
      );
      return showReport(report.next, io, json);
    case 'listed':
    case 'question':
    case 'kept':
      throw new ElicitError('request', 'the park holder answered with something else than was asked');
  }
}
