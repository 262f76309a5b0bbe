import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** SMTP when configured, the server log otherwise; tests hand in their own outbox. */
export default fp<{ smtpUrl?: string; from: string; mailer?: Mailer }>(
  async (app, options) => {
    app.decorate('mailer', options.mailer ?? createMailer({ ...options, log: app.log }));
  },
  { name: 'mailer' },
);
