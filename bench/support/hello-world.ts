// The yardstick of the no-database route: a plain Fastify hello-world in a process of its own,
// started beside the application in the same run (same machine, same moment, same load).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
