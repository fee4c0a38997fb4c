export * from './constants';
export * from './errors';
export * from './envelope';
export * from './entities';
export * from './socket';
export * from './api';
export * from './customId';
export * from './archive';
