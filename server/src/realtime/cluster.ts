import type { Connection } from 'mongoose';
import { createAdapter } from '@socket.io/mongo-adapter';
import type { SocketServer } from './socket';

const COLLECTION = 'socket_io_adapter_events';

/**
 * With MongoDB, several server processes share rooms: the Socket.IO MongoDB adapter forwards
 * every broadcast and room operation through a collection watched with a change stream (a replica
 * set is required; docker-compose runs one). Adapter documents expire after an hour.
 */
export async function shareRoomsThroughMongo(io: SocketServer, connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('MongoDB connection has no database');
  const collection = db.collection(COLLECTION);
  await collection.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600, background: true });
  io.adapter(createAdapter(collection as never, { addCreatedAtField: true }));
}
