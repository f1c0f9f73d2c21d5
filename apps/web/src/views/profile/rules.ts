import { patterns, type Pattern } from '@atrium/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The i18n key of each shared pattern used on this page (the patterns name `validation.*`). */
const MESSAGE_KEYS = {
  mobile: 'profile.validation.mobile',
  email: 'profile.validation.email',
  fullName: 'profile.validation.fullName',
  password: 'profile.validation.password',
} as const;

export type ProfilePattern = keyof typeof MESSAGE_KEYS;

/** An antd rule checking a shared pattern; empty values pass (required is its own rule). */
export function patternRule(name: ProfilePattern, t: TFunction): FormRule {
  const pattern: Pattern = patterns[name];
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (!pattern.test(String(value))) throw new Error(t(MESSAGE_KEYS[name]));
    },
  };
}
