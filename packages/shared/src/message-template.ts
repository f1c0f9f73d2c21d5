/**
 * Message templates: wire types and the one renderer that workflow, notices and
 * the template editor's live preview all use, so a preview shows exactly what recipients get.
 */

/** messageType: 1 notice, 2 flow, 3 system (the message list's types). */
export const MessageType = { notice: 1, flow: 2, system: 3 } as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** channel: in-app now; e-mail, SMS and WeCom are stored for the channels to come. */
export const MessageChannel = { inApp: 1, email: 2, sms: 3, weCom: 4 } as const;
export type MessageChannel = (typeof MessageChannel)[keyof typeof MessageChannel];

/** A declared template parameter: the placeholder name and what it means. */
export interface TemplateParam {
  field: string;
  fieldName: string;
}

/** The parts of a template that are rendered. */
export interface RenderableTemplate {
  title: string;
  content: string;
}

/** One row of GET /api/message/MessageTemplateConfig. */
export interface MessageTemplateRow {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  categoryName: string;
  messageType: number;
  channel: number;
  title: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  creatorTime: number;
}

/** GET /api/message/MessageTemplateConfig/{id}; PUT sends it back with the same version. */
export interface MessageTemplateInfo {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  messageType: number;
  channel: number;
  title: string;
  content: string;
  templateJson: TemplateParam[];
  enabledMark: number;
  sortCode: number;
  description: string;
  version: number;
}

/** Body of POST/PUT; `version` is required on PUT. */
export type MessageTemplateForm = Omit<MessageTemplateInfo, 'id' | 'version' | 'enabledMark' | 'sortCode'> & {
  enabledMark?: number;
  sortCode?: number;
  version?: number;
};

/** A placeholder: `{field}` where field is a letter or _ followed by letters, digits or _. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Placeholder names used in a text, each once, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Placeholders of the title and content that the parameters do not declare. */
export function undeclaredPlaceholders(template: RenderableTemplate, params: readonly TemplateParam[]): string[] {
  const declared = new Set(params.map((p) => p.field));
  return placeholdersOf(`${template.title}\n${template.content}`).filter((f) => !declared.has(f));
}

type Values = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Fills a text's placeholders; a missing (or null) value renders empty, never as '{field}' or 'undefined'. */
export function renderTemplateText(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (_, field: string) => {
    const value = Object.hasOwn(values, field) ? values[field] : undefined;
    return value === undefined || value === null ? '' : String(value);
  });
}

/** Renders a template's title and content with the given values. */
export function renderMessageTemplate(template: RenderableTemplate, values: Values): RenderableTemplate {
  return { title: renderTemplateText(template.title, values), content: renderTemplateText(template.content, values) };
}

/** Codes of the seeded templates that workflow and notice release render their messages with. */
export const MESSAGE_TEMPLATE_CODES = {
  flowTodo: 'flowTodo',
  flowApproved: 'flowApproved',
  flowRejected: 'flowRejected',
  noticeRelease: 'noticeRelease',
} as const;
