import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Control, format and line/paragraph separator characters: the server refuses them in names. */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const LANGUAGES = [
  { language: 'en-US', label: 'authorize.nameEnUS' },
  { language: 'zh-TW', label: 'authorize.nameZhTW' },
] as const;

/**
 * The name of a menu or system in English and in Traditional Chinese (`fullNameI18n`), under the
 * Simplified Chinese name. The shell shows the user's language, or the Simplified Chinese name
 * where a translation is left empty.
 */
export function NameTranslationFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      {LANGUAGES.map(({ language, label }) => (
        <Form.Item
          key={language}
          name={['fullNameI18n', language]}
          label={t(label)}
          extra={language === 'zh-TW' ? t('authorize.nameTranslationHint') : undefined}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && HIDDEN_CHARACTERS.test(value)
                  ? Promise.reject(new Error(t('authorize.nameInvalid')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={50} allowClear data-testid={`${testIdPrefix}-name-${language}`} />
        </Form.Item>
      ))}
    </>
  );
}
