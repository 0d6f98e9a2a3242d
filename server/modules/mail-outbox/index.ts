export { registerMailOutboxRoutes } from './mail-outbox.routes';
