// Problem details (RFC 9457) for the Room API: every refusal names what is wrong.
import type { FastifyReply } from 'fastify';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  field?: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function problem(status: number, slug: string, detail: string, field?: string): ProblemBody {
  return {
    type: `https://ratelimitlab.example/problems/${slug}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(field === undefined ? {} : { field }),
  };
}

export function sendProblem(reply: FastifyReply, body: ProblemBody): FastifyReply {
  return reply
    .code(body.status)
    .header('Content-Type', 'application/problem+json')
    .header('Cache-Control', 'no-store')
    .send(JSON.stringify(body));
}
