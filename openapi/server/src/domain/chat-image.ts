/**
 * Images attached to chat messages (account-area.md section 5: .svg, .png, .jpg, .jpeg, .jfif).
 * They arrive as `data:` URLs (base64). The type is decided by the bytes, never by the declared
 * media type alone: the declared type must be one of the accepted ones and agree with the bytes
 * (a .jfif is a JPEG, declared image/jpeg by browsers). The stored file gets the detected type's
 * extension, and the image is served with the detected Content-Type.
 */

import { MAX_CHAT_IMAGE_BYTES } from '@pod/shared-contracts/validation';

export type ChatImageKind = 'png' | 'jpeg' | 'svg';

export interface ChatImageType {
  kind: ChatImageKind;
  /** Extension of the stored file. */
  extension: 'png' | 'jpg' | 'svg';
  contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
}

export const CHAT_IMAGE_TYPES: Record<ChatImageKind, ChatImageType> = {
  png: { kind: 'png', extension: 'png', contentType: 'image/png' },
  jpeg: { kind: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' },
  svg: { kind: 'svg', extension: 'svg', contentType: 'image/svg+xml' },
};

/** Declared media types a browser gives the accepted files (FileReader.readAsDataURL). */
const DECLARED: Record<string, ChatImageKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/svg+xml': 'svg',
};

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/**
 * Whether the bytes are an SVG document: UTF-8 text whose root element is `svg` (after an
 * optional byte-order mark, XML declaration, comments and doctype).
 */
function isSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false; // not UTF-8 text
  }
  const prolog = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i;
  const rest = text.replace(prolog, '');
  return /^<svg[\s>/]/.test(rest);
}

/** The type of image bytes, or null when they are none of the accepted ones. */
export function detectChatImage(bytes: Buffer): ChatImageType | null {
  if (bytes.length >= 8 && startsWith(bytes, PNG_MAGIC)) return CHAT_IMAGE_TYPES.png;
  if (bytes.length > 3 && startsWith(bytes, JPEG_MAGIC)) return CHAT_IMAGE_TYPES.jpeg;
  if (isSvg(bytes)) return CHAT_IMAGE_TYPES.svg;
  return null;
}

export type ChatImageResult = { ok: true; type: ChatImageType; bytes: Buffer } | { ok: false; reason: 'type' | 'size' };

/** Reads a chat image data URL: accepted type, at most {@link MAX_CHAT_IMAGE_BYTES}, bytes agreeing with the declared type. */
export function readChatImage(dataUrl: string): ChatImageResult {
  const match = /^data:([\w.+/-]+)(;[\w=.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl.trim());
  if (!match) return { ok: false, reason: 'type' };
  const declared = DECLARED[match[1]!.toLowerCase()];
  if (!declared) return { ok: false, reason: 'type' };
  const base64 = match[3]!;
  // 4 base64 characters carry 3 bytes: refuse an oversized image before decoding it.
  if (Math.floor((base64.length * 3) / 4) > MAX_CHAT_IMAGE_BYTES + 2) return { ok: false, reason: 'size' };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) return { ok: false, reason: 'type' };
  if (bytes.length > MAX_CHAT_IMAGE_BYTES) return { ok: false, reason: 'size' };
  const type = detectChatImage(bytes);
  if (!type || type.kind !== declared) return { ok: false, reason: 'type' };
  return { ok: true, type, bytes };
}
