// The other end of bench/loopback-floor.ts, with no MCP in it: `stdio` echoes each line back;
// `http` answers each POST with a JSON-RPC result on node:http and prints its URL on stdout.
import http from 'node:http';

if (process.argv[2] === 'stdio') {
  process.stdin.on('data', (chunk) => process.stdout.write(chunk));
} else {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, result: {} }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}/\n`));
}
