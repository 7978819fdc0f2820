/** The browser-session cookie an admin's "put away" of the mail-server notice sets (decision 352). */
export const EMAIL_NOTICE_PUT_AWAY_COOKIE = 'email_notice_put_away';
