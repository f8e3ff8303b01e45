import { ChevronsUpDownIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { cn, initials } from '@/lib/utils';
import { CreateWorkspaceDialog } from './create-workspace-dialog';
import { ROLE_LABELS } from './roles';
import { useWorkspaces } from './use-workspaces';
import { useSwitchWorkspace } from './workspace-mutations';

function WorkspaceMark({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-md border bg-background font-semibold text-xs',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

/**
 * The sidebar's workspace switcher: the current workspace's name; its menu lists the person's workspaces
 * with their role there, creates one, and leads to Team settings.
 */
export function WorkspaceSwitcher({ collapsed = false }: { collapsed?: boolean }) {
  const { data: workspaces, isPending } = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  const current = workspaces?.find((w) => w.current);

  if (isPending || !current || !workspaces) {
    return <Skeleton aria-hidden className={cn('h-11', collapsed ? 'mx-auto w-11' : 'w-full')} />;
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          data-testid="workspace-switcher"
          className={cn(
            'flex w-full cursor-pointer items-center gap-2 rounded-md text-left outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50 data-[state=open]:bg-sidebar-accent',
            collapsed ? 'justify-center p-1.5' : 'p-1.5',
          )}
        >
          <span className="sr-only">Workspace: </span>
          <WorkspaceMark name={current.name} />
          {collapsed ? (
            <span className="sr-only">{current.name}</span>
          ) : (
            <>
              <span className="min-w-0 flex-1 truncate font-medium text-sm">{current.name}</span>
              <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side={collapsed ? 'right' : 'bottom'}
          align="start"
          sideOffset={collapsed ? 8 : 4}
          className="w-(--radix-dropdown-menu-trigger-width) min-w-64 max-w-[calc(100vw-2rem)]"
        >
          <DropdownMenuLabel className="font-normal text-muted-foreground text-xs">
            Workspaces
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={current.id}
            onValueChange={(id) => {
              if (id !== current.id) switchTo.mutate(id);
            }}
          >
            {workspaces.map((workspace) => (
              <DropdownMenuRadioItem
                key={workspace.id}
                value={workspace.id}
                disabled={switchTo.isPending}
                className="gap-2"
              >
                <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
                <span className="shrink-0 text-muted-foreground text-xs">{ROLE_LABELS[workspace.role]}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            Create workspace
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/settings/team">
              <UsersIcon aria-hidden />
              Team settings
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
