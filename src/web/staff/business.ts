import { createContext, useContext } from 'react';
import type { BusinessInfo } from '../../shared/schemas/site';

/**
 * The business as the server sent it with the page, for any staff screen that shows its name or
 * fees: the same on the server's render and the browser's (docs/decisions/370-staff-first-screen-server-rendered.md).
 */
export const StaffBusiness = createContext<BusinessInfo | null>(null);

export function useStaffBusiness(): BusinessInfo | null {
  return useContext(StaffBusiness);
}
