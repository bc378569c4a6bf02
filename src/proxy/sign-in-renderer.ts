// Who asks for the proxy's own sign-in to the upstream server: the proxy's front-end (the browser
// by default), never the host (the host owns stdin/stdout, and its elicitations belong to the
// server's requests, not to the proxy's connection). The link is also printed on stderr, where a
// host shows the proxy's log, so a person can open it by hand.
import type { PromptContext, Renderer, UrlAnswer, UrlPrompt } from '../contracts/renderer.js';
import { sanitizeText } from '../core/sanitize.js';

export function proxySignInRenderer(self: Renderer, log: (line: string) => void): Renderer {
  const url = self.url?.bind(self);
  return {
    name: self.name,
    interactive: self.interactive,
    ...(self.opener && { opener: self.opener }),
    form: (prompt, ctx) => self.form(prompt, ctx),
    // A sign-in's notices (a device code, where to enter it) go to stderr too, where the host logs them.
    notice: (notice) => {
      log(`${sanitizeText(notice.server.label)}: ${sanitizeText(notice.message)}`);
      self.notice?.(notice);
    },
    ...(url && {
      url: (prompt: UrlPrompt, ctx: PromptContext): Promise<UrlAnswer> => {
        log(
          `${sanitizeText(ctx.server.label)} needs a sign-in; the sign-in page: ${sanitizeText(prompt.analysis.href)}`,
        );
        return url(prompt, ctx);
      },
    }),
  };
}
