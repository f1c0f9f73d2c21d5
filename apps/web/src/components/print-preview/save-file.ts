/** Saves content as a file of the given name through a temporary link. */
export function saveFile(content: Blob | BlobPart[], fileName: string, type = 'application/octet-stream'): void {
  const blob = content instanceof Blob ? content : new Blob(content, { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
