import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_PREFIX } from '../api-prefix.js';
import type { AppConfig } from '../config.js';
import { isOfficeOpen, lastClosing, OFFICE_CLOSED_MESSAGE } from '@pod/shared-contracts/constants';
import {
  CHAT_IMAGE_TOO_LARGE_MESSAGE,
  CHAT_IMAGE_TYPE_MESSAGE,
  CHAT_MESSAGE_REQUIRED,
} from '@pod/shared-contracts/validation';
import { detectChatImage, readChatImage } from '../domain/chat-image.js';
import { HttpProblem, tooManyAttempts } from '../errors.js';
import type { ChatMessageRow } from '../plugins/external/db-schema.js';
import { createAttemptLimits } from './attempt-limits.js';
import type { ServiceHandlers } from './types.js';
import type { components } from '@pod/shared-contracts/api/schema';

export const CHAT_IMAGE_NOT_FOUND = 'Image not found';
export const CHAT_RATE_LIMITED_MESSAGE =
  'You are sending messages too quickly. Please wait a while before trying again.';

/**
 * The images' own policy: nothing may load or run, and `sandbox` gives an SVG opened directly a
 * unique origin without scripts. SVGs are also answered as downloads (attachment), so a browser
 * never renders one as a document of the API's origin.
 */
export const CHAT_IMAGE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** A data URL image of up to 1 MiB is about 1.4 MB as base64; the message up to 4 000 characters. */
export const chatRouteOptions: Record<string, Partial<RouteOptions>> = {
  sendChatMessage: { bodyLimit: 2_200_000 },
};

type ChatMessageView = components['schemas']['ChatMessage'];

/** Where an image is served: the API host's path (spec section 7: "Chat images load from the product's API host"). */
export const chatImagePath = (name: string) => `${API_PREFIX}/chat/user/image/${name}`;

export function toChatMessageView(row: ChatMessageRow): ChatMessageView {
  return {
    id: row.id,
    source: row.source,
    message: row.message,
    created_at: row.created_at.toISOString(),
    misc: row.image_name ? JSON.stringify({ imageData: chatImagePath(row.image_name) }) : null,
  };
}

/**
 * The support chat (spec sections 4, 5, 8): the user's messages with an optional image, the
 * replies of the support team (admin console `chat reply`) and of the system (out of office).
 * Text is stored and answered as text (JSON), never as markup. Only the owner reads a chat and
 * its images: every lookup is by the token's user.
 */
export function createChatService(app: FastifyInstance, config: AppConfig) {
  const { chatRepository, unitOfWork } = app;
  const attempts = createAttemptLimits(app, config.now);

  return {
    async sendChatMessage(request, reply) {
      const userId = request.userId;
      const message = request.body.message.trim();
      const imageData = request.body.imageData ?? null;
      if (message === '' && (imageData === null || imageData.trim() === '')) {
        throw new HttpProblem(400, CHAT_MESSAGE_REQUIRED, 'VALIDATION');
      }
      let image: { name: string; bytes: Buffer } | null = null;
      if (imageData !== null && imageData.trim() !== '') {
        const read = readChatImage(imageData);
        if (!read.ok) {
          throw read.reason === 'size'
            ? new HttpProblem(400, CHAT_IMAGE_TOO_LARGE_MESSAGE, 'IMAGE_TOO_LARGE')
            : new HttpProblem(400, CHAT_IMAGE_TYPE_MESSAGE, 'IMAGE_TYPE');
        }
        image = { name: `chat-${userId}-${randomBytes(12).toString('hex')}.${read.type.extension}`, bytes: read.bytes };
      }
      const limits = config.rateLimits;
      if (limits) {
        const reserved = await attempts.reserveAll([
          { limit: limits.chatMessagesPerUser, scope: 'chat-user', value: String(userId) },
        ]);
        if (!reserved.granted) throw tooManyAttempts(reserved.retryAfter, CHAT_RATE_LIMITED_MESSAGE);
      }
      // The file first: a message never names a missing file (a file without its message is an orphan at worst).
      if (image) await app.fileStore.put(image.name, image.bytes);

      const now = config.now();
      const stored = await unitOfWork.run(async ({ chat }) => {
        // One out-of-office reply per closed period, also for messages sent at the same moment.
        await chat.lockUser(userId);
        const rows = [await chat.add({ userId, source: 'user', message, imageName: image?.name ?? null, at: now })];
        if (
          !isOfficeOpen(now) &&
          !(await chat.hasSystemMessageSince(userId, OFFICE_CLOSED_MESSAGE, lastClosing(now)))
        ) {
          rows.push(await chat.add({ userId, source: 'system', message: OFFICE_CLOSED_MESSAGE, at: now }));
        }
        return rows;
      });
      reply.code(201);
      return { statusCode: 0, description: 'Message sent', results: stored.map(toChatMessageView) };
    },

    async getChat(request) {
      return (await chatRepository.listByUser(request.userId)).map(toChatMessageView);
    },

    /** An image of the token's user's chat; any other name (another user's included) is a 404. */
    async getChatImage(request, reply) {
      const { name } = request.params;
      const row = await chatRepository.findImage(request.userId, name);
      const bytes = row ? await app.fileStore.readAll(name) : null;
      const type = bytes ? detectChatImage(bytes) : null;
      if (!bytes || !type) throw new HttpProblem(404, CHAT_IMAGE_NOT_FOUND);
      const disposition = type.kind === 'svg' ? 'attachment' : 'inline';
      return reply
        .type(type.contentType)
        .header('content-disposition', `${disposition}; filename="${name}"`)
        .header('content-security-policy', CHAT_IMAGE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  } satisfies ServiceHandlers;
}
