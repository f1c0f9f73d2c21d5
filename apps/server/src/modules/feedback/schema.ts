import { z } from 'zod';
import { pageQuery } from '../../core/paging.ts';
import { pageOfSchema } from '../../core/response-schema.ts';

/** Stored screenshot names: a time-ordered id, 64 random bits and the image type. */
export const SCREENSHOT_NAME = /^[0-9A-Z]{26}[0-9a-f]{16}\.(png|jpg|gif|webp)$/;

export const feedbackBody = z.object({
  content: z.string().trim().min(1).max(2000),
  /** How to reach the writer, when not through Atrium (a phone number, an e-mail address). */
  contact: z.string().trim().max(100).optional().default(''),
  /** The name the screenshot upload answered; empty when there is none. */
  screenshot: z
    .string()
    .trim()
    .max(80)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || SCREENSHOT_NAME.test(v)),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackListQuery = pageQuery.extend({
  /** '' every state, 0 open, 1 handled. */
  status: z.enum(['', '0', '1']).optional().default(''),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;

const feedbackItem = z.object({
  id: z.string(),
  content: z.string(),
  contact: z.string(),
  /** A link to the screenshot with the caller's ticket, or null. */
  screenshotUrl: z.string().nullable(),
  status: z.number(),
  creatorTime: z.number(),
  handledTime: z.number().nullable(),
  /** "name/account" of the writer (administrators' list) */
  userName: z.string(),
  handledBy: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

/** What the list routes answer inside the envelope. */
export const feedbackPage = pageOfSchema(feedbackItem);
export const uploadAnswer = z.object({ name: z.string(), url: z.string() });
