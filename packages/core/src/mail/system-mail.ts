/** The mail Prospector sends on its own behalf. One method per kind of message. */
export interface SystemMailer {
  sendPasswordReset(message: PasswordResetMessage): Promise<void>;
  sendInvitation(message: InvitationMessage): Promise<void>;
}

export interface PasswordResetMessage {
  to: string;
  fullName: string;
  url: string;
  expiresInMinutes: number;
}

/** An invitation to join a workspace, to an address that may or may not have an account. */
export interface InvitationMessage {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: string;
  url: string;
  expiresInDays: number;
}
