import { ElementHandler } from '../element-handler';
import { describe } from '../parse-context';

/** Listed on purpose, so that script tasks get a clear reason instead of "unsupported element". */
export const scriptTaskHandler: ElementHandler = ({ el, ctx }) => {
  ctx.error(`Script task ${describe(el)} is not supported: scripts from a deployment are never run`, el);
  return null;
};
