const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small generated cover (SVG data URL): a coloured panel with the title. */
export function coverThumbnail(title: string, colour: string): string {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .map((line, i) => `<text x="100" y="${110 + i * 26}" font-size="20" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300">` +
    `<rect width="200" height="300" fill="${colour}"/><rect x="12" y="12" width="176" height="276" fill="none" stroke="#fff" stroke-width="2"/>` +
    `<g fill="#fff" font-family="Georgia, serif">${text}<text x="100" y="270" font-size="12" text-anchor="middle">Thandi Nkosi</text></g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
