// How the interactive front-ends word the "this server keeps asking" question (spec C-21).
import type { OverRateInfo } from '../contracts/over-rate.js';

export function overRateText(info: OverRateInfo): string {
  return `This server keeps asking: more than ${info.burst} requests in a short time (the limit is ${info.perMinute} a minute after the first ${info.burst}).`;
}
