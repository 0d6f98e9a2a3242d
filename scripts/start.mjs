// `npm start`: build the web application if needed, then serve it and the API on one origin.
import { buildWebIfStale } from './build-web.mjs';
import { bin, run } from './run.mjs';

const built = await buildWebIfStale();
if (built !== 0) process.exit(built);
const env = { NODE_ENV: 'production', ...process.env };
process.exit(await run(bin('tsx'), ['server/main.ts'], { env }));
