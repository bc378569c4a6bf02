export type { ParkedField, ParkedOption, ParkedQuestion } from './parked-question.js';
export {
  type ParkAnswer,
  type ParkingOptions,
  ParkingRenderer,
  type ParkRefusal,
  type ParkSettled,
  type ParkVerdict,
} from './parking-renderer.js';
export { fromPortable, type PortablePrompt } from './portable-prompt.js';
