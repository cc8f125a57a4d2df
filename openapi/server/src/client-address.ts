import type { FastifyRequest } from 'fastify';

/**
 * Who is on the other end of a request, for the few things only this machine may see (the dev
 * mailbox). Judged by the socket, never by a header: with trustProxy on, request.ip comes from
 * X-Forwarded-For, which any client can write.
 */

/** Headers a proxy adds. Their presence means the socket's address is the proxy's, not the client's. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether `address` is a loopback address: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const lower = address.trim().toLowerCase();
  const mapped = /^(?:0{0,4}:){5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  const ipv4 = mapped ? mapped[1]! : lower;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ipv4);
  if (octets) return octets.slice(1).every((octet) => Number(octet) <= 255) && octets[1] === '127';
  return /^(?:0{0,4}:){7}0{0,3}1$/.test(lower) || lower === '::1';
}

/**
 * Whether a request comes from this machine: its socket is loopback AND it carries no forwarding
 * header. A reverse proxy on the same host connects over loopback, so without the second rule
 * every client behind it would look local; the header only ever denies, never grants, so a client
 * gains nothing by forging one. This holds whether trustProxy is on or off.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
