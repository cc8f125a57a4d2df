/**
 * The bytes of a listed book's contract (base64 PDF data in GET /user/booksrenewal). Rejects when
 * there is none or it is not base64, so the viewer shows its error instead of an empty page.
 */
export async function contractBytes(contract: string | null | undefined): Promise<ArrayBuffer> {
  if (!contract) throw new Error('no contract');
  const binary = atob(contract.replace(/^data:application\/pdf;base64,/, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}
