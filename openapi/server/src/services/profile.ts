import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { AttemptLimiter } from '../domain/attempt-limiter.js';
import { checkRegistration } from '../domain/registration.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import type { UserRow } from '../plugins/external/db-schema.js';
import { EmailTakenError } from '../plugins/app/user-repository.js';
import { hashPassword } from './password-hash.js';
import { createSessionIssuer } from './session.js';
import type { ServiceHandlers } from './types.js';

/** Spelled as the spec gives it ("alreay"); the front end shows it verbatim. */
export const EMAIL_TAKEN_MESSAGE =
  'This email alreay exists on our system, please use another email or login to continue';

/** The User object of the spec (section 3): the stored current user of the front end. */
export interface UserView {
  id: number;
  email: string;
  name_first: string;
  name_last: string;
  firstname: string;
  lastname: string;
  phone_main: string | null;
  balance: number;
  user_status: number;
  cart: unknown[];
  /** JSON text, as the front end parses it (bankInfo and publisher fields). */
  misc: string;
  admin_confirmation: number;
  user_confirmation: number;
  /** JSON text of the pending update request, or null. */
  pending_changes: string | null;
  initial_login: number;
}

export function toUserView(user: UserRow): UserView {
  return {
    id: user.id,
    email: user.email,
    name_first: user.name_first,
    name_last: user.name_last,
    firstname: user.name_first,
    lastname: user.name_last,
    phone_main: user.phone_main,
    balance: Number(user.balance),
    user_status: user.user_status,
    // The cart lives in the checkout area (a later issue); an empty list keeps the shape stable.
    cart: [],
    misc: JSON.stringify(user.misc ?? {}),
    admin_confirmation: user.admin_confirmation,
    user_confirmation: user.user_confirmation,
    pending_changes: user.pending_changes === null ? null : JSON.stringify(user.pending_changes),
    initial_login: user.initial_login,
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Handlers for the /user/* profile operations of portal.yaml implemented so far. */
export function createProfileService(app: FastifyInstance, config: AppConfig) {
  const { userRepository, verificationTokenRepository, mailer } = app;
  const sessions = createSessionIssuer(app, config);

  const emailTaken = () => new HttpProblem(409, EMAIL_TAKEN_MESSAGE, 'U30');
  const registrations = config.rateLimits
    ? new AttemptLimiter(config.rateLimits.registrationsPerAddress, config.now)
    : undefined;

  /** Stores a hashed one-time token and mails the link; a mail failure must not undo the registration. */
  async function sendVerificationEmail(request: FastifyRequest, user: UserRow): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = config.now();
    await verificationTokenRepository.insert({
      id: randomUUID(),
      user_id: user.id,
      purpose: 'verify',
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + config.verificationTokenTtlSeconds * 1000),
      created_at: now,
    });
    const link = `${config.publicUrl}/verify?id=${user.id}&token=${encodeURIComponent(token)}`;
    try {
      await mailer.send({
        to: user.email,
        subject: 'Verify your Print on Demand account',
        text:
          `Hi ${user.name_first},\n\nWelcome to Print on Demand. Please verify your e-mail address to activate your account:\n\n` +
          `${link}\n\nThe link is valid for 24 hours. If you did not register, you can ignore this e-mail.\n`,
        html:
          `<p>Hi ${escapeHtml(user.name_first)},</p><p>Welcome to Print on Demand. Please verify your e-mail address to activate your account:</p>` +
          `<p><a href="${escapeHtml(link)}">Verify my account</a></p><p>The link is valid for 24 hours. If you did not register, you can ignore this e-mail.</p>`,
      });
    } catch (err) {
      request.log.error({ err, userId: user.id }, 'verification e-mail could not be sent');
    }
  }

  return {
    async addUser(request: FastifyRequest, reply: FastifyReply) {
      const checked = checkRegistration(request.body);
      if (!checked.ok) throw new HttpProblem(400, checked.message, 'VALIDATION');
      const input = checked.value;

      // Counted after validation: typos are free, but account creation and U30 probing are not.
      if (registrations) {
        const wait = registrations.retryAfter(request.ip);
        if (wait > 0) throw tooManyAttempts(wait);
        registrations.hit(request.ip);
      }

      if (await userRepository.findByEmail(input.email)) throw emailTaken();

      let user: UserRow;
      try {
        user = await userRepository.create({
          email: input.email,
          passwordHash: await hashPassword(input.password),
          nameFirst: input.name_first.trim(),
          nameLast: input.name_last.trim(),
          balance: config.welcomeCredit,
          userStatus: 0,
        });
      } catch (err) {
        // Two registrations raced past the lookup; the unique index decided.
        if (err instanceof EmailTakenError) throw emailTaken();
        throw err;
      }

      await sendVerificationEmail(request, user);
      const pair = await sessions.start(user);
      reply.code(201);
      return {
        ...pair,
        statusCode: 0,
        description: 'Your account has been created. Please follow the link we e-mailed you to activate it.',
      };
    },

    async viewUserInfo(request: FastifyRequest) {
      const user = await userRepository.findById(request.userId);
      // The token outlived its account (deleted since login).
      if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
      return { statusCode: 0, result: toUserView(user) };
    },
  } satisfies ServiceHandlers;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
