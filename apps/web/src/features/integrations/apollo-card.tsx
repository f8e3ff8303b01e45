import { DatabaseIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ReadOnlyNote } from '@/features/workspaces/role-gate';
import { useCan } from '@/features/workspaces/use-workspaces';
import { ApolloKeyDialog } from './apollo-key-dialog';
import { useApolloKey, useToggleApolloKey } from './apollo-queries';

/** The Apollo lead database: Active/Inactive (only with a key), Enable/Disable, and the key dialog. */
export function ApolloCard() {
  const canAdmin = useCan('admin');
  const { data, isPending, isError } = useApolloKey();
  const toggle = useToggleApolloKey();
  const [dialogOpen, setDialogOpen] = useState(false);
  const hasKey = data?.hasKey === true;

  return (
    <Card aria-label="Apollo" className="gap-4">
      <CardHeader className="flex items-start justify-between gap-2">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <DatabaseIcon className="size-5" aria-hidden />
          </span>
          <div className="space-y-1">
            <CardTitle className="flex items-center gap-2">
              Apollo
              {hasKey && (
                <Badge variant={data.enabled ? 'default' : 'secondary'} data-testid="apollo-status">
                  {data.enabled ? 'Active' : 'Inactive'}
                </Badge>
              )}
            </CardTitle>
            <CardDescription>Lead database for the Leads Finder and workflows.</CardDescription>
          </div>
        </div>
        {canAdmin && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Apollo API key settings"
            onClick={() => setDialogOpen(true)}
          >
            <SettingsIcon aria-hidden />
          </Button>
        )}
      </CardHeader>
      <CardContent className="text-muted-foreground text-sm">
        {isPending ? (
          <Spinner />
        ) : isError ? (
          'Failed to load the Apollo settings.'
        ) : hasKey ? (
          <span>
            API key <span className="font-mono">{data.maskedKey}</span>
          </span>
        ) : (
          `No API key yet.${canAdmin ? ' Use the settings icon to add your Apollo API key.' : ''}`
        )}
      </CardContent>
      <CardFooter>
        {canAdmin ? (
          <Button
            variant={data?.enabled ? 'outline' : 'default'}
            disabled={!hasKey || toggle.isPending}
            onClick={() => data && toggle.mutate(!data.enabled)}
          >
            {toggle.isPending && <Spinner />}
            {hasKey && data.enabled ? 'Disable' : 'Enable'}
          </Button>
        ) : (
          <ReadOnlyNote atLeast="admin" />
        )}
      </CardFooter>
      <ApolloKeyDialog
        open={canAdmin && dialogOpen}
        onOpenChange={setDialogOpen}
        maskedKey={data?.maskedKey ?? null}
      />
    </Card>
  );
}
