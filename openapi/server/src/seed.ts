import type { FastifyInstance } from 'fastify';
import { hashPassword } from './services/password-hash.js';

export const DEMO_ACCOUNT = {
  email: 'demo@pod.local',
  password: 'Demo#2026pass',
  nameFirst: 'Thandi',
  nameLast: 'Nkosi',
} as const;

/**
 * Creates the demo account if it is missing (never touches an existing one, so a demo user's
 * changes survive restarts). Active (user_status 1), welcome already seen (initial_login 1).
 * Returns whether it was created.
 */
export async function seedDemo(app: FastifyInstance): Promise<boolean> {
  if (await app.userRepository.findByEmail(DEMO_ACCOUNT.email)) return false;
  await app.userRepository.create({
    email: DEMO_ACCOUNT.email,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    nameFirst: DEMO_ACCOUNT.nameFirst,
    nameLast: DEMO_ACCOUNT.nameLast,
    userStatus: 1,
    initialLogin: 1,
    balance: 1250,
  });
  return true;
}
