export type * from './element-config';
export type * from './event-definition';
export type * from './sequence-flow';
export type * from './process-graph';
export type * from './flow-node';
export { isActivity } from './flow-node';
