// How the interactive front-ends word the "this server keeps asking" question (spec C-21).
import type { OverRateInfo } from '../contracts/over-rate.js';

export function overRateText(info: OverRateInfo): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `This server keeps asking: it went over its limit of ${plural(info.burst, 'request')} in a row, then ${info.perMinute} a minute.`;
}
