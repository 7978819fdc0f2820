import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';
import { api } from '../../lib/api';

/**
 * Whether the dashboard must show only the enrolment: the owner requires two-factor sign-in of
 * admins and this admin has not set it up (docs/decisions/321-admins-required-to-use-two-factor.md).
 * Once shown it stays until the recovery codes are saved, however often the status is read again.
 */
export function useTwoFactorRequired(user: PublicUser): { required: boolean; done: () => void } {
  const status = useQuery({ ...api.twoFactor.status.query(), enabled: user.role === 'admin' });
  const [required, setRequired] = useState(false);
  const mustEnrol = !!status.data?.required && !status.data.enabled;
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (mustEnrol && !required) setRequired(true);
  const client = useQueryClient();
  return {
    required: required || mustEnrol,
    done: () => {
      void (async () => {
        await client.invalidateQueries({ queryKey: api.twoFactor.status.key() });
        setRequired(false);
        // Every read refused until now is read again.
        await client.invalidateQueries();
      })();
    },
  };
}
