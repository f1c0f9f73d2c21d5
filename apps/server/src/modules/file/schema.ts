import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const uploaderUserAvatarPostAnswer = z.object({ name: z.string(), url: z.string() });

/** An attachment as an upload answers it: its name, size, md5 and a download link with a ticket. */
export const fileRecordAnswer = z.object({
  name: z.string(),
  fileId: z.string(),
  fileSize: z.number(),
  fileExtension: z.string(),
  fileVersionId: z.string(),
  url: z.string(),
  hash: z.string().describe('md5 of the whole file'),
});

export const fileChunkAnswer = z.object({
  uploaded: z.boolean().describe('the server holds the whole file already: instant upload'),
  chunkNumbers: z.array(z.number()).describe('the chunks stored so far'),
  merge: z.boolean().describe('every chunk is there: call merge'),
});

export const fileChunkPostAnswer = z.object({ chunkNumber: z.number() });

export const annexPicAnswer = z.object({ name: z.string(), fileId: z.string(), url: z.string() });

export const uploaderPreviewAnswer = z.object({
  url: z.string().describe('the inline link, with its ticket'),
  kind: z.enum(['image', 'pdf']),
  name: z.string(),
});

export const downloadUrlAnswer = z.object({
  name: z.string().describe('the name the file downloads as'),
  url: z.string().describe('the download link, with a ticket for the caller'),
});
