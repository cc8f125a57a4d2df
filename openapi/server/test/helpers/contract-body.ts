import { deflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG (grey scale, `width` x `height`, a diagonal stroke) as a data URL, like the signature pad's. */
export function pngDataUrl(width = 40, height = 20): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey scale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0; // filter: none
    row[1 + Math.floor((y * width) / height)] = 0;
    rows.push(row);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const PUBLISHER = {
  publish_name: 'Limpopo Leaf Press',
  reg_id_no: '2019/123456/07',
  physical_address: '12 Church Street, Polokwane, 0699',
  postal_address: 'PO Box 55, Polokwane, 0700',
  telephone: '+27821234567',
  email: 'press@example.test',
  contact_person: 'Lerato Mokoena',
};

export const LOCAL_BANK = {
  bank_name: 'Capitec Bank Limited',
  brance_code: '470 010',
  branch_name: 'Polokwane',
  account_name: 'Lerato Mokoena',
  account_type: 'Savings',
  account_number: '1234 56789',
};

/** A complete signed-contract payload (portal.yaml SignedContractPayload) for the upload `ids`. */
export function contractBody(
  ids: { local: number | null; international: number | null },
  overrides: Record<string, unknown> = {},
) {
  return {
    local_bookId: ids.local,
    international_bookId: ids.international,
    filedata: pngDataUrl(),
    initial_base64: pngDataUrl(16, 12),
    signed_place: '12 Church Street, Polokwane',
    print_name: 'Lerato Mokoena',
    authors: 'Lerato Mokoena',
    contributors: [],
    is_self_publisher: false,
    ...PUBLISHER,
    ...LOCAL_BANK,
    ...overrides,
  };
}

/** The text of every page of a PDF (pdfjs-dist), pages joined by newlines. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const count = document.numPages;
  await document.destroy();
  // Lines are separate items: words broken over two lines come back joined by one space.
  return { text: pages.join('\n').replace(/[ \t]+/g, ' '), pages: count };
}
