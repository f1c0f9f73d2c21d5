import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import { replies } from '../../core/response-schema.ts';
import type { App } from '../../core/types.ts';
import { GUIDE_DIR, GUIDE_PAGE, guideLanguage, guidePage, guidePages, titleOf } from './guide.ts';

const tags = ['home'];
const pageParams = z.object({ name: z.string().regex(GUIDE_PAGE) });

/** Response bodies inside the envelope, for the OpenAPI document. */
export const guideIndex = z.object({
  language: z.string(),
  pages: z.array(z.object({ name: z.string(), title: z.string() })),
});
export const guideContent = z.object({ name: z.string(), title: z.string(), markdown: z.string() });

/** The user guide behind the navbar's documentation entry, in the caller's language. */
export async function guideRoutes(app: App, dir = GUIDE_DIR) {
  app.get(
    '/api/home/Guide',
    {
      schema: { response: replies(guideIndex), tags, summary: "The user guide's pages in the caller's language" },
      config: { access: 'user' },
    },
    async (request) => {
      const language = guideLanguage(request.language);
      return ok({ language, pages: await guidePages(dir, language) });
    },
  );

  app.get(
    '/api/home/Guide/:name',
    {
      schema: {
        params: pageParams,
        response: replies(guideContent),
        tags,
        summary: 'One page of the user guide, as Markdown',
      },
      config: { access: 'user' },
    },
    async (request) => {
      const language = guideLanguage(request.language);
      const markdown = await guidePage(dir, language, request.params.name);
      if (markdown === null) throw notFound();
      return ok({ name: request.params.name, title: titleOf(markdown, request.params.name), markdown });
    },
  );
}
