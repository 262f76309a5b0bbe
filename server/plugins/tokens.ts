import fp from 'fastify-plugin';
import { TokenService } from '../auth/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export default fp<{ secret: string }>(
  async (app, { secret }) => {
    app.decorate('tokens', new TokenService(secret));
  },
  { name: 'tokens' },
);
