import { type AppDb, emailSends, sequenceSteps, sequences } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import { nextSendOpportunity } from '../schedule/send-time';

/** Sends with what decides their step's send time: the step's local hour and minute, the zone, weekends. */
export function selectSendsWithStepTime(db: Pick<AppDb, 'select'>) {
  return db
    .select({
      id: emailSends.id,
      scheduledFor: emailSends.scheduledFor,
      hour: sequenceSteps.sendHour,
      minute: sequenceSteps.sendMinute,
      stepSkipsWeekends: sequenceSteps.skipWeekends,
      timezone: sql<string>`coalesce(${emailSends.recipientTimezone}, ${sequences.timezone})`,
      sequenceSkipsWeekends: sequences.skipWeekends,
    })
    .from(emailSends)
    .innerJoin(sequenceSteps, eq(sequenceSteps.id, emailSends.stepId))
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId));
}

type SendWithStepTime = Awaited<ReturnType<ReturnType<typeof selectSendsWithStepTime>['execute']>>[number];

/** The step's first send time after `after`, in the zone the send was timed in (recipient's or sequence's). */
export const nextStepSendTime = (send: SendWithStepTime, after: Date) =>
  nextSendOpportunity({
    after,
    hour: send.hour,
    minute: send.minute,
    timezone: send.timezone,
    skipWeekends: send.stepSkipsWeekends || send.sequenceSkipsWeekends,
  });
