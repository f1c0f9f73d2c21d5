import { Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHas } from '../../access/use-has.ts';
import { request } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';

interface Props {
  /** enabledMark of the row. */
  enabled: boolean;
  /** The state action, e.g. `/api/permission/Role/{id}/Actions/State` (PUT toggles it). */
  url: string;
  onChanged: () => void;
  /** Button permission needed to toggle (btn_edit); without it the switch is read-only. */
  code?: string;
}

/** Enable/disable cell: PUTs the state action, then reloads; a failure leaves the switch as it was. */
export function StateSwitch({ enabled, url, onChanged, code = 'btn_edit' }: Props) {
  const { t } = useTranslation();
  const has = useHas();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={enabled}
      loading={busy}
      disabled={!has(code)}
      checkedChildren={t('admin.enabled')}
      unCheckedChildren={t('admin.disabled')}
      aria-label={t('admin.status')}
      onChange={async () => {
        setBusy(true);
        try {
          const res = await request({ url, method: 'PUT' });
          void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.saved'));
          onChanged();
        } catch {
          // The request wrapper already showed why.
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
