// Progress sent to the host under its token: the upstream server's, and the proxy's keep-alive
// while a person answers. Progress MUST increase (2025-11-25 basic/utilities/progress), so the two
// share one line and a keep-alive step stays below a known total.
import type { Progress } from '@modelcontextprotocol/client';

export class ProgressLine {
  #last = 0;
  #total: number | undefined;
  #sent = false;

  /** Upstream progress as forwarded: its value, or a step past ours when a keep-alive overtook it. */
  upstream(progress: Progress): Progress {
    const value = !this.#sent || progress.progress > this.#last ? progress.progress : this.#step();
    this.#mark(value, progress.total);
    return { ...progress, progress: value };
  }

  /** The next keep-alive notification. */
  keepAlive(message: string): Progress {
    const value = this.#sent ? this.#step() : 0;
    this.#mark(value, this.#total);
    return { progress: value, ...(this.#total !== undefined && { total: this.#total }), message };
  }

  #step(): number {
    const total = this.#total;
    return total !== undefined && total > this.#last
      ? this.#last + (total - this.#last) / 100
      : this.#last + 1;
  }

  #mark(value: number, total: number | undefined): void {
    this.#last = value;
    this.#total = total;
    this.#sent = true;
  }
}
