// The time zone of a date-time answer is always explicit: a select of the UTC offsets in use.
import { type Html, html } from '../escape.js';

const OFFSETS = [
  '-12:00',
  '-11:00',
  '-10:00',
  '-09:30',
  '-09:00',
  '-08:00',
  '-07:00',
  '-06:00',
  '-05:00',
  '-04:00',
  '-03:30',
  '-03:00',
  '-02:00',
  '-01:00',
  '+01:00',
  '+02:00',
  '+03:00',
  '+03:30',
  '+04:00',
  '+04:30',
  '+05:00',
  '+05:30',
  '+05:45',
  '+06:00',
  '+06:30',
  '+07:00',
  '+08:00',
  '+08:45',
  '+09:00',
  '+09:30',
  '+10:00',
  '+10:30',
  '+11:00',
  '+12:00',
  '+12:45',
  '+13:00',
  '+13:45',
  '+14:00',
];

export function zoneOptions(selected: string): Html {
  const zones = ['Z', ...OFFSETS];
  // An unusual offset in a default is kept as it is.
  if (!zones.includes(selected)) zones.push(selected);
  return html`${zones.map(
    (zone) =>
      html`<option value="${zone}"${zone === selected ? html` selected` : ''}>${zone === 'Z' ? 'UTC' : `UTC${zone.replace('-', '−')}`}</option>`,
  )}`;
}
