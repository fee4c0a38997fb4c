// The drawing thread when the server runs from its TypeScript sources (tests, `npm run dev`):
// the compiled server has draw-thread.js beside main.js and never loads this file.
import { register } from 'tsx/esm/api';

register();
const { default: drawInThread } = await import('./draw-thread.ts');
export default drawInThread;
