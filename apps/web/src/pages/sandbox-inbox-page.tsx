import { SandboxInbox } from '@/features/sandbox/sandbox-inbox';

export default function SandboxInboxPage() {
  return <SandboxInbox />;
}
