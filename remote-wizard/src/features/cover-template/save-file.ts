/** Saves a blob as a download: a blob URL and a click on a temporary link named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has handed the URL to the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
