import { EyeIcon, MailWarningIcon, PlaneIcon, ReplyIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EmailPreviewFrame } from '@/features/templates/email-preview-frame';
import { useCan } from '@/features/workspaces/use-workspaces';
import { headerOf, type SandboxInboxMessage, useSandboxAction } from './sandbox-queries';

const KEY_HEADERS = [
  'From',
  'To',
  'Subject',
  'Date',
  'Message-ID',
  'In-Reply-To',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
];

export function MessageStatus({ message }: { message: SandboxInboxMessage }) {
  return (
    <span className="flex flex-wrap gap-1">
      {message.openedAt && <Badge variant="secondary">Opened</Badge>}
      {message.repliedAt && <Badge>Replied</Badge>}
      {message.bouncedAt && <Badge variant="destructive">Bounced</Badge>}
    </span>
  );
}

/** One sent message: its headers, its HTML (sandboxed), text and raw source, and the simulations. */
export function MessageView({ message, onReply }: { message: SandboxInboxMessage; onReply: () => void }) {
  const canChange = useCan('member');
  const act = useSandboxAction();
  return (
    <Card className="min-w-0 gap-4" aria-label="Message">
      <CardHeader className="gap-2">
        <CardTitle className="break-words">{headerOf(message, 'Subject') || '(no subject)'}</CardTitle>
        <MessageStatus message={message} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {KEY_HEADERS.filter((name) => headerOf(message, name)).map((name) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd className="min-w-0 break-all font-mono text-xs leading-5">{headerOf(message, name)}</dd>
            </div>
          ))}
        </dl>
        <Tabs defaultValue={message.html ? 'html' : 'text'}>
          <TabsList>
            <TabsTrigger value="html" disabled={!message.html}>
              HTML
            </TabsTrigger>
            <TabsTrigger value="text">Plain text</TabsTrigger>
            <TabsTrigger value="raw">Source</TabsTrigger>
          </TabsList>
          <TabsContent value="html">
            <EmailPreviewFrame
              html={message.html ?? ''}
              title={`HTML body of ${headerOf(message, 'Subject')}`}
            />
          </TabsContent>
          <TabsContent value="text">
            <pre className="max-h-[420px] overflow-auto whitespace-pre-wrap rounded-md border bg-muted/30 p-3 text-sm">
              {message.text ?? ''}
            </pre>
          </TabsContent>
          <TabsContent value="raw">
            <pre className="max-h-[420px] overflow-auto rounded-md border bg-muted/30 p-3 text-xs">
              {message.raw}
            </pre>
          </TabsContent>
        </Tabs>
      </CardContent>
      {canChange && (
        <CardFooter className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onReply}>
            <ReplyIcon aria-hidden />
            Reply
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => act.mutate({ message, action: 'auto-reply' })}
          >
            <PlaneIcon aria-hidden />
            Auto-reply
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => act.mutate({ message, action: 'bounce' })}
          >
            <MailWarningIcon aria-hidden />
            Bounce
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={act.isPending}
            onClick={() => act.mutate({ message, action: 'open' })}
          >
            <EyeIcon aria-hidden />
            Open
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
