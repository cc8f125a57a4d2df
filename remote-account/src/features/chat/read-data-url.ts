/**
 * A file as a base64 data URL declaring `mediaType`: the type comes from the file's extension
 * (chatImageMediaType), since browsers leave `File.type` empty for extensions the system does
 * not know, and the API refuses a data URL that declares no image type.
 */
export function readDataUrl(file: Blob, mediaType: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(new Blob([file], { type: mediaType }));
  });
}
