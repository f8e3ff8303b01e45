// Stand-ins for outside services (Google OAuth + Gmail API, the AI writer); filled by the mailbox and template work.
export {};
