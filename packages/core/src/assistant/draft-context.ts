import {
  type AiLanguage,
  type AssistantSettings,
  aboutForProspects,
  type DraftAnswerInput,
  privateAboutLines,
} from '@prospector/contracts';
import { type AppDb, contacts, inboxMessages } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { type ConversationRow, findConversation } from '../inbox/get-conversation';
import { replyTextOf } from '../tracking/reply-text';
import { workspaceOwner } from '../workspaces/workspace-owner';
import { getAssistantSettings, sequenceNoteOf } from './assistant-settings';
import { detectLanguage } from './detect-language';

/** The newest messages the writer reads, each cut to this many characters. */
const THREAD_MESSAGES = 12;
const MESSAGE_CHARS = 3000;

export interface DraftContext {
  conversation: ConversationRow;
  settings: AssistantSettings;
  /** The writer's input, without the instruction, base or language a request may change. */
  input: Omit<DraftAnswerInput, 'language'>;
  /** The language the prospect wrote in, detected from their messages. */
  prospectLanguage: AiLanguage;
  /**
   * What auto-send checks a draft's facts against: `ours` ("about us", the sequence's note, our messages)
   * for links and prices, `all` (with the prospect's messages too) for addresses, and the lines of "about
   * us" and the note marked never to be said, which no draft may repeat.
   */
  known: { ours: string; all: string; neverSay: string[] };
  latestInboundText: string;
}

/**
 * What the writer may know for one conversation, read with the user's id on every query: the
 * conversation (another user's is a 404), its messages (quoted text and signatures cut), its contact, the
 * user's settings and the sequence's note. Nothing else reaches the model.
 */
export async function draftContext(
  db: AppDb,
  workspaceId: string,
  conversationId: string,
): Promise<DraftContext> {
  const conversation = await findConversation(db, workspaceId, conversationId);
  const messages = await db
    .select({ direction: inboxMessages.direction, text: inboxMessages.textBody })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.workspaceId, workspaceId), eq(inboxMessages.conversationId, conversation.id)))
    .orderBy(asc(inboxMessages.sentAt), asc(inboxMessages.createdAt));
  const [contact] = conversation.contactId
    ? await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, conversation.contactId)))
    : [];
  const settings = await getAssistantSettings(db, workspaceId);
  const sender = await workspaceOwner(db, workspaceId);
  // A writer never reads the lines marked "never say"; auto-send checks drafts against them anyway.
  const note = await sequenceNoteOf(db, workspaceId, conversation.sequenceId);
  const about = aboutForProspects(settings.about);
  const sequenceNote = aboutForProspects(note);
  const neverSay = privateAboutLines(`${settings.about}\n${note}`);
  const thread = messages.slice(-THREAD_MESSAGES).map((message) => ({
    from: message.direction === 'in' ? ('prospect' as const) : ('us' as const),
    text: replyTextOf(message.text).slice(0, MESSAGE_CHARS),
  }));
  const outgoing = messages.filter((m) => m.direction === 'out').map((m) => m.text);
  const theirs = thread.filter((message) => message.from === 'prospect').map((message) => message.text);
  return {
    conversation,
    settings,
    input: {
      tone: settings.tone,
      about,
      sequenceNote,
      leadStatus: contact?.leadStatus ?? null,
      contact: {
        firstName: contact?.firstName ?? null,
        lastName: contact?.lastName ?? null,
        company: contact?.organizationName ?? null,
        title: contact?.title ?? null,
      },
      subject: conversation.subject,
      senderName: sender?.name ?? null,
      thread,
    },
    prospectLanguage: detectLanguage(theirs.at(-1) ?? '') ?? detectLanguage(theirs.join('\n')) ?? 'English',
    known: {
      ours: [about, sequenceNote, ...outgoing].join('\n'),
      all: [about, sequenceNote, ...messages.map((message) => message.text)].join('\n'),
      neverSay,
    },
    latestInboundText: theirs.at(-1) ?? '',
  };
}
