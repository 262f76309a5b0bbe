/**
 * The local Pix provider: a stand-in for the store's bank, as the local OPDV stands in for the point
 * of sale. It makes the charges Painel asks for (`PUT /cob/:txid`, a BR Code for the amount and
 * the key; a real provider's code points at the charge's location, this one carries the txid's
 * first 25 characters as a static code does) and, when told the guest paid (`POST /__pay/:txid`, what the guest's bank app would
 * do), posts the signed webhook to Painel. `npm start` runs it; the tests run it in-process.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brCode } from '../../contract/resources/tabs/pix';
import { centsOf, signature, SIGNATURE_HEADER } from './provider';

export interface PixStandIn {
  url: string;
  /** Where the webhook goes: Painel's `/api/pix/webhook` (settable: Painel may start after). */
  webhookUrl: string;
  /** The charges made, by txid. */
  charges: Map<string, { amount: number; key: string; code: string; paid: boolean }>;
  /** Pays a charge as the guest's bank would: posts the webhook; answers its HTTP status. */
  pay(txid: string): Promise<number>;
  close(): Promise<void>;
}

export async function startPixStandIn(options: {
  webhookUrl?: string;
  secret: string;
  port?: number;
}): Promise<PixStandIn> {
  const charges: PixStandIn['charges'] = new Map();
  const self = { webhookUrl: options.webhookUrl ?? '' };
  const pay = async (txid: string) => {
    const charge = charges.get(txid);
    if (!charge) return 404;
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: `E${crypto.randomBytes(15).toString('hex').toUpperCase()}`.slice(0, 32),
          txid,
          valor: (charge.amount / 100).toFixed(2),
          horario: new Date().toISOString(),
        },
      ],
    });
    const response = await fetch(self.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(body, options.secret) },
      body,
    });
    if (response.ok) charge.paid = true;
    return response.status;
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const cob = /^\/cob\/([A-Za-z0-9]{26,35})$/.exec(request.url ?? '');
      if (request.method === 'PUT' && cob) {
        const txid = cob[1]!;
        const asked = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
          valor?: { original?: string };
          chave?: string;
        };
        const amount = centsOf(asked.valor?.original ?? '0');
        if (!asked.chave || !(amount > 0)) return answer(400, { title: 'Cobrança inválida' });
        const code = brCode({
          key: asked.chave,
          keyType: 'RANDOM',
          name: 'Painel',
          city: 'Sao Paulo',
          amount,
          txid: txid.slice(0, 25),
        });
        charges.set(txid, { amount, key: asked.chave, code, paid: false });
        return answer(201, {
          txid,
          status: 'ATIVA',
          valor: asked.valor,
          chave: asked.chave,
          pixCopiaECola: code,
        });
      }
      const paying = /^\/__pay\/([A-Za-z0-9]{26,35})$/.exec(request.url ?? '');
      if (request.method === 'POST' && paying) {
        void pay(paying[1]!).then((status) => answer(status < 300 ? 200 : 502, { webhook: status }));
        return;
      }
      answer(404, { title: 'Não encontrado' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(self, {
    url: `http://127.0.0.1:${port}`,
    charges,
    pay,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
