export type { ParkedField, ParkedOption, ParkedQuestion } from './parked-question.js';
export {
  type ParkAnswer,
  type ParkingOptions,
  ParkingRenderer,
  type ParkRefusal,
  type ParkVerdict,
} from './parking-renderer.js';
