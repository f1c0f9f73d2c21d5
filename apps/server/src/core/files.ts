import path from 'node:path';
import { readText, storageOf, type StorageRef } from './storage.ts';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';

/** Recognises an image by its first bytes; the file name and the client's content type are not trusted. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Recognises the images a browser shows inline (the preview's types: png, jpg, gif, bmp, webp). */
export function sniffPreviewImage(bytes: Buffer): ImageKind | 'bmp' | null {
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return sniffImage(bytes);
}

export const IMAGE_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * The folder of a category in the local folder store. Only for the local store: code that reads or
 * writes files goes through `services.storage` (core/storage.ts), which may be an object store.
 */
export function categoryDir(dataDir: string, category: string): string {
  return path.join(dataDir, 'files', category);
}

/** Stores a file in `store` (a FileStorage, or the data folder of the app whose store it is). */
export async function storeFile(store: StorageRef, category: string, name: string, bytes: Buffer): Promise<void> {
  await storageOf(store).put(category, name, bytes);
}

/** The marker beside a generated file naming whom it was made for. */
const ownerName = (name: string) => `${name}.owner`;

/** Records beside a generated file who it was made for (its downloads are theirs alone). */
export async function storeOwner(store: StorageRef, category: string, name: string, userId: string): Promise<void> {
  await storageOf(store).put(category, ownerName(name), Buffer.from(userId, 'utf8'));
}

/** The user a generated file was made for, or null when nobody was recorded. */
export async function ownerOf(store: StorageRef, category: string, name: string): Promise<string | null> {
  return readText(storageOf(store), category, ownerName(name));
}

/** Removes a generated file and the record of whom it was made for. */
export async function removeOwned(store: StorageRef, category: string, name: string): Promise<void> {
  const storage = storageOf(store);
  await Promise.all([storage.remove(category, name), storage.remove(category, ownerName(name))]);
}
