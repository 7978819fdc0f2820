/** What an admin without two-factor hears from the dashboard while the owner requires it. */
export const ADMIN_MFA_REQUIRED = 'Two-factor sign-in is required: set it up in Settings';
