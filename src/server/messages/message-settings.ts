import type { z } from 'zod';
import type { MessageSettings } from '../../shared/domain/settings';
import { MESSAGE_LABELS } from '../../shared/domain/settings';
import type { messagesForm, MessagesView } from '../../shared/schemas/customer-messages';
import type { AppDeps } from '../deps';
import { recordSettingChanges, type SettingChange } from '../history/history';
import { lockSetting, readSettings, writeSetting } from '../settings/store';

const LABEL = 'Messages to customers';

function shown(key: keyof MessageSettings, value: MessageSettings): string {
  const v = value[key];
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

export async function readMessageSettings(deps: Pick<AppDeps, 'settings'>): Promise<MessagesView> {
  return (await deps.settings.current()).messages;
}

/**
 * Stores "Messages to customers" and one history line per changed field in one transaction
 * (docs/decisions/365-messages-to-customers-setting.md); the next tick of every instance uses them.
 */
export async function updateMessageSettings(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'settings'>,
  form: z.output<typeof messagesForm>,
  actorId: string,
): Promise<MessagesView> {
  const at = deps.clock.now();
  const next: MessageSettings = { ...form };
  const saved = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, 'messages');
    const before = (await readSettings(tx, deps.config)).messages;
    const changes: SettingChange[] = (Object.keys(MESSAGE_LABELS) as (keyof MessageSettings)[])
      .filter((key) => shown(key, before) !== shown(key, next))
      .map((key) => ({
        subject: 'messages',
        label: LABEL,
        at,
        actorId,
        kind: 'changed',
        field: MESSAGE_LABELS[key],
        from: shown(key, before),
        to: shown(key, next),
      }));
    if (changes.length === 0) return before;
    await writeSetting(tx, 'messages', next, actorId, at);
    await recordSettingChanges(tx, changes);
    return next;
  });
  deps.settings.forget();
  return saved;
}
