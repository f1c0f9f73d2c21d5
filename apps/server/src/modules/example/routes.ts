import { ResultCode } from '@atrium/shared';
import { galleryForm, toFormLang, validateForm, type FormJson } from '@atrium/shared/forms';
import { signedIn } from '../../core/access.ts';
import { AppError } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import { registerMessages } from '../../core/messages.ts';
import { replies } from '../../core/response-schema.ts';
import type { App, Services } from '../../core/types.ts';
import { exampleMessages } from './messages.ts';
import { galleryValidateAnswer, galleryValidateBody } from './schema.ts';

/**
 * Menu code of the widget gallery ('extension demos'). Form grants declared on that menu hide
 * fields here too: a hidden field is neither required nor kept nor answered.
 */
export const GALLERY_MENU_CODE = 'extend.widgetGallery';

/** The widget gallery's server side: its submit goes through the shared form validator. */
export async function exampleRoutes(app: App, { now }: Services) {
  registerMessages(exampleMessages);

  app.post(
    '/api/example/FormGallery/Validate',
    {
      schema: {
        body: galleryValidateBody,
        tags: ['example'],
        summary: 'Validate a record of the widget-gallery form with the rules the browser shows',
        description:
          'Answers the cleaned values, or 400 naming the first failing field with data.errors listing every ' +
          'problem (path `field`, or `table.<row>.column` inside a sub-table).',
        response: replies(galleryValidateAnswer),
      },
      config: { access: 'user', fields: { menu: GALLERY_MENU_CODE } },
    },
    async (request) => {
      const { authority } = signedIn(request);
      const { formJson, data } = request.body;
      // Another form carries its own regular expressions, which the server would run: only the
      // administrator, who writes such expressions in the designer anyway, may send one.
      if (formJson && authority.user.is_administrator !== 1)
        throw new AppError(ResultCode.forbidden, 'galleryFormJsonAdminOnly');
      const lang = toFormLang(request.language);
      const form = (formJson as FormJson | undefined) ?? galleryForm(lang);
      const result = validateForm(form, data, {
        lang,
        now: now(),
        hidden: request.fieldGrants?.hiddenForm,
        warn: (message) => request.log.warn({ form: formJson ? 'custom' : 'gallery' }, message),
      });
      if (!result.ok) {
        const first = result.errors[0]!;
        throw new AppError(
          ResultCode.failed,
          'galleryFormInvalid',
          { label: first.label, message: first.message },
          { errors: result.errors },
        );
      }
      return ok(result.values, request.t('galleryValidated'));
    },
  );
}
