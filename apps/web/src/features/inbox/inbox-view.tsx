import { type InboxTab, LEAD_STATUSES, type LeadStatus } from '@prospector/contracts';
import { InboxIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/features/workspaces/use-workspaces';
import { useDebounced } from '@/lib/use-debounced';
import { PageHeader } from '@/pages/page-header';
import { ConversationPane } from './conversation-pane';
import { ConversationRow } from './conversation-row';
import { InboxFilters } from './inbox-filters';
import {
  type InboxFilterState,
  useBulkStatus,
  useConversations,
  useLabels,
  useUpdateConversation,
} from './inbox-queries';
import { LeadStatusMenu } from './lead-status-menu';
import type { ReplyBoxHandle } from './reply-box';
import { useInboxKeys } from './use-inbox-keys';

const TABS: { value: InboxTab; label: string; empty: string }[] = [
  {
    value: 'people',
    label: 'Replies',
    empty: 'When a contact answers one of your sequence emails, the conversation shows up here.',
  },
  { value: 'auto', label: 'Auto-replies', empty: 'Out-of-office and other automatic replies are kept here.' },
  { value: 'bounces', label: 'Bounces', empty: 'Bounces, delivery delays and complaints are kept here.' },
  {
    value: 'unclassified',
    label: 'Unclassified',
    empty: 'Automated mail no rule recognised waits here for you to mark.',
  },
];

const INITIAL: InboxFilterState = {
  tab: 'people',
  q: '',
  mailboxId: '',
  sequenceId: '',
  status: '',
  unread: false,
  done: false,
};

/** Every reply from every mailbox as conversations: read, answer and sort them without leaving the app. */
export function InboxView() {
  const canChange = useCan('member');
  const [filters, setFilters] = useState(INITIAL);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const active = useMemo(() => ({ ...filters, q }), [filters, q]);
  const list = useConversations(active);
  const labels = useLabels().data ?? [];
  const update = useUpdateConversation();
  const bulk = useBulkStatus();
  const conversations = useMemo(
    () => list.data?.pages.flatMap((page) => page.conversations) ?? [],
    [list.data],
  );
  const [highlight, setHighlight] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const reply = useRef<ReplyBoxHandle>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const change = (patch: Partial<InboxFilterState>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setHighlight(0);
    setChecked(new Set());
  };

  const open = (index: number) => {
    const conversation = conversations[index];
    if (!conversation) return;
    setHighlight(index);
    setOpenId(conversation.id);
    if (canChange && conversation.unread) update.mutate({ id: conversation.id, patch: { read: true } });
  };

  // "e" and the Done button: the conversation leaves the list and the reading pane.
  const markDone = (id: string | undefined) => {
    if (!id || !canChange) return;
    update.mutate({ id, patch: { done: true } });
    if (id === openId) setOpenId(null);
  };

  // The highlighted row (moved by j/k) stays in view.
  useEffect(() => {
    listRef.current?.children[highlight]?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);

  useInboxKeys({
    next: () => setHighlight((i) => Math.min(i + 1, Math.max(conversations.length - 1, 0))),
    previous: () => setHighlight((i) => Math.max(i - 1, 0)),
    open: () => open(highlight),
    done: () => markDone(openId ?? conversations[highlight]?.id),
    reply: () => {
      if (!canChange) return;
      if (!openId) open(highlight);
      requestAnimationFrame(() => reply.current?.focus());
    },
    status: (index) => {
      const id = openId ?? conversations[highlight]?.id;
      const status = LEAD_STATUSES[index];
      if (canChange && id && status) update.mutate({ id, patch: { leadStatus: status } });
    },
  });

  const setBulkStatus = (leadStatus: LeadStatus | null) =>
    bulk.mutate({ conversationIds: [...checked], leadStatus }, { onSuccess: () => setChecked(new Set()) });
  const tab = TABS.find((t) => t.value === filters.tab)!;

  return (
    <div className="mx-auto w-full max-w-[1600px] space-y-4 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Inbox"
        subtitle="Every reply from every mailbox. Answer from here; each lead is sorted by what they said."
      />
      <Tabs value={filters.tab} onValueChange={(value) => change({ tab: value as InboxTab })}>
        <TabsList aria-label="Kind of mail">
          {TABS.map((item) => (
            // The tabs filter the one list of conversations, which is their panel.
            <TabsTrigger key={item.value} value={item.value} aria-controls="inbox-conversations">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <InboxFilters
        filters={filters}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setHighlight(0);
        }}
        onChange={change}
        labels={labels}
      />
      <div className="@container">
        <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-[minmax(280px,340px)_minmax(0,1fr)]">
          <section id="inbox-conversations" aria-label="Conversations" className="min-w-0 rounded-xl border">
            {canChange && checked.size > 0 && (
              <div className="flex items-center justify-between gap-2 border-b bg-muted/50 px-3 py-2 text-sm">
                <span>{checked.size} selected</span>
                <LeadStatusMenu
                  status={null}
                  labels={labels}
                  onChange={setBulkStatus}
                  disabled={bulk.isPending}
                />
              </div>
            )}
            {list.isPending && (
              <div className="p-4">
                <Spinner />
              </div>
            )}
            {list.isError && (
              <p className="p-4 text-destructive text-sm">Failed to load the conversations.</p>
            )}
            {list.data && conversations.length === 0 && (
              <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
                <InboxIcon className="size-6 text-muted-foreground" aria-hidden />
                <p className="font-medium">
                  {q || filters.status || filters.unread || filters.mailboxId || filters.sequenceId
                    ? 'No conversations match'
                    : 'No conversations yet'}
                </p>
                <p className="max-w-xs text-muted-foreground text-sm">{tab.empty}</p>
              </div>
            )}
            {conversations.length > 0 && (
              <ol
                ref={listRef}
                className="max-h-[70vh] overflow-auto"
                aria-label={`${tab.label} conversations`}
              >
                {conversations.map((conversation, index) => (
                  <ConversationRow
                    key={conversation.id}
                    conversation={conversation}
                    labels={labels}
                    highlighted={index === highlight}
                    open={conversation.id === openId}
                    checked={checked.has(conversation.id)}
                    onCheck={
                      canChange
                        ? (value) =>
                            setChecked((current) => {
                              const next = new Set(current);
                              if (value) next.add(conversation.id);
                              else next.delete(conversation.id);
                              return next;
                            })
                        : undefined
                    }
                    onOpen={() => open(index)}
                  />
                ))}
              </ol>
            )}
            {list.hasNextPage && (
              <div className="border-t p-2 text-center">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </section>
          {(openId || conversations.length > 0) && (
            <div className="@container min-w-0 rounded-xl border p-4">
              <ConversationPane ref={reply} id={openId} labels={labels} onDone={markDone} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
