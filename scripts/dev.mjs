// `npm run dev`: the API on port 3001 restarting on change, and Vite with hot reload on 3000 in front of it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3001', NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
