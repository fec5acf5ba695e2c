// Container healthcheck without curl (the slim images have none): every argument must answer.
//   node docker/healthcheck.cjs http://127.0.0.1:3101/readyz   -> an HTTP 2xx within 3 s
//   node docker/healthcheck.cjs tcp://redis:6379 tcp://clamav:3310   -> a TCP connection within 3 s
// Exits 0 when all answer, 1 otherwise (Docker's HEALTHCHECK contract).
'use strict';
const net = require('node:net');

const TIMEOUT_MS = 3000;

function checkTcp(target) {
  const { hostname, port } = new URL(target);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error(`${target}: no answer`)));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

async function checkHttp(target) {
  const res = await fetch(target, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${target}: ${res.status} ${await res.text()}`);
}

const targets = process.argv.slice(2);
Promise.all(targets.map((t) => (t.startsWith('tcp://') ? checkTcp(t) : checkHttp(t)))).then(
  () => process.exit(targets.length ? 0 : 1),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
