import { EMAIL_LISTS_PAGE_SIZE, TEXT_LIMITS } from '@prospector/contracts';
import { ContactIcon, FactoryIcon, ListIcon, PlusIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { PageHeader } from '@/pages/page-header';
import { pageCount } from '../contacts/page-numbers';
import { Pagination } from '../contacts/pagination';
import { StatCard } from '../contacts/stat-card';
import { EmailListCard } from './email-list-card';
import { EmailListFormDialog } from './email-list-form-dialog';
import { useCreatePersona, usePersonas } from './email-list-queries';
import { matchesSearch } from './match-search';

/** /personas: stats, search, cards (10 a page) and the create dialog, which opens the new list. */
export function EmailListsView() {
  const navigate = useNavigate();
  const lists = usePersonas();
  const canChange = useCan('member');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const create = useCreatePersona((persona) => navigate(`/personas/${persona.id}`));

  const all = lists.data ?? [];
  const found = useMemo(() => all.filter((p) => matchesSearch(p, search)), [all, search]);
  const pages = pageCount(found.length, EMAIL_LISTS_PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * EMAIL_LISTS_PAGE_SIZE, current * EMAIL_LISTS_PAGE_SIZE);
  const contacts = all.reduce((sum, p) => sum + p.contactCount, 0);
  const industries = new Set(all.map((p) => p.industry.trim().toLowerCase())).size;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Email Lists"
        subtitle="Organize your contacts into targeted email lists"
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/contacts">
                <ContactIcon /> All Contacts
              </Link>
            </Button>
            {canChange && (
              <Button onClick={() => setCreating(true)}>
                <PlusIcon /> Create Email List
              </Button>
            )}
          </>
        }
      />
      <section aria-label="Email list stats" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Email Lists" value={all.length} icon={ListIcon} />
        <StatCard label="Contacts in Lists" value={contacts} icon={UsersIcon} />
        <StatCard label="Industries" value={industries} icon={FactoryIcon} />
      </section>
      <div className="relative max-w-lg">
        <SearchIcon className="absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden />
        <Input
          aria-label="Search email lists"
          placeholder="Search by name, industry, job title, location…"
          title="Searches name, industry, job title, location and description"
          className="pl-9"
          maxLength={TEXT_LIMITS.searchText}
          counter={false}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {lists.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading email lists" />
        </div>
      ) : lists.isError ? (
        <p className="text-destructive text-sm">Failed to fetch email lists</p>
      ) : shown.length === 0 ? (
        <EmptyLists searching={all.length > 0} onCreate={canChange ? () => setCreating(true) : undefined} />
      ) : (
        <section
          aria-label="Email lists"
          className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4"
        >
          {shown.map((persona) => (
            <EmailListCard key={persona.id} persona={persona} />
          ))}
        </section>
      )}
      <Pagination page={current} pages={pages} onPageChange={setPage} label="Email list pages" />
      <EmailListFormDialog
        open={canChange && creating}
        onOpenChange={setCreating}
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input)}
      />
    </div>
  );
}

function EmptyLists({ searching, onCreate }: { searching: boolean; onCreate?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <ListIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{searching ? 'No email lists match your search' : 'No email lists yet'}</p>
      {!searching && onCreate && (
        <>
          <p className="max-w-sm text-muted-foreground text-sm">
            Create a list for an audience, then add contacts by hand or import them from a CSV file.
          </p>
          <Button variant="outline" onClick={onCreate}>
            <PlusIcon /> Create Email List
          </Button>
        </>
      )}
    </div>
  );
}
