/** The mail Prospector sends on its own behalf. One method per kind of message. */
export interface SystemMailer {
  sendPasswordReset(message: PasswordResetMessage): Promise<void>;
}

export interface PasswordResetMessage {
  to: string;
  fullName: string;
  url: string;
  expiresInMinutes: number;
}
