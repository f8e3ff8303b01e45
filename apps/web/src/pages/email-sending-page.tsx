import { EmailSendingTabs } from '@/features/email-sending/email-sending-tabs';
import { PageHeader } from './page-header';

export default function EmailSendingPage() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Email Sending" subtitle="Track the emails you have sent and manage your templates" />
      <EmailSendingTabs />
    </div>
  );
}
