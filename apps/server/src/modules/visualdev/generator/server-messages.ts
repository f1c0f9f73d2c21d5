import { commentText, lines } from './emit.ts';
import type { GenPlan } from './plan.ts';

/**
 * apps/server/src/modules/<area>/<name>/messages.ts: the module's own messages, registered by its
 * routes plugin and declared to the catalogue types like every module's (core/messages.ts). Keys
 * carry the module's name, as a key may belong to one catalogue only.
 */
export function serverMessages(plan: GenPlan): string {
  return lines(
    "import type { MessageCatalogue } from '../../../core/messages.ts';",
    '',
    `/** Server messages of ${commentText(plan.fullName)}, registered with core/messages.ts by its routes plugin. */`,
    `export const ${plan.camel}Messages = {`,
    `  ${plan.camel}Unique: {`,
    "    'zh-CN': '{label}“{value}”已存在',",
    "    'zh-TW': '{label}「{value}」已存在',",
    "    'en-US': '{label} \"{value}\" already exists',",
    '  },',
    '} satisfies MessageCatalogue;',
    '',
    "declare module '../../../core/messages.ts' {",
    '  interface MessageCatalogues {',
    `    ${plan.camel}: typeof ${plan.camel}Messages;`,
    '  }',
    '}',
    '',
  );
}
