/**
 * `npm run dev`: the API (reloading on change, port 3001) and Vite's dev server (port 3000,
 * hot reload, proxying /api, /auth and /uploads to the API). Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';
import { startStandIn } from '../server/opdv/stand-in';

const apiPort = process.env.API_PORT ?? '3001';
// The local OPDV for the demo's integration, unless OPDV_URL names a point of sale already.
const opdvUrl =
  process.env.OPDV_URL ??
  (await startStandIn({ port: Number(process.env.OPDV_PORT ?? 4010) }).catch(() => startStandIn())).url;
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, OPDV_URL: opdvUrl },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_TARGET: `http://localhost:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  // The local OPDV lives in this process: it goes when the children do.
  setTimeout(() => process.exit(), 1000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
