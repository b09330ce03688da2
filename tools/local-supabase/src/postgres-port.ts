// The backend's database on a PostgreSQL port, as a Supabase project offers its own, so that the
// operator commands that take SUPABASE_DB_URL (npm run preview-link, npm run doctor) run against it
// unchanged. PGlite speaks the wire protocol itself once a session has started; this answers the
// start (no TLS, no password: the port listens on 127.0.0.1 only) and hands every later message to
// it, one client message at a time. Clients share PGlite's one session with the Data API, so they
// are for short commands, not for holding transactions open.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const TERMINATE = 0x58; // 'X'

function backendMessage(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'ascii');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const parameter = (name: string, value: string) => backendMessage('S', Buffer.from(`${name}\0${value}\0`));

// AuthenticationOk, what a client reads of the server, and ready for a query.
const SESSION_STARTED = Buffer.concat([
  backendMessage('R', Buffer.alloc(4)),
  parameter('server_encoding', 'UTF8'),
  parameter('client_encoding', 'UTF8'),
  parameter('DateStyle', 'ISO, MDY'),
  parameter('integer_datetimes', 'on'),
  parameter('standard_conforming_strings', 'on'),
  backendMessage('Z', Buffer.from('I')),
]);

function serve(db: PGlite, socket: Socket): void {
  let pending = Buffer.alloc(0);
  let started = false;
  let work = Promise.resolve();

  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    const messages: Buffer[] = [];
    for (;;) {
      if (!started) {
        // Untyped start messages: an SSL or GSS request (refused: "N"), then the startup message.
        if (pending.length < 8 || pending.length < pending.readInt32BE(0)) break;
        const length = pending.readInt32BE(0);
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) socket.write('N');
        else {
          started = true;
          socket.write(SESSION_STARTED);
        }
        continue;
      }
      if (pending.length < 5 || pending.length < pending.readInt32BE(1) + 1) break;
      const length = pending.readInt32BE(1) + 1;
      messages.push(pending.subarray(0, length));
      pending = pending.subarray(length);
    }
    work = work
      .then(async () => {
        for (const message of messages) {
          if (message[0] === TERMINATE) {
            socket.end();
            return;
          }
          const reply = await db.execProtocolRaw(new Uint8Array(message));
          if (reply.length > 0) socket.write(reply);
        }
      })
      .catch((error: unknown) => {
        socket.destroy(error instanceof Error ? error : new Error(String(error)));
      });
  });
  socket.on('error', () => socket.destroy());
}

/** Listens on 127.0.0.1 (`port` 0 picks a free one); the URL connects as the owner, `postgres`. */
export async function servePostgres(db: PGlite, port: number): Promise<{ server: Server; port: number; url: string }> {
  const server = createServer((socket) => serve(db, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const chosen = (server.address() as AddressInfo).port;
  return { server, port: chosen, url: `postgresql://postgres@127.0.0.1:${chosen}/postgres` };
}
