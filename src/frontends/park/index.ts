export type { ParkAnswer, ParkRefusal } from './park-answer.js';
export type { ParkedField, ParkedOption, ParkedQuestion } from './parked-question.js';
export {
  type ParkingOptions,
  ParkingRenderer,
  type ParkSettled,
  type ParkVerdict,
} from './parking-renderer.js';
export { fromPortable, type PortablePrompt } from './portable-prompt.js';
