import type { ApiKeyView } from '@prospector/contracts';
import { BookOpenIcon, KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCan } from '@/features/workspaces/use-workspaces';
import { zonedTimeCell } from '@/lib/zoned-time';
import { useApiKeys, useRevokeApiKey } from './api-key-queries';
import { NewApiKeyDialog } from './new-api-key-dialog';

const when = (iso: string | null) => (iso ? zonedTimeCell(iso) : 'Never');

/** Settings, API: the user's keys for /api/v1, with create, revoke and a link to the reference. */
export function ApiKeysCard() {
  const canAdmin = useCan('admin');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const revoke = useRevokeApiKey(() => setRevoking(null));

  return (
    <Card aria-label="API keys">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2">
            <KeyRoundIcon className="size-4" aria-hidden /> API keys
          </CardTitle>
          <CardDescription>
            Let other systems use Prospector through the REST API with{' '}
            <code>Authorization: Bearer &lt;key&gt;</code>.
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/settings/api-reference">
              <BookOpenIcon aria-hidden /> API reference
            </Link>
          </Button>
          {canAdmin && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden /> Create API key
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <Spinner />
        ) : keys.isError ? (
          <p className="text-destructive text-sm">Failed to load your API keys.</p>
        ) : keys.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No API keys yet.{canAdmin && ' Create one to connect a CRM, Zapier or n8n.'}
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Key</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                {canAdmin && <TableHead className="sr-only">Actions</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.id}>
                  <TableCell className="font-medium">{key.name}</TableCell>
                  <TableCell className="font-mono text-xs">{key.prefix}…</TableCell>
                  <TableCell>
                    <span className="flex flex-wrap gap-1">
                      {key.scopes.map((scope) => (
                        <Badge key={scope} variant="secondary">
                          {scope}
                        </Badge>
                      ))}
                    </span>
                  </TableCell>
                  <TableCell className="text-xs">{when(key.createdAt)}</TableCell>
                  <TableCell className="text-xs">{when(key.lastUsedAt)}</TableCell>
                  {canAdmin && (
                    <TableCell className="text-right">
                      <Button variant="ghost" size="sm" onClick={() => setRevoking(key)}>
                        Revoke
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <NewApiKeyDialog open={canAdmin && creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API key?"
        description={<>Requests with “{revoking?.name}” are refused at once. This cannot be undone.</>}
        confirmLabel="Revoke Key"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
