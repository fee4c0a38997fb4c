import type { AdminCompanyInfo, SiteSettings } from '@draw/shared/routes';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminApi } from '../adminApi';
import { useAdminT } from '../i18n/strings';
import { LoadError } from '../parts/DataTable';
import { LabelledInput } from '../parts/Fields';
import { Panel } from '../parts/Panel';
import { failureText, useLoad } from '../parts/useLoad';

function SwitchRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-1">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

/** Site name, description, keywords, the rail's flags, and whether chat is moderated. */
export function CompanyScreen() {
  const loaded = useLoad(
    async () => ({
      company: await call(adminApi.company, { silent: true }),
      settings: await call(adminApi.settings, { silent: true }),
    }),
    'company',
  );
  if (loaded.error) return <LoadError message={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data) return null;
  return <CompanyForm saved={loaded.data} />;
}

function CompanyForm({ saved }: { saved: { company: AdminCompanyInfo; settings: SiteSettings } }) {
  const t = useAdminT();
  const [company, setCompany] = useState(saved.company);
  const [settings, setSettings] = useState(saved.settings);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setError(null);
    try {
      setCompany(await call(adminApi.updateCompany, { body: company, silent: true }));
      setSettings(await call(adminApi.updateSettings, { body: settings, silent: true }));
      notify.success(t('common.saved'));
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  const set = (patch: Partial<AdminCompanyInfo>) => setCompany({ ...company, ...patch });
  return (
    <Panel className="max-w-2xl">
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <LabelledInput
          label={t('company.name')}
          className="flex flex-col gap-1"
          maxLength={64}
          value={company.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <LabelledInput
          label={t('company.description')}
          className="flex flex-col gap-1"
          maxLength={500}
          value={company.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <LabelledInput
          label={t('company.keywords')}
          className="flex flex-col gap-1"
          maxLength={500}
          value={company.keywords}
          onChange={(e) => set({ keywords: e.target.value })}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-heading">{t('company.flags')}</legend>
          <SwitchRow
            label="ChatGPT"
            checked={company.isShowChatGPT}
            onChange={(on) => set({ isShowChatGPT: on })}
          />
          <SwitchRow
            label="Discord"
            checked={company.isShowDiscord}
            onChange={(on) => set({ isShowDiscord: on })}
          />
        </fieldset>
        <SwitchRow
          label={t('company.chatModeration')}
          checked={settings.moderateChat}
          onChange={(on) => setSettings({ ...settings, moderateChat: on })}
        />
        {error && (
          <p role="alert" className="text-sm text-destructive dark:text-[#fa777c]">
            {error}
          </p>
        )}
        <div>
          <Button type="submit">{t('common.save')}</Button>
        </div>
      </form>
    </Panel>
  );
}
