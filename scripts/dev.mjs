// `npm run dev`: the API with restart on change (port 3000) and Vite with hot reload (port 5173),
// which proxies /api and the version file to the API.
import { spawn } from 'node:child_process';
import { bin } from './run.mjs';

const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(bin('vite'), ['--config', 'web/vite.config.ts'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
