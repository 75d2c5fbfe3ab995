import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createLogger } from '../logger';
import { createSocketServer, userRoom } from './socket-server';

describe('live channel (Socket.IO)', () => {
  let server: http.Server;
  let io: ReturnType<typeof createSocketServer>;
  let url: string;
  const clients: Socket[] = [];

  beforeAll(async () => {
    server = http.createServer();
    io = createSocketServer(server, createLogger('silent'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await new Promise((resolve) => io.close(resolve));
  });

  const registered = async (userId: string): Promise<Socket> => {
    const client = connect(url, { transports: ['websocket'], reconnectionAttempts: 5 });
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    client.emit('register', userId);
    // Registration is acknowledged by joining the room; wait until the server sees it.
    while (!(await io.in(userRoom(userId)).fetchSockets()).some((socket) => socket.id === client.id)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return client;
  };

  it("delivers an event to the registered user's connections only", async () => {
    const asha = await registered('user-asha');
    const ashaPhone = await registered('user-asha');
    const ben = await registered('user-ben');
    const received: string[] = [];
    asha.on('appointmentCreated', (payload: { message: string }) =>
      received.push(`laptop:${payload.message}`),
    );
    ashaPhone.on('appointmentCreated', (payload: { message: string }) =>
      received.push(`phone:${payload.message}`),
    );
    ben.on('appointmentCreated', (payload: { message: string }) => received.push(`ben:${payload.message}`));

    io.to(userRoom('user-asha')).emit('appointmentCreated', { message: 'Booked', _id: 'n1' });
    while (received.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.sort()).toEqual(['laptop:Booked', 'phone:Booked']);
  });

  it('ignores a register without a usable user id', async () => {
    const client = connect(url, { transports: ['websocket'] });
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    client.emit('register', { not: 'an id' });
    client.emit('register', '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const rooms = [...io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith('user:'));
    expect(rooms.sort()).toEqual(['user:user-asha', 'user:user-ben']);
  });
});
