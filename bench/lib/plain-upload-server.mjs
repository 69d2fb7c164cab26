// The baseline for upload throughput: a bare Node HTTP server that streams the request body to a file.
// Usage: node plain-upload-server.mjs <port> <file>
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const [port, file] = process.argv.slice(2);
http
  .createServer(async (req, res) => {
    await pipeline(req, fs.createWriteStream(file));
    res.writeHead(204).end();
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
