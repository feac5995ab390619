import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP relay between one PartSpec instance and redis-server, which a test can cut (every
 * connection dropped, new ones refused) and heal: a network partition of that instance alone.
 */
export interface Partition {
  /** `redis://127.0.0.1:PORT` of the relay. */
  readonly url: string;
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startPartition(redisPort: number): Promise<Partition> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(redisPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const dropAll = (): void => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      open = false;
      dropAll();
    },
    heal() {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
