import { GoogleWorkspace } from '@/features/integrations/google-workspace';

export default function GoogleWorkspacePage() {
  return <GoogleWorkspace />;
}
